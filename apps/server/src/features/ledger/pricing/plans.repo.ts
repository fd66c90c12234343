import { accounts, and, eq, isNull, planAssignments, pricePlans, type Db } from '@switchboard/db';
import type { ProductItems, ResolvedPlan } from './catalogue';

/**
 * The plan an account is charged at: its own assignment, else the nearest ancestor's default plan, else the
 * platform's default. Null when there is none: such an account is not charged (an install without a catalogue).
 */
export async function resolvePlan(db: Db, accountId: number): Promise<ResolvedPlan | null> {
  const [own] = await db
    .select({
      id: pricePlans.id,
      name: pricePlans.name,
      ownerAccountId: pricePlans.ownerAccountId,
      productItems: pricePlans.productItems,
    })
    .from(planAssignments)
    .innerJoin(pricePlans, eq(pricePlans.id, planAssignments.planId))
    .where(eq(planAssignments.accountId, accountId));
  if (own) return { ...own, productItems: own.productItems as unknown as ProductItems, source: 'own' };
  let parentId = (await parentOf(db, accountId)) ?? null;
  for (let depth = 0; parentId !== null && depth < 8; depth += 1) {
    const [inherited] = await db
      .select({
        id: pricePlans.id,
        name: pricePlans.name,
        ownerAccountId: pricePlans.ownerAccountId,
        productItems: pricePlans.productItems,
      })
      .from(pricePlans)
      .where(and(eq(pricePlans.ownerAccountId, parentId), eq(pricePlans.isDefault, true)));
    if (inherited)
      return {
        ...inherited,
        productItems: inherited.productItems as unknown as ProductItems,
        source: 'inherited',
      };
    parentId = await parentOf(db, parentId);
  }
  const [platform] = await db
    .select({
      id: pricePlans.id,
      name: pricePlans.name,
      ownerAccountId: pricePlans.ownerAccountId,
      productItems: pricePlans.productItems,
    })
    .from(pricePlans)
    .where(and(isNull(pricePlans.ownerAccountId), eq(pricePlans.isDefault, true)));
  return platform
    ? { ...platform, productItems: platform.productItems as unknown as ProductItems, source: 'platform' }
    : null;
}

async function parentOf(db: Db, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ parentId: accounts.parentId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.parentId ?? null;
}
