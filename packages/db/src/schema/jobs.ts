import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The irreversible steps of durable jobs (a call placed, a payout sent): a handler claims a step before it acts and
 * marks it done, with its result, in the same transaction as its own writes. A retry after a crash finds the step
 * done (and skips it) or claimed by an attempt that never finished (the outcome is unknown, so the handler closes
 * the work as interrupted instead of acting twice). `job_id` is the queue's job id; `attempt_id` names one run.
 */
export const jobEffects = pgTable(
  'job_effects',
  {
    jobId: text('job_id').notNull(),
    step: text('step').notNull(),
    attemptId: text('attempt_id').notNull(),
    state: text('state').$type<'claimed' | 'done'>().notNull(),
    result: jsonb('result'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.step] }),
    index('job_effects_claimed_at_idx').on(table.claimedAt),
  ],
);
