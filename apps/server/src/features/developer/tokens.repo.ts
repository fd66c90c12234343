import { accounts, and, apiTokens, desc, eq, isNull, queryRows, sql, users, type Db } from '@switchboard/db';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(db: Db, token: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function listLiveApiTokens(db: Db, accountId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.accountId, accountId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.id));
}

export async function countLiveApiTokens(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.accountId, accountId), isNull(apiTokens.revokedAt)));
  return row?.count ?? 0;
}

/** Revokes one live token of the account, found by id or by hash; false when there is none. */
export async function revokeApiToken(
  db: Db,
  accountId: number,
  which: { id: number } | { tokenHash: string },
): Promise<boolean> {
  const match = 'id' in which ? eq(apiTokens.id, which.id) : eq(apiTokens.tokenHash, which.tokenHash);
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(match, eq(apiTokens.accountId, accountId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

export async function findApiTokenOwner(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ accountId: apiTokens.accountId })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  return row?.accountId ?? null;
}

/** A live token by its hash, with its maker and the state of the account it acts for. */
export async function findLiveApiToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      type: apiTokens.type,
      accountId: apiTokens.accountId,
      userId: apiTokens.userId,
      lastUsedAt: apiTokens.lastUsedAt,
      superAdmin: users.superAdmin,
      accountEnabled: accounts.enabled,
      accountDeletedAt: accounts.deletedAt,
      disabledReason: accounts.disabledReason,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
  return row ?? null;
}

/** Last use is kept to the minute: a busy token writes once a minute, not once a request. */
export async function touchApiToken(db: Db, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, id),
        sql`(${apiTokens.lastUsedAt} IS NULL OR ${apiTokens.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}

/** Whether `accountId` is `rootId` or lies below it (and is not deleted). */
export async function isInAccountTree(db: Db, rootId: number, accountId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT true AS ok FROM accounts t
        WHERE t.id = ${accountId} AND t.deleted_at IS NULL
          AND ${rootId} IN (t.id, t.partner_id, t.reseller_id, t.organization_id)`,
  );
  return row?.ok === true;
}
