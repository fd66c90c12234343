import { and, eq, gte, sql, supportRequests, type Db } from '@switchboard/db';

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function countRecentSupportRequests(db: Db, accountId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(supportRequests)
    .where(and(eq(supportRequests.accountId, accountId), gte(supportRequests.createdAt, since)));
  return row?.count ?? 0;
}

export async function insertSupportRequest(
  db: Db,
  values: typeof supportRequests.$inferInsert,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(values).returning();
  if (!row) throw new Error('could not record the support request');
  return row;
}
