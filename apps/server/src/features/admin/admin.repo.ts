import {
  accounts,
  adminAuditEvents,
  and,
  desc,
  eq,
  inArray,
  lt,
  queryRows,
  sql,
  users,
  type Db,
  type SQL,
} from '@switchboard/db';
import type { ReviewReason } from '@switchboard/contract';

export type AuditEventRow = typeof adminAuditEvents.$inferSelect;

export async function insertAuditEvent(
  db: Db,
  event: Omit<typeof adminAuditEvents.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(adminAuditEvents).values(event);
}

export async function listAuditEvents(
  db: Db,
  options: { targetAccountId?: number | undefined; before?: number | undefined; limit: number },
): Promise<AuditEventRow[]> {
  const conditions: SQL[] = [];
  if (options.targetAccountId !== undefined) {
    conditions.push(eq(adminAuditEvents.targetAccountId, options.targetAccountId));
  }
  if (options.before !== undefined) conditions.push(lt(adminAuditEvents.id, options.before));
  return db
    .select()
    .from(adminAuditEvents)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(adminAuditEvents.id))
    .limit(options.limit);
}

export async function emailOfUser(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function accountIdOfUsername(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username));
  return row?.id ?? null;
}

export async function usernamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Raw rows: a bigint column comes back as text on node-postgres, so numbers are read through Number(). */
export interface ReviewRow {
  id: number | string;
  uuid: string;
  account_id: number | string;
  account_name: string;
  username: string | null;
  channel: string;
  direction: 'inbound' | 'outbound';
  from_number: string | null;
  to_number: string | null;
  timestamp: Date | string;
  duration: number | string;
  ended_reason: string | null;
  rating: number | string | null;
  blocked: boolean | null;
  failed_transfers: string[] | null;
}

/** A transfer the agent tried that the destination declined or did not answer. */
const failedTransfer = sql`(t->>'name') = 'transfer' AND (t->'data'->>'outcome') IN ('declined', 'no-answer')`;

const conditionOf: Record<ReviewReason, SQL> = {
  platformFault: sql`l.ended_reason = 'error'`,
  lowRating: sql`r.rating <= 2`,
  blockedCaller: sql`r.blocked`,
  transferFailed: sql`EXISTS (SELECT 1 FROM jsonb_array_elements(l.tool_calls) t WHERE ${failedTransfer})`,
};

/**
 * Conversation logs flagged for review, newest first. A rating and a block belong to the room (the contact), so
 * every conversation of a room rated 2 or less, or whose caller is blocked, is listed.
 */
export async function listCallsForReview(
  db: Db,
  options: {
    reason?: ReviewReason | undefined;
    phoneNumber?: string | undefined;
    before?: number | undefined;
    limit: number;
  },
): Promise<ReviewRow[]> {
  const flagged = options.reason
    ? conditionOf[options.reason]
    : sql`(${sql.join(Object.values(conditionOf), sql` OR `)})`;
  const number = options.phoneNumber;
  return queryRows<ReviewRow>(
    db,
    sql`SELECT l.id, l.uuid, l.account_id, l.account_name, a.username, l.channel, l.direction, l.from_number,
          l.to_number, l.timestamp, l.duration, l.ended_reason, r.rating, r.blocked,
          COALESCE((SELECT jsonb_agg(COALESCE(t->'data'->>'destination', '')) FROM jsonb_array_elements(l.tool_calls) t
                    WHERE ${failedTransfer}), '[]'::jsonb) AS failed_transfers
        FROM conversation_logs l
        LEFT JOIN rooms r ON r.room_id = l.room_id
        LEFT JOIN accounts a ON a.id = l.account_id
        WHERE ${flagged} ${options.before === undefined ? sql`` : sql`AND l.id < ${options.before}`}
          ${number === undefined ? sql`` : sql`AND (l.from_number = ${number} OR l.to_number = ${number})`}
        ORDER BY l.id DESC
        LIMIT ${options.limit}`,
  );
}

/** The numbers any flagged conversation was from or to (whatever its reason), sorted; at most `limit`. */
export async function phoneNumbersForReview(db: Db, limit: number): Promise<string[]> {
  const flagged = sql`(${sql.join(Object.values(conditionOf), sql` OR `)})`;
  const rows = await queryRows<{ number: string }>(
    db,
    sql`SELECT DISTINCT n.number
        FROM conversation_logs l
        LEFT JOIN rooms r ON r.room_id = l.room_id
        CROSS JOIN LATERAL (VALUES (l.from_number), (l.to_number)) AS n(number)
        WHERE ${flagged} AND n.number LIKE '+%'
        ORDER BY n.number
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.number);
}
