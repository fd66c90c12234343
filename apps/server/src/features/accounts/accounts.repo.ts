import {
  accounts,
  and,
  asc,
  count,
  eq,
  isNull,
  queryRows,
  sql,
  users,
  type Db,
  type SQL,
} from '@switchboard/db';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type AccountType = AccountRow['accountType'];

export async function findAccount(db: Db, accountId: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function findAccountByUsername(db: Db, username: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.username, username));
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username));
  return row !== undefined;
}

export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(account).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Reserves the next principal id, so an account can name itself as its own organization or reseller. */
export async function nextPrincipalId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(db, sql`SELECT nextval('principal_id_seq') AS id`);
  return Number(row?.id);
}

export async function updateAccountRow(
  db: Db,
  accountId: number,
  values: Partial<NewAccount>,
): Promise<AccountRow | null> {
  const [row] = await db.update(accounts).set(values).where(eq(accounts.id, accountId)).returning();
  return row ?? null;
}

/** Merges top-level keys into settings in one statement; null values remove their key. */
export async function mergeAccountSettings(db: Db, accountId: number, patch: Record<string, unknown>) {
  const [row] = await queryRows<{ settings: Record<string, unknown> }>(
    db,
    sql`UPDATE accounts SET settings = jsonb_strip_nulls(settings || ${JSON.stringify(patch)}::jsonb)
        WHERE id = ${accountId} RETURNING settings`,
  );
  return row?.settings ?? null;
}

export async function listChildAccounts(
  db: Db,
  options: {
    parentId: number;
    accountType: AccountType;
    activeOnly: boolean;
    limit: number | null;
    offset: number;
  },
) {
  const where: SQL | undefined = and(
    eq(accounts.parentId, options.parentId),
    eq(accounts.accountType, options.accountType),
    isNull(accounts.deletedAt),
    options.activeOnly ? eq(accounts.enabled, true) : undefined,
  );
  const query = db.select().from(accounts).where(where).orderBy(asc(accounts.id)).offset(options.offset);
  const [rows, [total]] = await Promise.all([
    options.limit === null ? query : query.limit(options.limit),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Disables an account and everything under it, and ends its people's sessions where it is their own account. */
export async function setSubtreeEnabled(
  db: Db,
  accountId: number,
  state: { enabled: boolean; reason: string | null; details: string | null; deleted?: boolean },
): Promise<void> {
  await db.execute(
    sql`UPDATE accounts SET enabled = ${state.enabled}, disabled_reason = ${state.reason}, disabled_details = ${state.details}
        ${state.deleted ? sql`, deleted_at = now()` : sql``}
        WHERE ${accountId} IN (id, partner_id, reseller_id, organization_id)`,
  );
}

export async function findOwnerEmail(db: Db, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.email ?? null;
}

/** The first reseller, as the home of organizations that sign up without a white-label host. */
export async function findDefaultReseller(db: Db): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.accountType, 'reseller'), isNull(accounts.deletedAt), eq(accounts.enabled, true)))
    .orderBy(asc(accounts.id))
    .limit(1);
  return row ?? null;
}

export async function findAccountsByExternalId(db: Db, externalAccountId: string, accountType: AccountType) {
  return db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.externalAccountId, externalAccountId),
        eq(accounts.accountType, accountType),
        isNull(accounts.deletedAt),
      ),
    );
}
