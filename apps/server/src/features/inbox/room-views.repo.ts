import {
  and,
  desc,
  eq,
  inArray,
  inboxNotifications,
  isNull,
  lt,
  messages,
  queryRows,
  rooms,
  sql,
  type Db,
  type SQL,
} from '@switchboard/db';
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

const toDate = (value: string | Date | null): Date | null =>
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

const scopeCondition = (scope: RoomScope): SQL =>
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

/** The rooms (of an account and its agent accounts) with this number or address: a contact's rooms. */
export async function listRoomsWithAddress(db: Db, ownerId: number, addresses: string[]): Promise<RoomRef[]> {
  if (addresses.length === 0) return [];
  const rows = await queryRows<{ room_id: string; account_id: number }>(
    db,
    sql`SELECT room_id, account_id FROM rooms WHERE (account_id = ${ownerId} OR organization_id = ${ownerId})
      AND contact_address IN (${sql.join(addresses, sql`, `)})`,
  );
  return rows.map((row) => ({ accountId: row.account_id, roomId: row.room_id }));
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

const ownRoom = (target: RoomRef) =>
  and(eq(rooms.roomId, target.roomId), eq(rooms.accountId, target.accountId));

export async function updateRoom(db: Db, target: RoomRef, change: RoomChange): Promise<Room | null> {
  const [room] = await db.update(rooms).set(change).where(ownRoom(target)).returning();
  return room ?? null;
}

/** Sets the room's unread count to at least one; false when the account has no such room. */
export async function markRoomUnread(db: Db, target: RoomRef): Promise<boolean> {
  const rows = await db
    .update(rooms)
    .set({ unreadCount: sql`GREATEST(${rooms.unreadCount}, 1)` })
    .where(ownRoom(target))
    .returning({ roomId: rooms.roomId });
  return rows.length > 0;
}

/** Clears unread counts in one inbox of the scope (one room, or all); answers how many rooms changed. */
export async function clearUnread(
  db: Db,
  query: { scope: RoomScope; inbox: Room['inbox']; roomId: string | null },
): Promise<number> {
  const rows = await queryRows<{ room_id: string }>(
    db,
    sql`UPDATE rooms r SET unread_count = 0
      WHERE ${scopeCondition(query.scope)} AND r.inbox = ${query.inbox} AND r.unread_count > 0
      ${query.roomId === null ? sql`` : sql`AND r.room_id = ${query.roomId}`}
      RETURNING r.room_id`,
  );
  return rows.length;
}

export async function listUnreadRooms(
  db: Db,
  query: { scope: RoomScope; inbox: Room['inbox']; limit: number },
): Promise<{ roomId: string; unread: number; lastMessage: string | null }[]> {
  const rows = await queryRows<{ room_id: string; unread_count: number; last_message: string | null }>(
    db,
    sql`SELECT r.room_id, r.unread_count, r.last_message FROM rooms r
      WHERE ${scopeCondition(query.scope)} AND r.inbox = ${query.inbox} AND r.unread_count > 0
        AND r.closed_at IS NULL
      ORDER BY r.last_message_at DESC NULLS LAST LIMIT ${query.limit}`,
  );
  return rows.map((row) => ({
    roomId: row.room_id,
    unread: row.unread_count,
    lastMessage: row.last_message,
  }));
}

/** Rooms with unread messages per inbox (open rooms only). */
export async function countUnreadRooms(
  db: Db,
  scope: RoomScope,
): Promise<{ priority: number; agent: number }> {
  const rows = await queryRows<{ inbox: Room['inbox']; rooms: string | number }>(
    db,
    sql`SELECT r.inbox, count(*) AS rooms FROM rooms r
      WHERE ${scopeCondition(scope)} AND r.unread_count > 0 AND r.closed_at IS NULL GROUP BY r.inbox`,
  );
  const counts = { priority: 0, agent: 0 };
  for (const row of rows) counts[row.inbox] = Number(row.rooms);
  return counts;
}

/** A page of a room's messages, newest first as read (the caller reverses), optionally before a message id. */
export async function listMessagesPage(
  db: Db,
  query: {
    accountId: number;
    roomId: string;
    before: number | null;
    limit: number;
    conversationUuid?: string | undefined;
  },
): Promise<Message[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.roomId, query.roomId),
        eq(messages.accountId, query.accountId),
        query.before === null ? undefined : lt(messages.id, query.before),
        query.conversationUuid === undefined
          ? undefined
          : eq(messages.conversationUuid, query.conversationUuid),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit);
}

/** The conversations of a room: each uuid with its first message's time and channel. */
export async function listRoomConversations(
  db: Db,
  target: RoomRef,
): Promise<{ uuid: string; channel: Message['channel'] | null; startedAt: Date }[]> {
  const rows = await queryRows<{
    uuid: string;
    channel: Message['channel'] | null;
    started_at: string | Date;
  }>(
    db,
    sql`SELECT m.conversation_uuid::text AS uuid, min(m.created_at) AS started_at,
        (array_agg(m.channel ORDER BY m.created_at))[1] AS channel
      FROM messages m WHERE m.room_id = ${target.roomId} AND m.account_id = ${target.accountId}
        AND m.conversation_uuid IS NOT NULL
      GROUP BY m.conversation_uuid ORDER BY started_at DESC LIMIT 100`,
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    channel: row.channel,
    startedAt: toDate(row.started_at) ?? new Date(0),
  }));
}

export interface ConversationLogRow {
  uuid: string;
  direction: 'inbound' | 'outbound';
  duration: number;
  transfer: string | null;
  appointmentBooked: boolean;
  collectedData: Record<string, unknown>;
  fromNumber: string | null;
  toNumber: string | null;
  cnam: string | null;
}

/** The log rows of a room's conversations (the logs area writes them; the thread shows them). */
export async function listConversationLogs(db: Db, accountId: number, roomId: string, uuids: string[]) {
  if (uuids.length === 0) return [];
  const rows = await queryRows<{
    uuid: string;
    direction: 'inbound' | 'outbound';
    duration: number;
    transfer: string | null;
    appointment_booked: boolean;
    collected_data: Record<string, unknown>;
    from_number: string | null;
    to_number: string | null;
    cnam: string | null;
  }>(
    db,
    sql`SELECT uuid, direction, duration, transfer, appointment_booked, collected_data, from_number, to_number, cnam
      FROM conversation_logs WHERE account_id = ${accountId}
        AND (room_id = ${roomId} OR room_id IS NULL) AND uuid IN (${sql.join(uuids, sql`, `)})`,
  );
  return rows.map((row): ConversationLogRow => ({
    uuid: row.uuid,
    direction: row.direction,
    duration: row.duration,
    transfer: row.transfer,
    appointmentBooked: row.appointment_booked,
    collectedData: row.collected_data,
    fromNumber: row.from_number,
    toNumber: row.to_number,
    cnam: row.cnam,
  }));
}

export type InboxNotification = typeof inboxNotifications.$inferSelect;

export async function insertNotification(
  db: Db,
  notification: Pick<InboxNotification, 'accountId' | 'roomId' | 'kind' | 'text'>,
): Promise<void> {
  await db.insert(inboxNotifications).values(notification);
}

export async function listNotifications(db: Db, scope: RoomScope, limit: number) {
  const rows = await queryRows<{
    id: string | number;
    account_id: number;
    room_id: string;
    kind: InboxNotification['kind'];
    text: string;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT n.id, n.account_id, n.room_id, n.kind, n.text, n.created_at FROM inbox_notifications n
      JOIN rooms r ON r.room_id = n.room_id
      WHERE ${scopeCondition(scope)} AND n.cleared_at IS NULL ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    accountId: row.account_id,
    roomId: row.room_id,
    kind: row.kind,
    text: row.text,
    createdAt: toDate(row.created_at) ?? new Date(0),
  }));
}

export async function clearNotificationRows(db: Db, scope: RoomScope, id: number | null): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE inbox_notifications n SET cleared_at = now() FROM rooms r
      WHERE r.room_id = n.room_id AND ${scopeCondition(scope)} AND n.cleared_at IS NULL
      ${id === null ? sql`` : sql`AND n.id = ${id}`} RETURNING n.id`,
  );
  return rows.length;
}

/** Clears a room's notifications (a person opened it). */
export async function clearRoomNotifications(db: Db, target: RoomRef): Promise<void> {
  await db
    .update(inboxNotifications)
    .set({ clearedAt: sql`now()` })
    .where(
      and(
        eq(inboxNotifications.roomId, target.roomId),
        eq(inboxNotifications.accountId, target.accountId),
        isNull(inboxNotifications.clearedAt),
      ),
    );
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

/** Messages of the scope's rooms whose text matches one of the ILIKE patterns, newest first. */
export async function searchMessageRows(
  db: Db,
  scope: RoomScope,
  patterns: string[],
  limit: number,
): Promise<Message[]> {
  const matches = sql.join(
    patterns.map((pattern) => sql`m.text ILIKE ${pattern}`),
    sql` OR `,
  );
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT m.id FROM messages m JOIN rooms r ON r.room_id = m.room_id
      WHERE ${scopeCondition(scope)} AND (${matches}) ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  return db
    .select()
    .from(messages)
    .where(inArray(messages.id, ids))
    .orderBy(desc(messages.createdAt), desc(messages.id));
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

/** Messages by id, each only if it belongs to the account named with it. */
export async function findMessages(
  db: Db,
  refs: readonly { accountId: number; id: number }[],
): Promise<Message[]> {
  if (refs.length === 0) return [];
  const pairs = sql.join(
    refs.map((ref) => sql`(${ref.accountId}::int, ${ref.id}::bigint)`),
    sql`, `,
  );
  return db
    .select()
    .from(messages)
    .where(sql`(${messages.accountId}, ${messages.id}) IN (${pairs})`);
}

/** Rooms with unread messages per inbox for many accounts and organizations at once (two grouped queries). */
export async function countUnreadRoomsOfMany(
  db: Db,
  query: { accountIds: readonly number[]; organizationIds: readonly number[] },
): Promise<{
  accounts: Map<number, { priority: number; agent: number }>;
  organizations: Map<number, { priority: number; agent: number }>;
}> {
  const collect = async (column: 'account_id' | 'organization_id', ids: readonly number[]) => {
    const counts = new Map<number, { priority: number; agent: number }>(
      ids.map((id) => [id, { priority: 0, agent: 0 }]),
    );
    if (ids.length === 0) return counts;
    const rows = await queryRows<{ owner: number; inbox: Room['inbox']; rooms: string | number }>(
      db,
      sql`SELECT ${sql.raw(column)} AS owner, inbox, count(*) AS rooms FROM rooms
        WHERE ${sql.raw(column)} IN (${sql.join([...ids], sql`, `)}) AND unread_count > 0 AND closed_at IS NULL
        GROUP BY ${sql.raw(column)}, inbox`,
    );
    for (const row of rows) {
      const entry = counts.get(row.owner);
      if (entry) entry[row.inbox] = Number(row.rooms);
    }
    return counts;
  };
  return {
    accounts: await collect('account_id', query.accountIds),
    organizations: await collect('organization_id', query.organizationIds),
  };
}
