import { defineJob, type JobQueue } from '../../jobs';
import type { Db } from '../../platform/database';
import { findDueTaskRows, type TaskRow } from './tasks.repo';

/** The job each due task becomes; the dialer works it (jobs.work(placeTask, ...)). */
export const placeTask = defineJob<{ taskId: number }>('tasks.place', { expireInSeconds: 900 });

/** One job per task (the queue's singleton key). */
export const taskJobKey = (taskId: number) => `task:${taskId}`;

/**
 * Sends a job for each pending task that is due, oldest first. The idempotency key (the task and the time it is
 * due) makes a second sweep, or a second server process, a no-op for tasks already sent, while a task rescheduled
 * after its job ran gets a new one; the handler re-reads the task, so one canceled after it was sent is skipped.
 */
export async function enqueueDueTasks(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  options: { now?: Date; limit?: number } = {},
): Promise<TaskRow[]> {
  const due = await findDueTaskRows(db, options.now ?? new Date(), options.limit ?? 500);
  for (const task of due) {
    await jobs.send(
      placeTask,
      { taskId: task.id },
      {
        singletonKey: taskJobKey(task.id),
        idempotencyKey: `${taskJobKey(task.id)}:${String(task.scheduledFor.getTime())}`,
      },
    );
  }
  return due;
}
