import {
  accounts,
  and,
  desc,
  eq,
  gte,
  isNull,
  payPagePayments,
  publicPageViews,
  sql,
  type Db,
} from '@switchboard/db';

export type PayPagePaymentRow = typeof payPagePayments.$inferSelect;

export interface Payee {
  id: number;
  username: string;
  name: string | null;
  accountType: (typeof accounts.$inferSelect)['accountType'];
  email: string | null;
  profileImage: string | null;
  details: Record<string, unknown>;
  vidaPhoneNumber: string | null;
}

/** The enabled, undeleted account whose username is the slug. */
export async function findPayee(db: Db, slug: string): Promise<Payee | null> {
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      accountType: accounts.accountType,
      email: accounts.email,
      profileImage: accounts.profileImage,
      details: accounts.details,
      vidaPhoneNumber: accounts.vidaPhoneNumber,
    })
    .from(accounts)
    .where(
      and(eq(accounts.username, slug.toLowerCase()), isNull(accounts.deletedAt), eq(accounts.enabled, true)),
    );
  return row ?? null;
}

export async function insertPayment(
  db: Db,
  values: typeof payPagePayments.$inferInsert,
): Promise<PayPagePaymentRow> {
  const [row] = await db.insert(payPagePayments).values(values).returning();
  if (!row) throw new Error('The payment was not recorded');
  return row;
}

export async function findPaymentByHash(db: Db, paymentHash: string) {
  const [row] = await db.select().from(payPagePayments).where(eq(payPagePayments.paymentHash, paymentHash));
  return row ?? null;
}

export async function findPaymentBySession(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(payPagePayments)
    .where(eq(payPagePayments.checkoutSessionId, sessionId));
  return row ?? null;
}

/** Pending → paid once; answers the row only to the caller that changed it. */
export async function markPaymentPaid(db: Db, id: number, feeUnits: bigint) {
  const [row] = await db
    .update(payPagePayments)
    .set({ status: 'paid', paidAt: new Date(), feeUnits })
    .where(and(eq(payPagePayments.id, id), eq(payPagePayments.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function markPaymentExpired(db: Db, id: number) {
  await db
    .update(payPagePayments)
    .set({ status: 'expired' })
    .where(and(eq(payPagePayments.id, id), eq(payPagePayments.status, 'pending')));
}

export async function markReceiptSent(db: Db, id: number) {
  await db.update(payPagePayments).set({ receiptSentAt: new Date() }).where(eq(payPagePayments.id, id));
}

export async function listPendingLightningPayments(db: Db) {
  return db
    .select()
    .from(payPagePayments)
    .where(and(eq(payPagePayments.method, 'lightning'), eq(payPagePayments.status, 'pending')));
}

export async function listPaidPayments(db: Db, accountId: number, since: Date) {
  return db
    .select()
    .from(payPagePayments)
    .where(
      and(
        eq(payPagePayments.accountId, accountId),
        eq(payPagePayments.status, 'paid'),
        gte(payPagePayments.paidAt, since),
      ),
    )
    .orderBy(desc(payPagePayments.paidAt))
    .limit(200);
}

/** One more view of a page (or click on a link) today, counted in one statement. */
export async function countView(
  db: Db,
  view: { accountId: number; page: 'profile' | 'pay' | 'link'; target: string },
) {
  const day = new Date().toISOString().slice(0, 10);
  await db
    .insert(publicPageViews)
    .values({ ...view, day, count: 1 })
    .onConflictDoUpdate({
      target: [publicPageViews.accountId, publicPageViews.page, publicPageViews.target, publicPageViews.day],
      set: { count: sql`${publicPageViews.count} + 1` },
    });
}

export async function listViews(db: Db, accountId: number, sinceDay: string) {
  return db
    .select({
      page: publicPageViews.page,
      target: publicPageViews.target,
      day: publicPageViews.day,
      count: publicPageViews.count,
    })
    .from(publicPageViews)
    .where(and(eq(publicPageViews.accountId, accountId), gte(publicPageViews.day, sinceDay)));
}

export async function findUsername(db: Db, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: accounts.username })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.username ?? null;
}
