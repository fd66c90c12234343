import {
  and,
  asc,
  desc,
  eq,
  inArray,
  lt,
  payoutConnectedAccounts,
  payouts,
  queryRows,
  sql,
  type Db,
} from '@switchboard/db';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = Omit<typeof payouts.$inferInsert, 'status' | 'createdAt' | 'resolvedAt'>;

export async function insertPayout(db: Db, values: NewPayout): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(values).returning();
  if (!row) throw new Error('The payout row was not written');
  return row;
}

export async function findPayoutByKey(db: Db, idempotencyKey: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function findPayoutByRef(db: Db, providerRef: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.providerRef, providerRef), inArray(payouts.channel, ['paypal', 'venmo'])));
  return row ?? null;
}

export async function listPayouts(db: Db, accountId: number, limit = 25): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.accountId, accountId))
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
}

export async function pendingPayouts(db: Db, accountId: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.accountId, accountId), eq(payouts.status, 'pending')));
}

/** Every account's payouts still pending that were started before `startedBefore`, oldest first. */
export async function stalePendingPayouts(db: Db, startedBefore: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, startedBefore)))
    .orderBy(asc(payouts.createdAt))
    .limit(limit);
}

/** Moves a payout out of `from` once: null when another request moved it first. */
export async function settlePayout(
  db: Db,
  id: string,
  from: PayoutRow['status'],
  to: PayoutRow['status'],
  change: { failureReason?: string | null; providerRef?: string | null; details?: Record<string, unknown> },
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({
      status: to,
      resolvedAt: new Date(),
      ...(change.failureReason !== undefined && { failureReason: change.failureReason }),
      ...(change.providerRef && { providerRef: change.providerRef }),
      ...(change.details && { details: sql`${payouts.details} || ${JSON.stringify(change.details)}::jsonb` }),
    })
    .where(and(eq(payouts.id, id), eq(payouts.status, from)))
    .returning();
  return row ?? null;
}

/** Notes what the provider said about a payout that is still pending (its reference, its progress). */
export async function notePending(
  db: Db,
  id: string,
  change: { providerRef?: string | null; details: Record<string, unknown> },
): Promise<void> {
  await db
    .update(payouts)
    .set({
      ...(change.providerRef && { providerRef: change.providerRef }),
      details: sql`${payouts.details} || ${JSON.stringify(change.details)}::jsonb`,
    })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')));
}

/**
 * Card-funded money still inside its hold: what card clearing credited the wallet (top-ups and payments received
 * by card) since the cutoff, and when the oldest of it is released.
 */
export async function cardCreditsSince(
  db: Db,
  accountId: number,
  cutoff: Date,
): Promise<{ units: bigint; oldest: Date | null }> {
  const [row] = await queryRows<{ units: string | null; oldest: Date | string | null }>(
    db,
    sql`SELECT COALESCE(SUM(e.amount), 0)::text AS units, MIN(e.created_at) AS oldest
        FROM ledger_entries e
        JOIN ledger_accounts w ON w.id = e.ledger_account_id AND w.kind = 'wallet' AND w.account_id = ${accountId}
        JOIN ledger_transfers t ON t.id = e.transfer_id
        JOIN ledger_accounts c ON c.id = t.from_ledger_account_id AND c.platform_name = 'card_clearing'
        WHERE e.amount > 0 AND e.created_at > ${cutoff.toISOString()}::timestamptz`,
  );
  const oldest = row?.oldest ?? null;
  return { units: BigInt(row?.units ?? '0'), oldest: oldest === null ? null : new Date(oldest) };
}

export async function findConnectedAccount(db: Db, accountId: number) {
  const [row] = await db
    .select()
    .from(payoutConnectedAccounts)
    .where(eq(payoutConnectedAccounts.accountId, accountId));
  return row ?? null;
}

export async function saveConnectedAccount(
  db: Db,
  values: { accountId: number; stripeAccountId: string; sandbox: boolean },
) {
  await db.insert(payoutConnectedAccounts).values(values).onConflictDoNothing();
  return findConnectedAccount(db, values.accountId);
}
