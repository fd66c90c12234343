import { and, desc, eq, gte, supportRequests, type Db } from '@switchboard/db';

export type SupportRequestRow = typeof supportRequests.$inferSelect;

/**
 * The `limit`-th newest support request of the account since `since`: while there is one, the account is at its
 * limit, and a slot frees when this one leaves the window.
 */
export async function findLimitingSupportRequest(
  db: Db,
  accountId: number,
  since: Date,
  limit: number,
): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: supportRequests.createdAt })
    .from(supportRequests)
    .where(and(eq(supportRequests.accountId, accountId), gte(supportRequests.createdAt, since)))
    .orderBy(desc(supportRequests.createdAt))
    .offset(limit - 1)
    .limit(1);
  return row ?? null;
}

export async function insertSupportRequest(
  db: Db,
  values: typeof supportRequests.$inferInsert,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(values).returning();
  if (!row) throw new Error('could not record the support request');
  return row;
}
