import { usdToUnits } from '../units';
import type { PriceTier } from './catalogue';

/** The tier that prices unit number `unit` (1-based in the month): the one containing it, else the last tier. */
export function tierFor(tiers: readonly PriceTier[], unit: number): PriceTier {
  const containing = tiers.find(
    (tier) => unit >= tier.quantityMin && (tier.quantityMax === null || unit <= tier.quantityMax),
  );
  const last = tiers.at(-1);
  if (!last) throw new Error('A product item without tiers cannot be rated');
  return containing ?? last;
}

/**
 * The price in units of `quantity` more units when `used` were already used this month: unit used + i is priced
 * at the tier containing it (spec part 2 §9: the tier whose range contains used + 1, falling back to the last).
 * Walks tier ranges rather than single units, so a million tokens cost a handful of steps.
 */
export function priceUnits(tiers: readonly PriceTier[], used: number, quantity: number): bigint {
  if (!Number.isSafeInteger(used) || used < 0 || !Number.isSafeInteger(quantity) || quantity < 0) {
    throw new Error('used and quantity must be whole numbers, 0 or more');
  }
  let total = 0n;
  let unit = used + 1;
  const lastUnit = used + quantity;
  while (unit <= lastUnit) {
    const tier = tierFor(tiers, unit);
    const inTier = unit >= tier.quantityMin && (tier.quantityMax === null || unit <= tier.quantityMax);
    // Inside a tier the run ends at its max; in a gap (priced at the last tier) it ends before the next tier starts.
    const nextStart = tiers.find((candidate) => candidate.quantityMin > unit)?.quantityMin ?? Infinity;
    const runEnd = Math.min(lastUnit, inTier ? (tier.quantityMax ?? Infinity) : nextStart - 1);
    total += BigInt(runEnd - unit + 1) * usdToUnits(tier.price);
    unit = runEnd + 1;
  }
  return total;
}

/**
 * The price of `quantity` more units when `used` were already used in the period and the first `included` units
 * of the period are covered by the subscription: the covered ones are free, the rest priced by `priceUnits`.
 */
export function priceBeyondIncluded(
  tiers: readonly PriceTier[],
  included: number,
  used: number,
  quantity: number,
): bigint {
  const free = Math.min(quantity, Math.max(0, included - used));
  return priceUnits(tiers, used + free, quantity - free);
}
