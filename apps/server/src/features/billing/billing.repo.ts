import {
  accounts,
  and,
  billingEvents,
  desc,
  eq,
  inArray,
  or,
  organizationBilling,
  planAssignments,
  pricePlans,
  sql,
  subscriptionInvoices,
  type Db,
} from '@switchboard/db';

export type OrganizationBillingRow = typeof organizationBilling.$inferSelect;
export type BillingChange = Partial<Omit<typeof organizationBilling.$inferInsert, 'accountId'>>;
export type InvoiceInsert = typeof subscriptionInvoices.$inferInsert;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

/** What applying one provider event decided: the billing data's change, an invoice to record, and why. */
export interface EventDecision {
  change: BillingChange | null;
  invoice: InvoiceInsert | null;
  outcome: string;
}

export async function findBilling(db: Db, accountId: number): Promise<OrganizationBillingRow | null> {
  const [row] = await db
    .select()
    .from(organizationBilling)
    .where(eq(organizationBilling.accountId, accountId));
  return row ?? null;
}

/** The organization a provider's subscription or customer id belongs to, as recorded. */
export async function findBillingAccountByProviderIds(
  db: Db,
  ids: { subscriptionId: string | null; customerId: string | null },
): Promise<number | null> {
  const conditions = [
    ...(ids.subscriptionId ? [eq(organizationBilling.subscriptionId, ids.subscriptionId)] : []),
    ...(ids.customerId ? [eq(organizationBilling.customerId, ids.customerId)] : []),
  ];
  if (conditions.length === 0) return null;
  const [row] = await db
    .select({ accountId: organizationBilling.accountId })
    .from(organizationBilling)
    .where(or(...conditions));
  return row?.accountId ?? null;
}

/** Writes part of an organization's billing data (the row is made on first use). */
export async function updateBilling(db: Db, accountId: number, change: BillingChange): Promise<void> {
  await db
    .insert(organizationBilling)
    .values({ accountId, ...change, updatedAt: new Date() })
    .onConflictDoUpdate({ target: organizationBilling.accountId, set: { ...change, updatedAt: new Date() } });
}

/**
 * Applies a provider event once: the event id is recorded first (a replay stops there), the organization's
 * billing row is locked, `decide` computes the change from the row as it is, and the change, the invoice and the
 * premium flag and price plan that follow the subscription are written in the same transaction.
 */
export async function applyEventOnce(
  db: Db,
  event: { id: string; type: string },
  accountId: number | null,
  decide: (row: OrganizationBillingRow) => Promise<EventDecision> | EventDecision,
  entitlements: (row: OrganizationBillingRow, tx: Db) => Promise<{ premium: boolean; planId: string | null }>,
): Promise<{ replayed: boolean; outcome: string }> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, accountId, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) {
      const [seen] = await tx
        .select({ outcome: billingEvents.outcome })
        .from(billingEvents)
        .where(eq(billingEvents.id, event.id));
      return { replayed: true, outcome: seen?.outcome ?? 'received' };
    }
    if (accountId === null) {
      await tx.update(billingEvents).set({ outcome: 'unmatched' }).where(eq(billingEvents.id, event.id));
      return { replayed: false, outcome: 'unmatched' };
    }
    await tx.insert(organizationBilling).values({ accountId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(organizationBilling)
      .where(eq(organizationBilling.accountId, accountId))
      .for('update');
    if (!row) throw new Error('the billing row vanished under its lock');
    const decision = await decide(row);
    if (decision.invoice) {
      const invoice = decision.invoice;
      await tx
        .insert(subscriptionInvoices)
        .values(invoice)
        .onConflictDoUpdate({
          target: subscriptionInvoices.id,
          set: {
            status: invoice.status,
            attemptCount: invoice.attemptCount,
            amountCents: invoice.amountCents,
            eventAt: invoice.eventAt,
          },
          // An older report of the same invoice never overwrites a newer one.
          setWhere: sql`${subscriptionInvoices.eventAt} <= ${invoice.eventAt}`,
        });
    }
    if (decision.change) {
      await tx
        .update(organizationBilling)
        .set({ ...decision.change, updatedAt: new Date() })
        .where(eq(organizationBilling.accountId, accountId));
      const [after] = await tx
        .select()
        .from(organizationBilling)
        .where(eq(organizationBilling.accountId, accountId));
      if (after) await syncEntitlements(tx, accountId, await entitlements(after, tx));
    }
    await tx.update(billingEvents).set({ outcome: decision.outcome }).where(eq(billingEvents.id, event.id));
    return { replayed: false, outcome: decision.outcome };
  });
}

/**
 * Premium follows the subscription: the organization and its agent accounts (the inbox's compose checks the
 * agent's flag). A live subscription also puts the organization on its plan's usage prices.
 */
export async function syncEntitlements(
  db: Db,
  organizationId: number,
  entitlements: { premium: boolean; planId: string | null },
): Promise<void> {
  await db
    .update(accounts)
    .set({ vidaPremium: entitlements.premium })
    .where(
      and(
        or(eq(accounts.id, organizationId), eq(accounts.organizationId, organizationId)),
        inArray(accounts.accountType, ['organization', 'agent']),
      ),
    );
  if (entitlements.planId === null) return;
  const [pricePlan] = await db
    .select({ id: pricePlans.id })
    .from(pricePlans)
    .where(eq(pricePlans.id, entitlements.planId));
  if (!pricePlan) return;
  await db
    .insert(planAssignments)
    .values({ accountId: organizationId, planId: pricePlan.id })
    .onConflictDoUpdate({
      target: planAssignments.accountId,
      set: { planId: pricePlan.id, assignedAt: new Date() },
    });
}

export async function listInvoices(db: Db, accountId: number, limit = 24): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.accountId, accountId))
    .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.eventAt))
    .limit(limit);
}

/** The billing status of the organization an account belongs to (its own, for an organization). */
export async function organizationStatusOf(
  db: Db,
  accountId: number,
): Promise<{ organizationId: number; status: string } | null> {
  const [row] = await db
    .select({ organizationId: organizationBilling.accountId, status: organizationBilling.status })
    .from(accounts)
    .innerJoin(
      organizationBilling,
      eq(organizationBilling.accountId, sql`coalesce(${accounts.organizationId}, ${accounts.id})`),
    )
    .where(eq(accounts.id, accountId));
  return row ?? null;
}
