import { accounts, agentTemplates, and, asc, eq, inArray, isNull, or, sql, type Db } from '@switchboard/db';

export type TemplateRow = typeof agentTemplates.$inferSelect;
export type NewTemplate = typeof agentTemplates.$inferInsert;

// Id only: templates are shared (built-in ones have no owner, an owner's tree reads its templates), so who may
// read one is decided by the template tenant check and the service; writes filter by the owner.
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

const ownedTemplate = (target: { id: string; ownerAccountId: number }) =>
  and(eq(agentTemplates.id, target.id), eq(agentTemplates.ownerAccountId, target.ownerAccountId));

export async function updateTemplate(
  db: Db,
  target: { id: string; ownerAccountId: number },
  values: Partial<Omit<NewTemplate, 'id' | 'ownerAccountId' | 'createdAt'>>,
): Promise<TemplateRow | null> {
  const [row] = await db
    .update(agentTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ownedTemplate(target))
    .returning();
  return row ?? null;
}

export async function deleteTemplateRow(
  db: Db,
  target: { id: string; ownerAccountId: number },
): Promise<boolean> {
  const rows = await db
    .delete(agentTemplates)
    .where(ownedTemplate(target))
    .returning({ id: agentTemplates.id });
  return rows.length > 0;
}
