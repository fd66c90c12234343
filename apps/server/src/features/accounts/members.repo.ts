import { and, eq, memberships, queryRows, sql, users, type Db } from '@switchboard/db';

export interface AdminUserRow {
  id: number;
  email: string | null;
  name: string | null;
  isOwner: boolean;
  createdAt: Date;
}

/**
 * The people who administer an account: its members, and the people whose own account it is (always owners). One
 * row per person, an owner row winning over a member row.
 */
export async function listAdminUserRows(db: Db, accountId: number): Promise<AdminUserRow[]> {
  const rows = await queryRows<{
    id: number;
    email: string | null;
    name: string | null;
    is_owner: boolean;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (id) id, email, name, is_owner, created_at FROM (
            SELECT u.id, u.email, u.name, m.is_owner, m.created_at
              FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.account_id = ${accountId} AND NOT u.temporary
            UNION ALL
            SELECT u.id, u.email, u.name, true, u.created_at
              FROM users u WHERE u.account_id = ${accountId} AND NOT u.temporary
          ) people ORDER BY id, is_owner DESC, created_at ASC
        ) admins ORDER BY created_at ASC, id ASC`,
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    isOwner: row.is_owner,
    createdAt: new Date(row.created_at),
  }));
}

/** How a person relates to an account: its own owner (their home account), a member (maybe owner), or neither. */
export async function findAdminRelation(db: Db, userId: number, accountId: number) {
  const [row] = await queryRows<{ home_owner: boolean; member: boolean; member_owner: boolean }>(
    db,
    sql`SELECT (u.account_id IS NOT DISTINCT FROM ${accountId}) AS home_owner,
               (m.user_id IS NOT NULL) AS member, coalesce(m.is_owner, false) AS member_owner
        FROM users u LEFT JOIN memberships m ON m.user_id = u.id AND m.account_id = ${accountId}
        WHERE u.id = ${userId} AND NOT u.temporary`,
  );
  if (!row) return null;
  return { homeOwner: row.home_owner, member: row.member, isOwner: row.home_owner || row.member_owner };
}

/** Locks the account row, so owner counts and removals of concurrent calls happen one after another. */
export async function lockAccount(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`);
}

export async function countOwners(db: Db, accountId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(DISTINCT id) AS n FROM (
          SELECT m.user_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
            WHERE m.account_id = ${accountId} AND m.is_owner AND NOT u.temporary
          UNION ALL
          SELECT u.id FROM users u WHERE u.account_id = ${accountId} AND NOT u.temporary
        ) owners`,
  );
  return Number(row?.n ?? 0);
}

export async function deleteMembership(db: Db, userId: number, accountId: number): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
}

/** Takes the account away from a person who signed up with it; they keep only their memberships elsewhere. */
export async function detachHomeAccount(db: Db, userId: number, accountId: number): Promise<void> {
  await db
    .update(users)
    .set({ accountId: null })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

/** Every account a person belongs to: their own and those they are an admin user of. */
export async function listAccountIdsOfPerson(db: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT u.account_id AS id FROM users u WHERE u.id = ${userId} AND u.account_id IS NOT NULL
        UNION SELECT m.account_id FROM memberships m WHERE m.user_id = ${userId}`,
  );
  return rows.map((row) => row.id);
}
