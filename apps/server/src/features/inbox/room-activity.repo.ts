import { queryRows, rooms, sql, type Db } from '@switchboard/db';
import type { Room } from './inbox.repo';
import { ownRoom, scopeCondition, type RoomRef, type RoomScope } from './room-views.repo';

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
