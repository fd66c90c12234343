import type { TaskAttempt } from './dialer.repo';
import type { Db } from '../../platform/database';
import { updateTaskRow, type TaskRow } from './tasks.repo';
import { findCallRoom, findEndedCalls, findTaskByCall, wakeTasksWaitingForALine } from './dialer.repo';
import { nextTry, type TryResult } from './retry-policy';
import { retryPolicyForTask } from './task-limits.service';

export interface TryEnd {
  result: TryResult;
  detail: string | null;
  conversationId?: string | null;
  callId?: string | null;
  durationSeconds?: number | null;
  /** False when the carrier refused for good (a bad number): no retry whatever the policy. */
  retryable?: boolean;
}

const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Ends the task's try in progress: its attempt gets the end, result and conversation; then the retry policy
 * either puts the task back to pending for the next try, or closes it: finished (answered, sent; or no-answer /
 * busy once the tries are used up) or errored with the reason.
 */
export async function closeTry(
  deps: { db: Db; now: () => Date },
  task: TaskRow,
  end: TryEnd,
): Promise<TaskRow | null> {
  const now = deps.now();
  const last = task.attempts.at(-1);
  const ended: TaskAttempt = {
    ...(last ?? { startedAt: now.toISOString(), answeredBy: null, conversationId: null, detail: null }),
    endedAt: now.toISOString(),
    result: end.result,
    // What the call's answer handling noted (a message left, a menu key pressed) stays unless the end says more.
    detail: end.detail ?? last?.detail ?? null,
    conversationId: end.conversationId ?? last?.conversationId ?? null,
    callId: end.callId ?? last?.callId ?? null,
    durationSeconds: end.durationSeconds ?? last?.durationSeconds ?? null,
  };
  const attempts = last ? [...task.attempts.slice(0, -1), ended] : [ended];
  const conversationId = ended.conversationId ?? task.conversationId;
  const policy = await retryPolicyForTask(deps.db, task);
  const next = nextTry(policy, attempts.length, { ...end, answeredBy: ended.answeredBy });
  const finished = ['completed', 'sent', 'no-answer', 'busy'].includes(end.result);
  const at = next.retry ? new Date(now.getTime() + next.delaySeconds * 1000) : now;
  const closed = await updateTaskRow(
    deps.db,
    task.id,
    ['running'],
    next.retry
      ? {
          state: 'pending',
          attempts,
          callId: null,
          conversationId,
          scheduledFor: at,
          waitingReason: null,
          waitingDetail: `Try ${String(attempts.length + 1)} of ${String(policy.maxAttempts)} at ${stamp(at)} (the last one ended ${end.result})`,
        }
      : {
          state: finished ? 'finished' : 'errored',
          attempts,
          callId: null,
          conversationId,
          outcome: end.result === 'completed' ? answeredOutcome(ended) : end.result,
          errorReason: finished ? null : (end.detail ?? `The try ended ${end.result}`),
          waitingReason: null,
          waitingDetail: null,
        },
    // A try on a call is closed only while the task is still on that call: a second process settling the same
    // ended call finds it closed (or on its next try) and changes nothing.
    task.callId,
  );
  // The try's line is free: the account's tasks waiting for one are looked at again now, not at their next check.
  if (closed) await wakeTasksWaitingForALine(deps.db, task.accountId, now);
  return closed;
}

/**
 * The outcome of an answered call, from who picked up: `voicemail` (a message left or, per the task, hung up),
 * `screened-out` (a call screener refused the agent), else `completed` (a person, or a menu or screener that put
 * the agent through).
 */
function answeredOutcome(attempt: TaskAttempt): string {
  if (attempt.answeredBy === 'voicemail') return 'voicemail';
  if (attempt.answeredBy === 'screener' && attempt.detail?.startsWith('Refused')) return 'screened-out';
  return 'completed';
}

const tryResultOf = (status: string): TryResult =>
  status === 'completed' || status === 'busy' || status === 'no-answer' || status === 'canceled'
    ? status
    : 'failed';

const statusDetail: Record<string, string | null> = {
  completed: null,
  busy: 'The line was busy',
  'no-answer': 'Nobody answered',
  canceled: 'The call was canceled before it was answered',
  failed: 'The carrier could not connect the call',
};

/**
 * How long an answered call's try waits for its conversation log after the carrier said the call ended: the
 * session writes the log as it closes, which can come a moment after the carrier's final status.
 */
export const conversationLogGraceMs = 30_000;

/**
 * Closes the tries whose calls the carrier reports ended (its status callback), linking the conversation the
 * call became. An answered call whose log is not written yet is left to a later sweep, within
 * `conversationLogGraceMs`, so its task links its conversation. Run by the dialer's sweep; answers how many it
 * closed.
 */
export async function settleEndedCalls(deps: { db: Db; now: () => Date }, limit = 200): Promise<number> {
  const ended = await findEndedCalls(deps.db, limit);
  let closed = 0;
  for (const { task, status, durationSeconds, endedAt, sipReason } of ended) {
    const conversationId = await findCallRoom(deps.db, task.callId ?? '');
    const logOnItsWay =
      status === 'completed' && endedAt.getTime() > deps.now().getTime() - conversationLogGraceMs;
    if (conversationId === null && logOnItsWay) continue;
    await closeTry(deps, task, {
      result: tryResultOf(status),
      detail:
        status === 'failed' && sipReason
          ? `The SIP call failed: ${sipReason}`
          : Object.hasOwn(statusDetail, status)
            ? (statusDetail[status] ?? null)
            : `The call ended ${status}`,
      conversationId,
      durationSeconds,
    });
    closed += 1;
  }
  return closed;
}

/**
 * Stores who answered a task's call (the answer classification) on its try in progress, with what the agent did
 * about it (`detail`: a message left, a menu key pressed) when given.
 */
export async function recordAnsweredBy(
  db: Db,
  callId: string,
  answeredBy: string,
  detail?: string | null,
): Promise<boolean> {
  const task = await findTaskByCall(db, callId);
  const last = task?.attempts.at(-1);
  if (!task || !last) return false;
  const attempts = [
    ...task.attempts.slice(0, -1),
    { ...last, answeredBy, ...(detail === undefined ? {} : { detail }) },
  ];
  return (await updateTaskRow(db, task.id, ['running'], { attempts })) !== null;
}
