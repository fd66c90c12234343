import { and, eq, inboxNotifications, isNull, queryRows, sql, type Db } from '@switchboard/db';
import { scopeCondition, toDate, type RoomRef, type RoomScope } from './room-views.repo';

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
