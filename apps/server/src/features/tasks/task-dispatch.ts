import type { Db } from '../../platform/database';
import { findDueTaskRows, type TaskRow } from './tasks.repo';

/** The job queue as the tasks area needs it: pg-boss's send, with a singleton key per task. */
export interface TaskJobQueue {
  send(
    name: string,
    data: { taskId: number },
    options: { singletonKey: string; startAfter?: Date },
  ): Promise<string | null>;
}

/** The job each due task becomes; the dialer registers its handler under this name. */
export const placeTaskJob = 'tasks.place';

/** The singleton key that keeps a task from being queued twice, however often the due tasks are swept. */
export const taskJobKey = (taskId: number) => `task:${taskId}`;

/**
 * Sends a job for each pending task that is due, oldest first. The singleton key makes a second sweep (or a
 * second server process) a no-op for tasks already queued; the job handler re-reads the task and its state, so a
 * task canceled after it was queued is not placed.
 */
export async function enqueueDueTasks(
  db: Db,
  queue: TaskJobQueue,
  options: { now?: Date; limit?: number } = {},
): Promise<TaskRow[]> {
  const due = await findDueTaskRows(db, options.now ?? new Date(), options.limit ?? 500);
  for (const task of due) {
    await queue.send(placeTaskJob, { taskId: task.id }, { singletonKey: taskJobKey(task.id) });
  }
  return due;
}
