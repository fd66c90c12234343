import { accounts, agentTemplates, asc, eq, inArray, isNull, or, sql, type Db } from '@switchboard/db';

export type TemplateRow = typeof agentTemplates.$inferSelect;
export type NewTemplate = typeof agentTemplates.$inferInsert;

export async function findTemplate(db: Db, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(agentTemplates).where(eq(agentTemplates.id, id));
  return row ?? null;
}

/**
 * The templates an account may be offered: built-in ones, those of the account itself and its ancestors, and
 * those owned by accounts under it (a partner sees its resellers' templates).
 */
export async function listTemplatesFor(
  db: Db,
  account: { id: number; resellerId: number | null; partnerId: number | null },
): Promise<TemplateRow[]> {
  const ancestors = [account.id, account.resellerId, account.partnerId].filter(
    (id): id is number => id !== null,
  );
  const descendants = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(eq(accounts.resellerId, account.id), eq(accounts.partnerId, account.id)));
  return db
    .select()
    .from(agentTemplates)
    .where(
      or(
        isNull(agentTemplates.ownerAccountId),
        inArray(agentTemplates.ownerAccountId, ancestors),
        inArray(agentTemplates.ownerAccountId, descendants),
      ),
    )
    .orderBy(sql`${agentTemplates.ownerAccountId} IS NULL`, asc(agentTemplates.name), asc(agentTemplates.id));
}

export async function insertTemplate(db: Db, values: NewTemplate): Promise<TemplateRow> {
  const [row] = await db.insert(agentTemplates).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateTemplate(
  db: Db,
  id: string,
  values: Partial<Omit<NewTemplate, 'id' | 'ownerAccountId' | 'createdAt'>>,
): Promise<TemplateRow | null> {
  const [row] = await db
    .update(agentTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(agentTemplates.id, id))
    .returning();
  return row ?? null;
}

export async function deleteTemplateRow(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(agentTemplates)
    .where(eq(agentTemplates.id, id))
    .returning({ id: agentTemplates.id });
  return rows.length > 0;
}
