import {
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
  smsOptOuts,
  sql,
  taskDials,
  tasks,
  type Db,
} from '@switchboard/db';
import type { TaskRow } from './tasks.repo';

export type { TaskAttempt, TaskDialPolicy, TaskWaitingReason } from '@switchboard/db';

/** Call statuses after which a carrier reports nothing more. */
export const finalCallStatuses = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;

export async function isOnDoNotCallList(
  db: Db,
  organizationId: number | null,
  target: string,
): Promise<boolean> {
  if (organizationId === null) return false;
  const [row] = await db
    .select({ id: doNotCall.id })
    .from(doNotCall)
    .where(and(eq(doNotCall.organizationId, organizationId), eq(doNotCall.phoneNumber, target)));
  return row !== undefined;
}

export async function addToDoNotCallList(
  db: Db,
  entry: { organizationId: number; phoneNumber: string; reason?: string | null },
): Promise<void> {
  await db
    .insert(doNotCall)
    .values({ ...entry, reason: entry.reason ?? null })
    .onConflictDoNothing();
}

/** The agent account's number and organization, and the time zone its contact record keeps for the target. */
export async function findDialingFacts(db: Db, task: TaskRow) {
  const [agent] = await db
    .select({ phone: accounts.vidaPhoneNumber, organizationId: accounts.organizationId })
    .from(accounts)
    .where(eq(accounts.id, task.accountId));
  const [contact] = await db
    .select({ data: contacts.data })
    .from(contacts)
    .where(and(eq(contacts.accountId, task.accountId), eq(contacts.phoneNumber, task.target)))
    .limit(1);
  const zone = contact?.data.timezone ?? contact?.data.timeZone;
  return {
    agentNumber: agent?.phone ?? null,
    organizationId: task.organizationId ?? agent?.organizationId ?? null,
    contactZone: typeof zone === 'string' ? zone : null,
  };
}

/** Calls and texts the account's tasks placed since `since`, by type. */
export async function countDialsSince(db: Db, accountId: number, since: Date) {
  const rows = await db
    .select({ type: taskDials.type, total: sql<string>`count(*)` })
    .from(taskDials)
    .where(and(eq(taskDials.accountId, accountId), gte(taskDials.dialedAt, since)))
    .groupBy(taskDials.type);
  const of = (type: 'call' | 'text') => Number(rows.find((row) => row.type === type)?.total ?? 0);
  return { calls: of('call'), texts: of('text'), tasks: of('call') + of('text') };
}

/** Tasks of the account being placed right now (calls ringing or talking, texts being sent). */
export async function countRunning(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`count(*)` })
    .from(tasks)
    .where(and(eq(tasks.accountId, accountId), eq(tasks.state, 'running')));
  return Number(row?.total ?? 0);
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
): Promise<void> {
  await db.insert(taskDials).values({
    taskId: task.id,
    accountId: task.accountId,
    organizationId,
    type: task.type,
    target: task.target,
    dialedAt: at,
  });
}

/** Serialises the limit checks of one agent account's tasks (until the transaction ends). */
export async function lockAccountDialing(tx: Db, accountId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_401}, ${accountId})`);
}

/** Running call tasks whose call has ended at the carrier, with how it ended. */
export async function findEndedCalls(db: Db, limit: number) {
  return db
    .select({
      task: tasks,
      status: phoneCalls.status,
      durationSeconds: phoneCalls.durationSeconds,
      endedAt: phoneCalls.updatedAt,
    })
    .from(tasks)
    .innerJoin(phoneCalls, eq(phoneCalls.callId, tasks.callId))
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

/** Whether the contact replied STOP to the agent's number (the carrier's opt-out list). */
export async function isOptedOut(db: Db, agentNumber: string, contactNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.agentNumber, agentNumber), eq(smsOptOuts.contactNumber, contactNumber)));
  return row !== undefined;
}

/**
 * The call placed for a task, as the voice webhook expects an outbound call to be known when it is answered
 * (the same row the carrier's status callbacks update).
 */
export async function insertPlacedCall(db: Db, call: typeof phoneCalls.$inferInsert): Promise<void> {
  await db.insert(phoneCalls).values(call);
}
