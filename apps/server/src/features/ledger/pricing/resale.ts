import type { Db } from '../../../platform/database';
import type { ProductItem, ResolvedPlan } from './catalogue';
import { resolvePlan } from './plans.repo';

/** One seller a usage charge passes through: what it pays for the usage at its own (wholesale) price. */
export interface ResaleStep {
  sellerAccountId: number;
  /** The plan the seller buys at, and the usage key it priced. */
  costPlanId: string;
  usageKey: string;
  /** Units the seller pays the next one up (a partner, or the platform). */
  cost: bigint;
}

/** How deep a chain of sellers can be: reseller, partner, and room for one more. */
const maxSellers = 4;

/**
 * The sellers a usage event's charge passes through (decision 048). The payer is charged at a plan its seller owns
 * (retail); that seller pays its own cost, priced at the plan it is charged at (wholesale: set by its partner, or
 * the platform's), to that plan's owner, and so on up to a plan of the platform's. A seller whose own cost is not
 * priced for the usage (no plan resolves for it, or its plan does not price the key) is not set up for resale:
 * the chain stops below it and what it would have received goes to the platform, as before resale existed.
 *
 * `price` rates a product item for this event (the same units, at the same position in the tiers as the payer's
 * charge), so every tier of the chain prices the same usage.
 */
export async function resaleChain(
  db: Db,
  retail: ResolvedPlan,
  usageKeys: readonly string[],
  price: (item: ProductItem) => bigint,
): Promise<ResaleStep[]> {
  const chain: ResaleStep[] = [];
  const seen = new Set<number>();
  let seller = retail.ownerAccountId;
  while (seller !== null && !seen.has(seller) && chain.length < maxSellers) {
    seen.add(seller);
    const costPlan = await resolvePlan(db, seller);
    // A seller charged at its own plan has no cost above it: a misconfiguration read as "not set up".
    if (!costPlan || costPlan.ownerAccountId === seller) break;
    const usageKey = usageKeys.find((key) => costPlan.productItems[key]);
    const item = usageKey === undefined ? undefined : costPlan.productItems[usageKey];
    if (!item || usageKey === undefined) break;
    chain.push({ sellerAccountId: seller, costPlanId: costPlan.id, usageKey, cost: price(item) });
    seller = costPlan.ownerAccountId;
  }
  return chain;
}
