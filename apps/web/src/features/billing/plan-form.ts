import type { ProductPlanView } from '@switchboard/contract';

/** One tier as the form holds it: its upper bound ('' on the last, open-ended tier) and USD per unit. */
export interface TierDraft {
  upTo: number | '';
  price: string;
}

export interface ItemDraft {
  type: string;
  unit: string;
  included: number | '';
  tiers: TierDraft[];
}

export interface PlanDraft {
  name: string;
  description: string;
  monthlyUsd: number | '';
  yearlyUsd: number | '';
  premium: boolean;
  visibility: 'public' | 'private';
  features: string;
  items: Record<string, ItemDraft>;
}

export function draftOf(plan: ProductPlanView): PlanDraft {
  return {
    name: plan.name,
    description: plan.description,
    monthlyUsd: plan.prices.month.amountCents / 100,
    yearlyUsd: plan.prices.year.amountCents / 100,
    premium: plan.premium,
    visibility: plan.visibility,
    features: plan.features.join('\n'),
    items: Object.fromEntries(
      Object.entries(plan.productItems).map(([key, item]) => [
        key,
        {
          type: item.type,
          unit: item.unit,
          included: item.included ?? 0,
          tiers: item.pricing.map((tier) => ({ upTo: tier.quantityMax ?? '', price: tier.price })),
        },
      ]),
    ),
  };
}

/** Where each tier starts: 1, then one past the tier before it. */
export function tierStarts(tiers: readonly TierDraft[]): number[] {
  const starts: number[] = [];
  let next = 1;
  for (const tier of tiers) {
    starts.push(next);
    next = tier.upTo === '' ? next : tier.upTo + 1;
  }
  return starts;
}

/** Cents from a USD figure as typed (NaN when empty, so the server names the field). */
const cents = (usd: number | '') => (usd === '' ? Number.NaN : Math.round(usd * 100));

/**
 * The plan's fields as the plan editing API takes them; tiers follow each other from 1 and the last is open-ended.
 * What is wrong is left for the server to name.
 */
export function bodyOf(draft: PlanDraft, allowBelowCost: boolean) {
  return {
    name: draft.name,
    description: draft.description,
    monthlyCents: cents(draft.monthlyUsd),
    yearlyCents: cents(draft.yearlyUsd),
    premium: draft.premium,
    visibility: draft.visibility,
    features: draft.features
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0),
    productItems: Object.fromEntries(
      Object.entries(draft.items).map(([key, item]) => {
        const starts = tierStarts(item.tiers);
        return [
          key,
          {
            type: item.type,
            unit: item.unit,
            included: item.included === '' ? 0 : item.included,
            pricing: item.tiers.map((tier, index) => ({
              quantityMin: starts[index] ?? 1,
              quantityMax: index === item.tiers.length - 1 || tier.upTo === '' ? null : tier.upTo,
              price: tier.price.trim(),
            })),
          },
        ];
      }),
    ),
    allowBelowCost,
  };
}
