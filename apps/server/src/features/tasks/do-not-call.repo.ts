import { and, desc, doNotCall, eq, inArray, sql, type Db } from '@switchboard/db';

export type DoNotCallRow = typeof doNotCall.$inferSelect;

export async function listDoNotCallRows(
  db: Db,
  query: { organizationId: number; limit: number; offset: number; digits?: string | undefined },
): Promise<{ rows: DoNotCallRow[]; total: number }> {
  const where = and(
    eq(doNotCall.organizationId, query.organizationId),
    query.digits ? sql`${doNotCall.phoneNumber} LIKE ${`%${query.digits}%`}` : undefined,
  );
  const rows = await db
    .select()
    .from(doNotCall)
    .where(where)
    .orderBy(desc(doNotCall.createdAt), desc(doNotCall.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db
    .select({ total: sql<string>`count(*)` })
    .from(doNotCall)
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

/**
 * Lists the numbers (E.164, no duplicates) in one statement; the ones already listed keep their entry. Answers
 * the rows added.
 */
export async function insertDoNotCallRows(
  db: Db,
  organizationId: number,
  phoneNumbers: readonly string[],
  reason: string | null,
): Promise<DoNotCallRow[]> {
  if (phoneNumbers.length === 0) return [];
  return db
    .insert(doNotCall)
    .values(phoneNumbers.map((phoneNumber) => ({ organizationId, phoneNumber, reason })))
    .onConflictDoNothing()
    .returning();
}

export async function findListedNumbers(
  db: Db,
  organizationId: number,
  phoneNumbers: readonly string[],
): Promise<string[]> {
  if (phoneNumbers.length === 0) return [];
  const rows = await db
    .select({ phoneNumber: doNotCall.phoneNumber })
    .from(doNotCall)
    .where(
      and(eq(doNotCall.organizationId, organizationId), inArray(doNotCall.phoneNumber, [...phoneNumbers])),
    );
  return rows.map((row) => row.phoneNumber);
}

export async function deleteDoNotCallRow(db: Db, id: number): Promise<DoNotCallRow | null> {
  const [row] = await db.delete(doNotCall).where(eq(doNotCall.id, id)).returning();
  return row ?? null;
}

// Id only: the tenant check asks which organization owns an entry before any account is trusted.
export async function findDoNotCallOwner(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ organizationId: doNotCall.organizationId })
    .from(doNotCall)
    .where(eq(doNotCall.id, id));
  return row?.organizationId ?? null;
}
