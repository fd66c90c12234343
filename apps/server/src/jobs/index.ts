/**
 * Durable jobs on PostgreSQL (and embedded PGlite) through pg-boss 10. A job survives a crash: kill -9 loses none
 * and, with effects, repeats no irreversible step. docs/ARCHITECTURE.md "Jobs" has the timings.
 *
 * Usage:
 *
 *   // features/tasks/jobs.ts: declare the type (its payload and policy) once
 *   export const dialTask = defineJob<{ taskId: string }>('tasks.dial', {
 *     retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 900,
 *   });
 *
 *   // anywhere with the services: enqueue (idempotent by key; due now or later; inside a transaction with `tx`)
 *   await services.jobs.send(dialTask, { taskId }, { idempotencyKey: `dial:${taskId}`, startAfter: scheduledFor });
 *
 *   // the area's handlers, listed in jobs/handlers.ts
 *   export const taskJobs: JobFeature = {
 *     area: 'tasks',
 *     start: ({ jobs, services }) =>
 *       jobs.work(dialTask, async ({ taskId }, { effects, signal, attemptId }) => {
 *         const claim = await effects.claim<{ callSid: string }>('call placed');
 *         if (claim.state === 'done') return claim.result;              // placed by an earlier attempt
 *         if (claim.state === 'interrupted') return closeAsErrored(taskId, 'cut off by a restart');
 *         const call = await placeCall(taskId, { signal });             // the irreversible step
 *         await services.db.transaction(async (tx) => {
 *           await recordAttempt(tx, taskId, call);                       // the handler's own writes...
 *           await effects.complete('call placed', { callSid: call.sid }, tx); // ...and the effect, together
 *         });
 *       }, { concurrency: 100 }),
 *   };
 *
 * Returning completes the job; throwing fails the attempt (retried by the policy). `signal` aborts at expiry or
 * shutdown. jobs.schedule(job, '0 * * * *', payload) sends on a cron.
 */
export {
  defineJob,
  EffectInterruptedError,
  type EffectClaim,
  type JobContext,
  type JobDefinition,
  type JobEffects,
  type JobHandler,
  type JobPolicy,
  type QueuePolicy,
  type SendOptions,
  type SendResult,
  type WorkOptions,
} from './define';
export { StaleAttemptError } from './effects.repo';
export { createJobQueue, type JobQueue, type JobQueueOptions, type JobRecord, type JobState } from './queue';
export type { JobFeature } from './registry';
