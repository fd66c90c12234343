import { defineJob, type JobQueue } from '../../jobs';
import type { Db } from '../../platform/database';
import { findDueTaskKeys, type DueTaskKey } from './tasks.repo';

/** The job each due task becomes; the dialer works it (jobs.work(placeTask, ...)). */
export const placeTask = defineJob<{ taskId: number }>('tasks.place', { expireInSeconds: 900 });

/** One job per task (the queue's singleton key). */
export const taskJobKey = (taskId: number) => `task:${taskId}`;

/** The job's idempotency key: the task and the time it is due. */
export const taskJobIdempotencyKey = (task: DueTaskKey) =>
  `${taskJobKey(task.id)}:${String(task.scheduledFor.getTime())}`;

/**
 * Sends a job for each pending task that is due, a page (`limit`) per statement until none is left.
 * The idempotency key (the task and the time it is due) makes a second pass, or a second server process, a no-op
 * for tasks already sent, while a task rescheduled after its job ran gets a new one; the handler re-reads the
 * task, so one canceled after it was sent is skipped. `dueAfter` reads only tasks due after it; `known` leaves out
 * tasks the caller knows it sent already.
 * Answers the due tasks.
 */
export async function enqueueDueTasks(
  db: Db,
  jobs: Pick<JobQueue, 'sendMany'>,
  options: { now?: Date; limit?: number; dueAfter?: Date; known?: (task: DueTaskKey) => boolean } = {},
): Promise<DueTaskKey[]> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 500;
  const due: DueTaskKey[] = [];
  let after: number | null = null;
  for (;;) {
    const page = await findDueTaskKeys(db, now, limit, after, options.dueAfter);
    const fresh = options.known ? page.filter((task) => !options.known?.(task)) : page;
    if (fresh.length > 0) {
      await jobs.sendMany(
        placeTask,
        fresh.map((task) => ({
          payload: { taskId: task.id },
          singletonKey: taskJobKey(task.id),
          idempotencyKey: taskJobIdempotencyKey(task),
        })),
      );
    }
    due.push(...page);
    after = page.at(-1)?.id ?? null;
    if (page.length < limit || after === null) return due;
  }
}
