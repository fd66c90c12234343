import { accounts, and, desc, eq, inArray, messages, queryRows, rooms, sql, type Db } from '@switchboard/db';

export type Room = typeof rooms.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type NewMessage = Omit<typeof messages.$inferInsert, 'accountId'>;

export async function findAccountOrganization(
  db: Db,
  accountId: number,
): Promise<{ organizationId: number | null } | null> {
  const [row] = await db
    .select({ organizationId: accounts.organizationId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/** Contact profiles share the principal id sequence with accounts and users. */
export async function nextPrincipalId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number | string }>(db, sql`SELECT nextval('principal_id_seq') AS id`);
  return Number(row?.id);
}

export async function findRoomByContact(
  db: Db,
  accountId: number,
  contactAddress: string,
): Promise<Room | null> {
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.accountId, accountId), eq(rooms.contactAddress, contactAddress)));
  return room ?? null;
}

/** Inserts the room unless one exists for the account and address; null when another writer got there first. */
export async function insertRoomIfMissing(db: Db, room: typeof rooms.$inferInsert): Promise<Room | null> {
  const [inserted] = await db
    .insert(rooms)
    .values(room)
    .onConflictDoNothing({ target: [rooms.accountId, rooms.contactAddress] })
    .returning();
  return inserted ?? null;
}

/**
 * Clears closedAt and makes sure the room has a current conversation: `freshUuid` replaces it when `replace`,
 * otherwise it fills only an empty one, so concurrent reopeners all read back the same uuid.
 */
export async function reopenRoom(
  db: Db,
  target: { accountId: number; roomId: string },
  change: { freshUuid: string; replace: boolean; contactName: string | null },
): Promise<Room | null> {
  const [room] = await db
    .update(rooms)
    .set({
      closedAt: null,
      // A request for a person belongs to the conversation it was made in.
      ...(change.replace ? { attention: null } : {}),
      currentUuid: change.replace
        ? change.freshUuid
        : sql`COALESCE(${rooms.currentUuid}, ${change.freshUuid}::uuid)`,
      contactName: sql`COALESCE(${change.contactName}::text, ${rooms.contactName})`,
    })
    .where(and(eq(rooms.roomId, target.roomId), eq(rooms.accountId, target.accountId)))
    .returning();
  return room ?? null;
}

/** How a new message moves its room's preview: forward in time only; +1 unread only for what the contact sends. */
function roomTouch(touch: { preview: string; countsAsUnread: boolean }) {
  return {
    lastMessage: sql`CASE WHEN ${rooms.lastMessageAt} IS NULL OR ${rooms.lastMessageAt} <= now()
      THEN ${touch.preview}::text ELSE ${rooms.lastMessage} END`,
    lastMessageAt: sql`GREATEST(${rooms.lastMessageAt}, now())`,
    unreadCount: touch.countsAsUnread ? sql`${rooms.unreadCount} + 1` : sql`${rooms.unreadCount}`,
  };
}

/**
 * Stores the message and moves the room's preview in one transaction, answering both. The preview only moves forward in time
 * (now() is the transaction's start, the same instant as the message's createdAt). Null when the account has no such
 * room.
 */
export async function insertMessageAndTouchRoom(
  db: Db,
  accountId: number,
  message: NewMessage,
  touch: { preview: string; countsAsUnread: boolean },
): Promise<{ message: Message; room: Room } | null> {
  return db.transaction(async (tx) => {
    const [room] = await tx
      .update(rooms)
      .set(roomTouch(touch))
      .where(and(eq(rooms.roomId, message.roomId), eq(rooms.accountId, accountId)))
      .returning();
    if (!room) return null;
    const [inserted] = await tx
      .insert(messages)
      .values({ ...message, accountId: room.accountId })
      .returning();
    return inserted ? { message: inserted, room } : null;
  });
}

/** What the routing rule reads of a room. */
export type RoutedRoom = Pick<
  Room,
  | 'roomId'
  | 'accountId'
  | 'inbox'
  | 'inboxPinned'
  | 'blocked'
  | 'spam'
  | 'contactName'
  | 'attention'
  | 'rating'
  | 'aiAgentEnabled'
>;

/** What routing reads of the room a message was appended to, and whether its contact is saved. */
export type AppendedRoom = RoutedRoom & { knownContact: boolean };

/**
 * The same write as `insertMessageAndTouchRoom` in one statement, answering only what routing reads: for a live
 * conversation, which stores every utterance and needs no row back (one round trip, no transaction, no mapping of
 * the rows). Whether the contact is saved (by the room's account or its organization) is looked up only where
 * routing asks it, for a contact's message in a room in the agent inbox that no person pinned. Null when the
 * account has no such room.
 */
export async function appendMessageToRoom(
  db: Db,
  accountId: number,
  message: Pick<NewMessage, 'roomId' | 'conversationUuid' | 'direction' | 'channel' | 'author' | 'text'>,
  touch: { preview: string; countsAsUnread: boolean },
): Promise<AppendedRoom | null> {
  const set = roomTouch(touch);
  const [row] = await queryRows<{
    room_id: string;
    account_id: number;
    inbox: Room['inbox'];
    inbox_pinned: boolean;
    blocked: boolean;
    spam: boolean;
    contact_name: string | null;
    attention: Room['attention'];
    rating: number | null;
    ai_agent_enabled: boolean;
    known_contact: boolean;
  }>(
    db,
    sql`WITH room AS (
      UPDATE rooms SET last_message = ${set.lastMessage}, last_message_at = ${set.lastMessageAt},
        unread_count = ${set.unreadCount}
      WHERE room_id = ${message.roomId} AND account_id = ${accountId}
      RETURNING room_id, account_id, organization_id, contact_address, inbox, inbox_pinned, blocked, spam,
        contact_name, attention, rating, ai_agent_enabled
    ), stored AS (
      INSERT INTO messages (room_id, account_id, conversation_uuid, direction, channel, author, text)
      SELECT room_id, account_id, ${message.conversationUuid ?? null}::uuid, ${message.direction},
        ${message.channel}, ${message.author}, ${message.text ?? ''} FROM room
      RETURNING id
    )
    SELECT room.room_id, room.account_id, room.inbox, room.inbox_pinned, room.blocked, room.spam,
      room.contact_name, room.attention, room.rating, room.ai_agent_enabled,
      CASE WHEN ${message.author} = 'contact' AND room.inbox = 'agent' AND NOT room.inbox_pinned
        THEN EXISTS (SELECT 1 FROM contacts c WHERE c.account_id IN (room.account_id, room.organization_id)
          AND (c.phone_number = room.contact_address OR lower(c.email) = room.contact_address))
        ELSE false END AS known_contact
    FROM room, stored`,
  );
  if (!row) return null;
  return {
    roomId: row.room_id,
    accountId: row.account_id,
    inbox: row.inbox,
    inboxPinned: row.inbox_pinned,
    blocked: row.blocked,
    spam: row.spam,
    contactName: row.contact_name,
    attention: row.attention,
    rating: row.rating,
    aiAgentEnabled: row.ai_agent_enabled,
    knownContact: row.known_contact,
  };
}

/** The latest `limit` messages of a room the account owns (optionally of one conversation), oldest first. */
export async function listMessagesOfRoom(
  db: Db,
  query: { accountId: number; roomId: string; conversationUuid: string | null; limit: number },
): Promise<Message[]> {
  const ownedRoom = db
    .select({ roomId: rooms.roomId })
    .from(rooms)
    .where(and(eq(rooms.roomId, query.roomId), eq(rooms.accountId, query.accountId)));
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        inArray(messages.roomId, ownedRoom),
        query.conversationUuid === null ? undefined : eq(messages.conversationUuid, query.conversationUuid),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit);
  return rows.reverse();
}

export async function updateAccountRoom(
  db: Db,
  target: { accountId: number; roomId: string },
  change: Partial<Pick<Room, 'inbox' | 'aiAgentEnabled' | 'attention' | 'spam'>>,
): Promise<Room | null> {
  const [room] = await db
    .update(rooms)
    .set(change)
    .where(and(eq(rooms.roomId, target.roomId), eq(rooms.accountId, target.accountId)))
    .returning();
  return room ?? null;
}

// Id only: the tenant check asks who owns a room before any account is trusted.
export async function findRoomOwner(db: Db, roomId: string): Promise<number | null> {
  const [row] = await db.select({ accountId: rooms.accountId }).from(rooms).where(eq(rooms.roomId, roomId));
  return row?.accountId ?? null;
}

/** The agent account that texts from this number (its vidaPhoneNumber), or null. */
export async function findAgentIdByNumber(db: Db, phoneNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.vidaPhoneNumber, phoneNumber), eq(accounts.accountType, 'agent')));
  return row?.id ?? null;
}
