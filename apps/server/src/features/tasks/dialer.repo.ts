import {
  listenForNotifications,
  type NotificationListener,
  accounts,
  and,
  contacts,
  conversationLogs,
  doNotCall,
  eq,
  gt,
  gte,
  inArray,
  lt,
  ne,
  not,
  or,
  phoneCalls,
  sipCalls,
  smsOptOuts,
  sql,
  queryRows,
  taskDialDays,
  taskDials,
  tasks,
  type Db,
} from '@switchboard/db';
import type { TaskRow } from './tasks.repo';

export type { NotificationListener, TaskAttempt, TaskDialPolicy, TaskWaitingReason } from '@switchboard/db';

/** Call statuses after which a carrier reports nothing more. */
export const finalCallStatuses = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;

export async function addToDoNotCallList(
  db: Db,
  entry: { organizationId: number; phoneNumber: string; reason?: string | null },
): Promise<void> {
  await db
    .insert(doNotCall)
    .values({ ...entry, reason: entry.reason ?? null })
    .onConflictDoNothing();
}

/** What the dialer needs to know before it places a task: the agent's number, the organization, the contact's zone. */
export interface DialingFacts {
  agentNumber: string | null;
  organizationId: number | null;
  contactZone: string | null;
}

/**
 * The agent account's number and organization, and the time zone its contact record keeps for the target, in one
 * statement.
 */
export async function findDialingFacts(db: Db, task: TaskRow): Promise<DialingFacts> {
  const [row] = await db
    .select({
      phone: accounts.vidaPhoneNumber,
      organizationId: accounts.organizationId,
      contact: sql<Record<string, unknown> | null>`(SELECT ${contacts.data} FROM ${contacts}
        WHERE ${contacts.accountId} = ${task.accountId} AND ${contacts.phoneNumber} = ${task.target} LIMIT 1)`,
    })
    .from(accounts)
    .where(eq(accounts.id, task.accountId));
  const contact = typeof row?.contact === 'string' ? (JSON.parse(row.contact) as unknown) : row?.contact;
  const data = (contact ?? {}) as Record<string, unknown>;
  const zone = data.timezone ?? data.timeZone;
  return {
    agentNumber: row?.phone ?? null,
    organizationId: task.organizationId ?? row?.organizationId ?? null,
    contactZone: typeof zone === 'string' ? zone : null,
  };
}

/** In one statement: whether the target opted out of the agent number's texts, and is on the do-not-call list. */
export async function findTargetBlocks(
  db: Db,
  target: string,
  agentNumber: string | null,
  organizationId: number | null,
): Promise<{ optedOut: boolean; doNotCall: boolean }> {
  const optedOut =
    agentNumber === null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM ${smsOptOuts} WHERE ${smsOptOuts.agentNumber} = ${agentNumber}
          AND ${smsOptOuts.contactNumber} = ${target})`;
  const listed =
    organizationId === null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM ${doNotCall} WHERE ${doNotCall.organizationId} = ${organizationId}
          AND ${doNotCall.phoneNumber} = ${target})`;
  const [row] = await db
    .select({ optedOut: sql<boolean>`${optedOut}`, doNotCall: sql<boolean>`${listed}` })
    .from(sql`(SELECT 1) AS one`);
  return { optedOut: row?.optedOut === true, doNotCall: row?.doNotCall === true };
}

/**
 * The calls and texts the account's tasks placed since `dayStart` (its day's counter row: one row read however many
 * were placed), and its tasks being placed right now (calls ringing or talking, texts being sent). A day without a
 * row yet (a new day, the hours' zone changed) is counted from the dials once and its row written: the caller holds
 * the account's dialing lock, so no dial lands in between.
 */
export async function countDialingLoad(db: Db, accountId: number, dayStart: Date) {
  const [row] = await queryRows<{ calls: number | null; texts: number | null; running: string | number }>(
    db,
    sql`SELECT d.calls, d.texts,
        (SELECT count(*) FROM ${tasks} WHERE ${tasks.accountId} = ${accountId} AND ${tasks.state} = 'running') AS running
      FROM (SELECT 1) AS one
      LEFT JOIN ${taskDialDays} d ON d.account_id = ${accountId} AND d.day_start = ${dayStart.toISOString()}::timestamptz`,
  );
  const running = Number(row?.running ?? 0);
  const kept = { calls: row?.calls ?? null, texts: row?.texts ?? null };
  if (kept.calls !== null && kept.texts !== null) {
    return { dialed: { calls: kept.calls, texts: kept.texts, tasks: kept.calls + kept.texts }, running };
  }
  const [counted] = await db
    .select({
      calls: sql<string>`count(*) FILTER (WHERE ${taskDials.type} = 'call')`,
      texts: sql<string>`count(*) FILTER (WHERE ${taskDials.type} = 'text')`,
    })
    .from(taskDials)
    .where(and(eq(taskDials.accountId, accountId), gte(taskDials.dialedAt, dayStart)));
  const calls = Number(counted?.calls ?? 0);
  const texts = Number(counted?.texts ?? 0);
  await db.insert(taskDialDays).values({ accountId, dayStart, calls, texts }).onConflictDoNothing();
  return { dialed: { calls, texts, tasks: calls + texts }, running };
}

/** When another task of the organization (or of the account) last reached the target this way. */
export async function lastDialTo(db: Db, task: TaskRow, organizationId: number | null): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${taskDials.dialedAt})` })
    .from(taskDials)
    .where(
      and(
        eq(taskDials.target, task.target),
        eq(taskDials.type, task.type),
        ne(taskDials.taskId, task.id),
        organizationId === null
          ? eq(taskDials.accountId, task.accountId)
          : eq(taskDials.organizationId, organizationId),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

export async function insertDial(
  db: Db,
  task: TaskRow,
  organizationId: number | null,
  at: Date,
  dayStart: Date,
): Promise<void> {
  await db.insert(taskDials).values({
    taskId: task.id,
    accountId: task.accountId,
    organizationId,
    type: task.type,
    target: task.target,
    dialedAt: at,
  });
  // The day's counter, which the daily caps read (countDialingLoad wrote it when the day began).
  const call = task.type === 'call' ? 1 : 0;
  await db
    .insert(taskDialDays)
    .values({ accountId: task.accountId, dayStart, calls: call, texts: 1 - call })
    .onConflictDoUpdate({
      target: [taskDialDays.accountId, taskDialDays.dayStart],
      set: {
        calls: sql`${taskDialDays.calls} + excluded.calls`,
        texts: sql`${taskDialDays.texts} + excluded.texts`,
      },
    });
}

/** Serialises the limit checks of one agent account's tasks (until the transaction ends). */
export async function lockAccountDialing(tx: Db, accountId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_401}, ${accountId})`);
}

/** Running call tasks whose call has ended at the carrier, with how it ended (a SIP call's reason too). */
export async function findEndedCalls(db: Db, limit: number) {
  return db
    .select({
      task: tasks,
      status: phoneCalls.status,
      durationSeconds: phoneCalls.durationSeconds,
      endedAt: phoneCalls.updatedAt,
      sipReason: sipCalls.endReason,
    })
    .from(tasks)
    .innerJoin(phoneCalls, eq(phoneCalls.callId, tasks.callId))
    .leftJoin(sipCalls, and(eq(phoneCalls.carrier, 'sip'), eq(sipCalls.sipCallId, phoneCalls.callId)))
    .where(
      and(
        eq(tasks.state, 'running'),
        eq(tasks.type, 'call'),
        inArray(phoneCalls.status, [...finalCallStatuses]),
      ),
    )
    .limit(limit);
}

/** Call statuses before the call is answered. */
const unansweredCallStatuses = ['queued', 'initiated', 'ringing'];

/**
 * Running call tasks whose call has not ended and whose carrier last reported before the bound: `unansweredBefore`
 * for a call not yet answered, `answeredBefore` for any other. With the call's last status and when it came.
 */
export async function findSilentCalls(
  db: Db,
  bounds: { unansweredBefore: Date; answeredBefore: Date; limit: number },
) {
  return db
    .select({ task: tasks, status: phoneCalls.status, lastHeard: phoneCalls.updatedAt })
    .from(tasks)
    .innerJoin(phoneCalls, eq(phoneCalls.callId, tasks.callId))
    .where(
      and(
        eq(tasks.state, 'running'),
        eq(tasks.type, 'call'),
        not(inArray(phoneCalls.status, [...finalCallStatuses])),
        or(
          and(
            inArray(phoneCalls.status, unansweredCallStatuses),
            lt(phoneCalls.updatedAt, bounds.unansweredBefore),
          ),
          lt(phoneCalls.updatedAt, bounds.answeredBefore),
        ),
      ),
    )
    .limit(bounds.limit);
}

/**
 * Running call tasks on a sandbox call that has not ended: all of them, or only those whose call row was last
 * touched before `touchedBefore`.
 */
export async function findOpenSandboxCalls(db: Db, options: { touchedBefore: Date | null; limit: number }) {
  return db
    .select({ task: tasks, status: phoneCalls.status })
    .from(tasks)
    .innerJoin(phoneCalls, eq(phoneCalls.callId, tasks.callId))
    .where(
      and(
        eq(tasks.state, 'running'),
        eq(tasks.type, 'call'),
        eq(phoneCalls.carrier, 'sandbox'),
        not(inArray(phoneCalls.status, [...finalCallStatuses])),
        options.touchedBefore ? lt(phoneCalls.updatedAt, options.touchedBefore) : undefined,
      ),
    )
    .limit(options.limit);
}

/** The account's pending tasks waiting for a free line become due now (one was freed). */
export async function wakeTasksWaitingForALine(db: Db, accountId: number, now: Date): Promise<void> {
  await db
    .update(tasks)
    .set({ scheduledFor: now })
    .where(
      and(
        eq(tasks.accountId, accountId),
        eq(tasks.state, 'pending'),
        eq(tasks.waitingReason, 'concurrency'),
        gt(tasks.scheduledFor, now),
      ),
    );
}

/** The room of the conversation a call became, once its log is written. */
export async function findCallRoom(db: Db, callId: string): Promise<string | null> {
  const [row] = await db
    .select({ roomId: conversationLogs.roomId })
    .from(conversationLogs)
    .where(eq(conversationLogs.callId, callId))
    .limit(1);
  return row?.roomId ?? null;
}

/** The task a call was placed for, while it runs. */
export async function findTaskByCall(db: Db, callId: string): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.callId, callId), eq(tasks.state, 'running')));
  return row ?? null;
}

/**
 * The call placed for a task, as the voice webhook expects an outbound call to be known when it is answered
 * (the same row the carrier's status callbacks update).
 */
export async function insertPlacedCall(db: Db, call: typeof phoneCalls.$inferInsert): Promise<void> {
  await db.insert(phoneCalls).values(call);
}

/**
 * The channel the database announces the dialer's events on (triggers of migration dialer-wake): `<epoch ms>`, the
 * earliest due time a write to `tasks` left pending; `settle`, a running task's call ended or its conversation log
 * was written.
 */
export const dialerWakeChannel = 'dialer_wake';

/** Hears the dialer's announcements (in-process on PGlite; one dedicated connection on PostgreSQL). */
export function listenForDialerWake(
  db: Db,
  onPayload: (payload: string) => void,
  options: { onError: (error: unknown) => void; onReconnect: () => void },
): Promise<NotificationListener> {
  return listenForNotifications(db, dialerWakeChannel, onPayload, options);
}
