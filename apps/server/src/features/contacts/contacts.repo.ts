import { and, contacts, eq, queryRows, sql, type Db } from '@switchboard/db';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactWithRoom = ContactRow & { roomId: string | null };

interface ContactSqlRow {
  id: string | number;
  account_id: number;
  name: string | null;
  phone_number: string | null;
  email: string | null;
  data: Record<string, unknown>;
  created_at: string | Date;
  updated_at: string | Date;
  room_id: string | null;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function toContact(row: ContactSqlRow): ContactWithRoom {
  return {
    id: Number(row.id),
    accountId: row.account_id,
    name: row.name,
    phoneNumber: row.phone_number,
    email: row.email,
    data: row.data,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    roomId: row.room_id,
  };
}

// The room of the contact's account (or of its organization's agents) with the contact's number or address.
const contactSelect = sql`
  SELECT c.*, (
    SELECT r.room_id FROM rooms r
    WHERE (r.account_id = c.account_id OR r.organization_id = c.account_id)
      AND (r.contact_address = c.phone_number OR r.contact_address = c.email)
    ORDER BY r.last_message_at DESC NULLS LAST LIMIT 1
  ) AS room_id
  FROM contacts c`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listContactRows(
  db: Db,
  query: { accountId: number; search: string | null; limit: number; offset: number },
): Promise<{ rows: ContactWithRoom[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = sql`c.account_id = ${query.accountId} ${
    pattern === null
      ? sql``
      : sql`AND (c.name ILIKE ${pattern} OR c.phone_number ILIKE ${pattern} OR c.email ILIKE ${pattern})`
  }`;
  const rows = await queryRows<ContactSqlRow>(
    db,
    sql`${contactSelect} WHERE ${where} ORDER BY lower(coalesce(c.name, c.phone_number, c.email, '')), c.id
      LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [count] = await queryRows<{ total: string | number }>(
    db,
    sql`SELECT count(*) AS total FROM contacts c WHERE ${where}`,
  );
  return { rows: rows.map(toContact), total: Number(count?.total ?? 0) };
}

export async function findContactRow(
  db: Db,
  target: { id: number; accountId: number },
): Promise<ContactWithRoom | null> {
  const [row] = await queryRows<ContactSqlRow>(
    db,
    sql`${contactSelect} WHERE c.id = ${target.id} AND c.account_id = ${target.accountId}`,
  );
  return row ? toContact(row) : null;
}

// Id only: the tenant check asks who owns a contact before any account is trusted.
export async function findContactOwner(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ accountId: contacts.accountId }).from(contacts).where(eq(contacts.id, id));
  return row?.accountId ?? null;
}

export async function insertContact(
  db: Db,
  contact: Pick<ContactRow, 'accountId' | 'name' | 'phoneNumber' | 'email' | 'data'>,
): Promise<number> {
  const [row] = await db.insert(contacts).values(contact).returning({ id: contacts.id });
  if (!row) throw new Error('the contact was not stored');
  return row.id;
}

export async function updateContactRow(
  db: Db,
  target: { id: number; accountId: number },
  change: Partial<Pick<ContactRow, 'name' | 'phoneNumber' | 'email' | 'data'>>,
): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(contacts.id, target.id), eq(contacts.accountId, target.accountId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function deleteContactRow(
  db: Db,
  target: { id: number; accountId: number },
): Promise<ContactRow | null> {
  const [row] = await db
    .delete(contacts)
    .where(and(eq(contacts.id, target.id), eq(contacts.accountId, target.accountId)))
    .returning();
  return row ?? null;
}

export async function searchContactRows(
  db: Db,
  query: { accountIds: number[]; patterns: string[]; inData: boolean; limit: number },
): Promise<ContactWithRoom[]> {
  const matches = sql.join(
    query.patterns.map(
      (pattern) => sql`(c.name ILIKE ${pattern} OR c.phone_number ILIKE ${pattern} OR c.email ILIKE ${pattern}
        ${query.inData ? sql`OR c.data::text ILIKE ${pattern}` : sql``})`,
    ),
    sql` OR `,
  );
  const rows = await queryRows<ContactSqlRow>(
    db,
    sql`${contactSelect} WHERE c.account_id IN (${sql.join(query.accountIds, sql`, `)}) AND (${matches})
      ORDER BY lower(coalesce(c.name, c.phone_number, c.email, '')), c.id LIMIT ${query.limit}`,
  );
  return rows.map(toContact);
}

export { escapeLike };
