import { and, desc, eq, inArray, lt, messages, queryRows, sql, type Db } from '@switchboard/db';
import { sourcesOfToolCalls, type KnowledgeSource } from '../knowledge/knowledge-sources';
import type { Message } from './inbox.repo';
import { scopeCondition, toDate, type RoomRef, type RoomScope } from './room-views.repo';

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
  /** The knowledge-base pages the agent answered from. */
  sources: KnowledgeSource[];
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
    tool_calls: { name: string; ok: boolean; data?: Record<string, unknown> }[] | null;
  }>(
    db,
    sql`SELECT uuid, direction, duration, transfer, appointment_booked, collected_data, from_number, to_number, cnam,
        tool_calls
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
    sources: sourcesOfToolCalls(row.tool_calls ?? []),
  }));
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
