import { accounts, eq, memberships, queryRows, sql, users, type Db } from '@switchboard/db';

export async function findHomeAccountId(db: Db, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ account_id: number }>(
    db,
    sql`SELECT coalesce(u.account_id, (
          SELECT m.account_id FROM memberships m JOIN accounts a ON a.id = m.account_id
          WHERE m.user_id = u.id AND a.deleted_at IS NULL
          ORDER BY m.is_owner DESC, m.created_at ASC LIMIT 1)) AS account_id
        FROM users u WHERE u.id = ${userId}`,
  );
  return row?.account_id ?? null;
}

export async function isInUserTree(
  db: Db,
  userId: number,
  homeAccountId: number | null,
  accountId: number,
  anywhere = false,
) {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT true AS ok FROM accounts t
        WHERE t.id = ${accountId} AND (${anywhere}::boolean OR (t.deleted_at IS NULL AND (
          ${homeAccountId ?? -1} IN (t.id, t.partner_id, t.reseller_id, t.organization_id)
          OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = ${userId}
                     AND m.account_id IN (t.id, t.partner_id, t.reseller_id, t.organization_id)))))`,
  );
  return row?.ok === true;
}

export async function findUserById(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserByPhone(db: Db, phoneNumber: string) {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
  return row ?? null;
}

export async function insertUser(
  db: Db,
  user: {
    email?: string | null;
    phoneNumber?: string | null;
    name?: string | null;
    accountId?: number | null;
    temporary?: boolean;
    superAdmin?: boolean;
  },
) {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateUser(db: Db, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function findAccountState(db: Db, accountId: number) {
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      cloudId: accounts.cloudId,
      enabled: accounts.enabled,
      deletedAt: accounts.deletedAt,
      disabledReason: accounts.disabledReason,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function addMembership(
  db: Db,
  membership: { userId: number; accountId: number; isOwner: boolean; invitedBy?: number | null },
) {
  await db.insert(memberships).values(membership).onConflictDoNothing();
}

// Verification codes
