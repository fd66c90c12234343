import { and, eq, isNull, pricePlans, queryRows, sql, usageCharges, type Db } from '@switchboard/db';

/** The organization's ended billing periods (keys before `newPeriodKey`) with usage not yet settled. */
export async function unsettledPeriodKeys(
  db: Db,
  organizationId: number,
  newPeriodKey: string,
): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT DISTINCT billing_month AS key FROM usage_charges
        WHERE payer_account_id = ${organizationId} AND billing_month LIKE 'period:%'
          AND billing_month < ${newPeriodKey} AND transfer_id IS NULL
        ORDER BY 1`,
  );
  return rows.map((row) => row.key);
}

/** A period's unsettled usage, summed per usage key and the plan it was rated at. */
export async function periodUsage(
  db: Db,
  organizationId: number,
  periodKey: string,
): Promise<{ usageKey: string; planId: string; used: number }[]> {
  const rows = await queryRows<{ usage_key: string; plan_id: string; used: string }>(
    db,
    sql`SELECT usage_key, plan_id, SUM(quantity)::text AS used FROM usage_charges
        WHERE payer_account_id = ${organizationId} AND billing_month = ${periodKey} AND transfer_id IS NULL
        GROUP BY usage_key, plan_id ORDER BY usage_key`,
  );
  return rows.map((row) => ({ usageKey: row.usage_key, planId: row.plan_id, used: Number(row.used) }));
}

/** A price plan's seller (null: the platform) and items; null when the plan is gone. */
export async function pricePlanOf(
  db: Db,
  planId: string,
): Promise<{
  id: string;
  name: string;
  ownerAccountId: number | null;
  productItems: Record<string, unknown>;
} | null> {
  const [plan] = await db
    .select({
      id: pricePlans.id,
      name: pricePlans.name,
      ownerAccountId: pricePlans.ownerAccountId,
      productItems: pricePlans.productItems,
    })
    .from(pricePlans)
    .where(eq(pricePlans.id, planId));
  return plan ?? null;
}

export async function pricePlanItems(db: Db, planId: string): Promise<Record<string, unknown>> {
  const [plan] = await db
    .select({ productItems: pricePlans.productItems })
    .from(pricePlans)
    .where(eq(pricePlans.id, planId));
  return plan?.productItems ?? {};
}

/** Marks a period's usage settled by the overage debit (or by the nil id when the plan covered all of it). */
export async function markPeriodSettled(
  db: Db,
  organizationId: number,
  periodKey: string,
  transferId: string,
): Promise<void> {
  await db
    .update(usageCharges)
    .set({ transferId })
    .where(
      and(
        eq(usageCharges.payerAccountId, organizationId),
        eq(usageCharges.billingMonth, periodKey),
        isNull(usageCharges.transferId),
      ),
    );
}
