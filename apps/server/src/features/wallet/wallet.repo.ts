import {
  accounts,
  and,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  sql,
  walletInvoices,
  walletRewards,
  type Db,
} from '@switchboard/db';

export type WalletInvoiceRow = typeof walletInvoices.$inferSelect;
export type WalletRewardRow = typeof walletRewards.$inferSelect;

/** A live (not deleted, enabled) account by its username, the slug of its payment link. */
export async function findAccountByUsername(
  db: Db,
  username: string,
): Promise<{ id: number; name: string | null; username: string } | null> {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, username: accounts.username })
    .from(accounts)
    .where(and(eq(accounts.username, username), isNull(accounts.deletedAt), eq(accounts.enabled, true)));
  return row ?? null;
}

export async function findAccountName(db: Db, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: accounts.name, username: accounts.username })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ? (row.name ?? row.username) : null;
}

/**
 * Cancels the account's pending invoice and inserts the new one in one transaction (one pending per account,
 * the partial unique index holds it under concurrency).
 */
export async function replacePendingInvoice(
  db: Db,
  values: Omit<typeof walletInvoices.$inferInsert, 'id' | 'status' | 'createdAt' | 'paidAt'>,
): Promise<WalletInvoiceRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(walletInvoices)
      .set({ status: 'cancelled' })
      .where(and(eq(walletInvoices.accountId, values.accountId), eq(walletInvoices.status, 'pending')));
    const [row] = await tx.insert(walletInvoices).values(values).returning();
    if (!row) throw new Error('the invoice was not stored');
    return row;
  });
}

/** The newest invoice of the account that is pending, or paid within the last day (the paid state stays shown). */
export async function findCurrentInvoice(db: Db, accountId: number): Promise<WalletInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(walletInvoices)
    .where(
      and(
        eq(walletInvoices.accountId, accountId),
        ne(walletInvoices.status, 'cancelled'),
        ne(walletInvoices.status, 'expired'),
        gte(walletInvoices.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(desc(walletInvoices.createdAt), desc(walletInvoices.id))
    .limit(1);
  return row ?? null;
}

export async function findInvoiceByHash(db: Db, paymentHash: string): Promise<WalletInvoiceRow | null> {
  const [row] = await db.select().from(walletInvoices).where(eq(walletInvoices.paymentHash, paymentHash));
  return row ?? null;
}

export async function cancelPendingInvoice(db: Db, accountId: number): Promise<boolean> {
  const rows = await db
    .update(walletInvoices)
    .set({ status: 'cancelled' })
    .where(and(eq(walletInvoices.accountId, accountId), eq(walletInvoices.status, 'pending')))
    .returning({ id: walletInvoices.id });
  return rows.length > 0;
}

/** Marks the invoice paid (after the ledger credited it); a second call changes nothing. */
export async function markInvoicePaid(db: Db, id: number): Promise<WalletInvoiceRow | null> {
  await db
    .update(walletInvoices)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(walletInvoices.id, id), ne(walletInvoices.status, 'paid')));
  const [row] = await db.select().from(walletInvoices).where(eq(walletInvoices.id, id));
  return row ?? null;
}

export async function listUnclaimedRewards(
  db: Db,
  accountId: number,
  rewardId?: number,
): Promise<WalletRewardRow[]> {
  return db
    .select()
    .from(walletRewards)
    .where(
      and(
        eq(walletRewards.accountId, accountId),
        isNull(walletRewards.claimedAt),
        ...(rewardId === undefined ? [] : [eq(walletRewards.id, rewardId)]),
      ),
    )
    .orderBy(walletRewards.id);
}

export async function markRewardsClaimed(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(walletRewards)
    .set({ claimedAt: new Date() })
    .where(and(inArray(walletRewards.id, ids), isNull(walletRewards.claimedAt)));
}

/** Records a reward the account may claim (referrals and promotions grant them). */
export async function grantReward(
  db: Db,
  values: { accountId: number; amountUnits: bigint; reason: string; metadata?: Record<string, unknown> },
): Promise<WalletRewardRow> {
  const [row] = await db.insert(walletRewards).values(values).returning();
  if (!row) throw new Error('the reward was not stored');
  return row;
}

/** A provider's pending invoices, oldest first: what the background settlement asks the node about. */
export async function listPendingInvoices(db: Db, provider: string): Promise<WalletInvoiceRow[]> {
  return db
    .select()
    .from(walletInvoices)
    .where(and(eq(walletInvoices.status, 'pending'), eq(walletInvoices.provider, provider)))
    .orderBy(walletInvoices.id);
}

/** A pending invoice the node no longer takes payment for; a paid or cancelled one is left as it is. */
export async function expireInvoice(db: Db, id: number): Promise<void> {
  await db
    .update(walletInvoices)
    .set({ status: 'expired' })
    .where(and(eq(walletInvoices.id, id), eq(walletInvoices.status, 'pending')));
}
