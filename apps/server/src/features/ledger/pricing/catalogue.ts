import { AppError } from '../../../platform/app-error';
import { usdToUnits } from '../units';

/** A price tier: units numbered from 1 in the billing month; quantityMax null is open-ended. Price in USD per unit. */
export interface PriceTier {
  quantityMin: number;
  quantityMax: number | null;
  price: string;
}

/** A plan's product item: keyed by the usage key (FACTS §9.1), metered usage or a recurring monthly item. */
export interface ProductItem {
  type: 'usage' | 'recurring';
  unit: 'minute' | 'message' | 'token' | 'character' | 'number' | 'agent';
  pricing: PriceTier[];
  /**
   * Units of each billing period the subscription's price covers (0 when absent). Above them is overage, rated
   * with the tiers counted from the period's first unit and charged at the renewal.
   */
  included?: number;
}

export type ProductItems = Record<string, ProductItem>;

export interface ResolvedPlan {
  id: string;
  name: string;
  /** The partner or reseller that sells at these prices; null for the platform's own plan. */
  ownerAccountId: number | null;
  productItems: ProductItems;
  /** How the account came to it: its own assignment, an ancestor's default, or the platform default. */
  source: 'own' | 'inherited' | 'platform';
}

function fail(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

/**
 * Checks a catalogue document: tiers from 1 up without overlaps or gaps, only the last open-ended, prices USD
 * amounts of 0 or more exact in units. A refusal names the usage key and the tier.
 */
export function parseProductItems(value: unknown): ProductItems {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('productItems must be an object');
  const items: ProductItems = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!/^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$/.test(key)) fail(`"${key}" is not a usage key`);
    const item = raw as Partial<ProductItem>;
    if (item.type !== 'usage' && item.type !== 'recurring') fail(`${key}: type must be usage or recurring`);
    if (!Array.isArray(item.pricing) || item.pricing.length === 0)
      fail(`${key}: pricing needs at least one tier`);
    let previousMax: number | null = 0;
    item.pricing.forEach((tier, index) => {
      const name = `${key} tier ${String(index + 1)}`;
      if (!Number.isSafeInteger(tier.quantityMin) || tier.quantityMin < 1)
        fail(`${name}: quantityMin must be a whole number, 1 or more`);
      if (previousMax === null) fail(`${name}: the tier before it is open-ended, so no tier can follow it`);
      if (tier.quantityMin <= previousMax)
        fail(
          `${name}: starts at ${String(tier.quantityMin)}, inside the tier before it (up to ${String(previousMax)})`,
        );
      if (tier.quantityMin > previousMax + 1)
        fail(`${name}: starts at ${String(tier.quantityMin)}, leaving a gap after ${String(previousMax)}`);
      if (
        tier.quantityMax !== null &&
        (!Number.isSafeInteger(tier.quantityMax) || tier.quantityMax < tier.quantityMin)
      ) {
        fail(`${name}: quantityMax must be null (open-ended) or at least quantityMin`);
      }
      if (typeof tier.price !== 'string' || !/^\d{1,12}(\.\d{1,9})?$/.test(tier.price.trim()))
        fail(
          `${name}: price must be a USD amount of 0 or more, like 0.12 (got ${JSON.stringify(tier.price)})`,
        );
      usdToUnits(tier.price);
      previousMax = tier.quantityMax;
    });
    if (item.included !== undefined && (!Number.isSafeInteger(item.included) || item.included < 0))
      fail(`${key}: included must be a whole number, 0 or more`);
    items[key] = {
      type: item.type,
      unit: item.unit ?? 'minute',
      pricing: item.pricing,
      ...(item.included ? { included: item.included } : {}),
    };
  }
  return items;
}
