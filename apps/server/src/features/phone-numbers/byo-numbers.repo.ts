import { and, byoNumberCodes, desc, eq, isNull, sql, type Db } from '@switchboard/db';

export type ByoCodeRow = typeof byoNumberCodes.$inferSelect;

export async function insertByoCode(
  db: Db,
  values: { accountId: number; number: string; codeHash: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(byoNumberCodes).values(values).returning({ id: byoNumberCodes.id });
  if (!row) throw new Error('a code for a brought number was not written');
  return row.id;
}

export async function deleteByoCode(db: Db, id: number): Promise<void> {
  await db.delete(byoNumberCodes).where(eq(byoNumberCodes.id, id));
}

/** The newest code of the account for the number that is not used up, or null. */
export async function latestUnusedByoCode(
  db: Db,
  accountId: number,
  number: string,
): Promise<ByoCodeRow | null> {
  const [row] = await db
    .select()
    .from(byoNumberCodes)
    .where(
      and(
        eq(byoNumberCodes.accountId, accountId),
        eq(byoNumberCodes.number, number),
        isNull(byoNumberCodes.consumedAt),
      ),
    )
    .orderBy(desc(byoNumberCodes.createdAt), desc(byoNumberCodes.id))
    .limit(1);
  return row ?? null;
}

/** Counts a try against an unused code; answers the tries so far, or null when the code was used meanwhile. */
export async function countByoCodeTry(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .update(byoNumberCodes)
    .set({ attempts: sql`${byoNumberCodes.attempts} + 1` })
    .where(and(eq(byoNumberCodes.id, id), isNull(byoNumberCodes.consumedAt)))
    .returning({ attempts: byoNumberCodes.attempts });
  return row?.attempts ?? null;
}

/** Uses a code up; false when it was already used. */
export async function consumeByoCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(byoNumberCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(byoNumberCodes.id, id), isNull(byoNumberCodes.consumedAt)))
    .returning({ id: byoNumberCodes.id });
  return rows.length > 0;
}

/** Makes a used code usable again (the attachment it was used for could not be written). */
export async function restoreByoCode(db: Db, id: number): Promise<void> {
  await db.update(byoNumberCodes).set({ consumedAt: null }).where(eq(byoNumberCodes.id, id));
}
