import { and, eq, queryRows, rooms, sql, type Db, type SQL } from '@switchboard/db';
import type { Message, Room } from './inbox.repo';

/** Whose rooms a query covers: one account's, or every agent account's of an organization. */
export type RoomScope = { accountId: number } | { organizationId: number };

/** A room with what its views need beside the row: the linked contact and who wrote last. */
export interface RoomRecord extends Room {
  contactId: number | null;
  savedContactName: string | null;
  lastAuthor: Message['author'] | null;
}

interface RoomRecordRow {
  room_id: string;
  account_id: number;
  organization_id: number | null;
  contact_profile_id: number;
  contact_address: string;
  contact_name: string | null;
  channel: Room['channel'];
  inbox: Room['inbox'];
  inbox_pinned: boolean;
  attention: Room['attention'];
  spam: boolean;
  ai_agent_enabled: boolean;
  unread_count: number;
  last_message: string | null;
  last_message_at: string | Date | null;
  current_uuid: string | null;
  rating: number | null;
  reaction: string | null;
  blocked: boolean;
  closed_at: string | Date | null;
  created_at: string | Date;
  contact_id: string | number | null;
  saved_contact_name: string | null;
  last_author: Message['author'] | null;
}

export const toDate = (value: string | Date | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function toRecord(row: RoomRecordRow): RoomRecord {
  return {
    roomId: row.room_id,
    accountId: row.account_id,
    organizationId: row.organization_id,
    contactProfileId: row.contact_profile_id,
    contactAddress: row.contact_address,
    contactName: row.contact_name,
    channel: row.channel,
    inbox: row.inbox,
    inboxPinned: row.inbox_pinned,
    attention: row.attention,
    spam: row.spam,
    aiAgentEnabled: row.ai_agent_enabled,
    unreadCount: row.unread_count,
    lastMessage: row.last_message,
    lastMessageAt: toDate(row.last_message_at),
    currentUuid: row.current_uuid,
    rating: row.rating,
    reaction: row.reaction,
    blocked: row.blocked,
    closedAt: toDate(row.closed_at),
    createdAt: toDate(row.created_at) ?? new Date(0),
    contactId: row.contact_id === null ? null : Number(row.contact_id),
    savedContactName: row.saved_contact_name,
    lastAuthor: row.last_author,
  };
}

export const scopeCondition = (scope: RoomScope): SQL =>
  'accountId' in scope
    ? sql`r.account_id = ${scope.accountId}`
    : sql`r.organization_id = ${scope.organizationId}`;

// A contact of the room's account or of its organization with the room's number or address.
const recordSelect = sql`
  SELECT r.*, c.id AS contact_id, c.name AS saved_contact_name,
    (SELECT m.author FROM messages m WHERE m.room_id = r.room_id
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_author
  FROM rooms r
  LEFT JOIN LATERAL (
    SELECT c.id, c.name FROM contacts c
    WHERE c.account_id IN (r.account_id, r.organization_id)
      AND (c.phone_number = r.contact_address OR lower(c.email) = r.contact_address)
    ORDER BY c.id LIMIT 1
  ) c ON true`;

export async function listRoomRecords(
  db: Db,
  query: {
    scope: RoomScope;
    inbox: Room['inbox'];
    unreadOnly: boolean;
    limit: number | null;
    offset: number;
  },
): Promise<{ records: RoomRecord[]; total: number }> {
  // A room appears once something was said in it (a room opened for a new message waits for its first one).
  const where = sql`${scopeCondition(query.scope)} AND r.inbox = ${query.inbox} AND r.closed_at IS NULL
    AND r.last_message_at IS NOT NULL
    ${query.unreadOnly ? sql`AND r.unread_count > 0` : sql``}`;
  const rows = await queryRows<RoomRecordRow>(
    db,
    sql`${recordSelect} WHERE ${where}
      ORDER BY r.last_message_at DESC NULLS LAST, r.created_at DESC, r.room_id
      ${query.limit === null ? sql`` : sql`LIMIT ${query.limit}`} OFFSET ${query.offset}`,
  );
  const [count] = await queryRows<{ total: string | number }>(
    db,
    sql`SELECT count(*) AS total FROM rooms r WHERE ${where}`,
  );
  return { records: rows.map(toRecord), total: Number(count?.total ?? 0) };
}

/** The room when it is in the scope (an agent account's rooms, or an organization's); null otherwise. */
export async function findRoomRecord(db: Db, scope: RoomScope, roomId: string): Promise<RoomRecord | null> {
  const [row] = await queryRows<RoomRecordRow>(
    db,
    sql`${recordSelect} WHERE ${scopeCondition(scope)} AND r.room_id = ${roomId}`,
  );
  return row ? toRecord(row) : null;
}

export async function findRoomRecordByAddress(
  db: Db,
  accountId: number,
  contactAddress: string,
): Promise<RoomRecord | null> {
  const [row] = await queryRows<RoomRecordRow>(
    db,
    sql`${recordSelect} WHERE r.account_id = ${accountId} AND r.contact_address = ${contactAddress}`,
  );
  return row ? toRecord(row) : null;
}

export async function findRoomByContactProfile(
  db: Db,
  accountId: number,
  contactProfileId: number,
): Promise<Room | null> {
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.contactProfileId, contactProfileId), eq(rooms.accountId, accountId)));
  return room ?? null;
}

// Id only: the tenant check asks whose room a contact profile is in before any account is trusted.
export async function findContactProfileOwner(db: Db, contactProfileId: number): Promise<number | null> {
  const [room] = await db
    .select({ accountId: rooms.accountId })
    .from(rooms)
    .where(eq(rooms.contactProfileId, contactProfileId));
  return room?.accountId ?? null;
}

/** Whether a contact of the account or its organization has this number or address. */
export async function hasKnownContact(
  db: Db,
  room: { accountId: number; organizationId: number | null; contactAddress: string },
): Promise<boolean> {
  const owners = room.organizationId === null ? [room.accountId] : [room.accountId, room.organizationId];
  const [row] = await queryRows<{ known: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM contacts c WHERE c.account_id IN (${sql.join(owners, sql`, `)})
      AND (c.phone_number = ${room.contactAddress} OR lower(c.email) = ${room.contactAddress})) AS known`,
  );
  return row?.known === true;
}

/** A room with the organization its account belongs to (whose viewers see it too). */
export interface OwnedRoomRef extends RoomRef {
  organizationId: number | null;
}

/** The rooms (of an account and its agent accounts) with this number or address: a contact's rooms. */
export async function listRoomsWithAddress(
  db: Db,
  ownerId: number,
  addresses: string[],
): Promise<OwnedRoomRef[]> {
  if (addresses.length === 0) return [];
  const rows = await queryRows<{ room_id: string; account_id: number; organization_id: number | null }>(
    db,
    sql`SELECT room_id, account_id, organization_id FROM rooms
      WHERE (account_id = ${ownerId} OR organization_id = ${ownerId})
      AND contact_address IN (${sql.join(addresses, sql`, `)})`,
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    roomId: row.room_id,
    organizationId: row.organization_id,
  }));
}

/** A room named with the agent account it belongs to. */
export interface RoomRef {
  accountId: number;
  roomId: string;
}

export type RoomChange = Partial<
  Pick<
    Room,
    | 'inbox'
    | 'inboxPinned'
    | 'aiAgentEnabled'
    | 'attention'
    | 'spam'
    | 'rating'
    | 'reaction'
    | 'blocked'
    | 'closedAt'
    | 'unreadCount'
  >
>;

export const ownRoom = (target: RoomRef) =>
  and(eq(rooms.roomId, target.roomId), eq(rooms.accountId, target.accountId));

export async function updateRoom(db: Db, target: RoomRef, change: RoomChange): Promise<Room | null> {
  const [room] = await db.update(rooms).set(change).where(ownRoom(target)).returning();
  return room ?? null;
}

/** Rooms whose caller name, address or linked contact name matches one of the ILIKE patterns. */
export async function searchRoomRecords(
  db: Db,
  scope: RoomScope,
  patterns: string[],
  limit: number,
): Promise<RoomRecord[]> {
  const matches = sql.join(
    patterns.map(
      (pattern) =>
        sql`(r.contact_name ILIKE ${pattern} OR r.contact_address ILIKE ${pattern} OR c.name ILIKE ${pattern})`,
    ),
    sql` OR `,
  );
  const rows = await queryRows<RoomRecordRow>(
    db,
    sql`${recordSelect} WHERE ${scopeCondition(scope)} AND (${matches})
      ORDER BY r.last_message_at DESC NULLS LAST LIMIT ${limit}`,
  );
  return rows.map(toRecord);
}

/** Rooms by id, each only if it belongs to the account named with it. */
export async function findRoomRecords(db: Db, refs: readonly RoomRef[]): Promise<RoomRecord[]> {
  if (refs.length === 0) return [];
  const pairs = sql.join(
    refs.map((ref) => sql`(${ref.accountId}::int, ${ref.roomId}::text)`),
    sql`, `,
  );
  const rows = await queryRows<RoomRecordRow>(
    db,
    sql`${recordSelect} WHERE (r.account_id, r.room_id) IN (${pairs})`,
  );
  return rows.map(toRecord);
}
