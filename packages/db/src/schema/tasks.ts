import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export type TaskState = 'pending' | 'running' | 'finished' | 'errored' | 'canceled' | 'deleted';

/** One try at a task, written by the dialer: when it ran, how it ended, and the conversation it produced. */
export interface TaskAttempt {
  startedAt: string;
  endedAt: string | null;
  /** completed, no-answer, busy, failed, canceled, interrupted, sent (a text). */
  result: string;
  /** Who picked up: human, voicemail, screener, menu (the answer classification), or null. */
  answeredBy: string | null;
  conversationId: string | null;
  /** The carrier's error or why the try ended, in words. */
  detail: string | null;
  /** The carrier's call or message id. */
  callId?: string | null;
  durationSeconds?: number | null;
}

/** Why a pending task is not being placed yet. */
export type TaskWaitingReason = 'outside-hours' | 'cap-reached' | 'concurrency' | 'cooldown';

/** How a task is retried and what it does on a voicemail; unset fields take the dialer's defaults. */
export interface TaskDialPolicy {
  /** Tries in all (1 = no retry). */
  maxAttempts?: number;
  /** Seconds before each retry (the last one repeats). */
  retryDelaysSeconds?: number[];
  /** On a voicemail: leave the task's message after the beep, or hang up. */
  voicemail?: 'leave-message' | 'hang-up';
}

/**
 * A call or text an agent account is to place: the target in E.164, what the agent should know (context,
 * taskContext, variables from the CSV's extra columns), when it is due, and what became of it. Deleted tasks
 * keep their row (state `deleted`) for history.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    organizationId: integer('organization_id'),
    type: text('type').$type<'call' | 'text'>().notNull(),
    state: text('state').$type<TaskState>().notNull().default('pending'),
    target: text('target').notNull(),
    context: text('context'),
    taskContext: text('task_context'),
    message: text('message'),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    greeting: text('greeting'),
    waitToGreet: boolean('wait_to_greet').notNull().default(false),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull().defaultNow(),
    externalTaskId: text('external_task_id'),
    source: text('source').$type<'api' | 'csv'>().notNull().default('api'),
    batchId: uuid('batch_id'),
    attempts: jsonb('attempts').$type<TaskAttempt[]>().notNull().default([]),
    outcome: text('outcome'),
    errorReason: text('error_reason'),
    conversationId: text('conversation_id'),
    /** Why it waits (set by the dialer when it reschedules it), with the detail in words. */
    waitingReason: text('waiting_reason').$type<TaskWaitingReason>(),
    waitingDetail: text('waiting_detail'),
    /** The call (or text) of the try in progress. */
    callId: text('call_id'),
    dialPolicy: jsonb('dial_policy').$type<TaskDialPolicy>(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tasks_account_created_at_idx').on(table.accountId, table.createdAt),
    index('tasks_organization_created_at_idx').on(table.organizationId, table.createdAt),
    index('tasks_due_idx').on(table.state, table.scheduledFor),
    index('tasks_batch_idx').on(table.batchId),
    index('tasks_call_idx').on(table.callId),
  ],
);

/**
 * Every call placed and text sent for a task, one row each: what the daily caps count and the cooldown per target
 * looks back on (the task's attempts are the history shown; this is the index).
 */
export const taskDials = pgTable(
  'task_dials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    organizationId: integer('organization_id'),
    type: text('type').$type<'call' | 'text'>().notNull(),
    target: text('target').notNull(),
    dialedAt: timestamp('dialed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('task_dials_account_dialed_at_idx').on(table.accountId, table.dialedAt),
    index('task_dials_target_idx').on(table.target, table.dialedAt),
  ],
);

/**
 * The calls and texts an agent account's tasks placed in one day (from local midnight in the zone of its business
 * hours), kept as they are placed so the daily caps read one row, not the day's dials. Written in the same
 * transaction as the dial, under the account's dialing lock; a day without a row is counted from task_dials once.
 */
export const taskDialDays = pgTable(
  'task_dial_days',
  {
    accountId: integer('account_id').notNull(),
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    texts: integer('texts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.dayStart] })],
);

/** Numbers an organization must never be called or texted at by its agents' tasks. */
export const doNotCall = pgTable(
  'do_not_call',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => accounts.id),
    phoneNumber: text('phone_number').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('do_not_call_org_number_key').on(table.organizationId, table.phoneNumber)],
);

export interface TaskBusinessHours {
  timezone: string;
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  days: number[];
  /** 'HH:MM', local to the time zone. */
  start: string;
  end: string;
}

/** Which ends of a try call for another one. */
export type TaskRetryOutcome = 'no-answer' | 'busy' | 'voicemail' | 'failed' | 'interrupted';

/** How an account's tasks are retried; a field left unset is inherited. */
export interface TaskRetryPolicy {
  /** Tries in all (1 = no retry). */
  maxAttempts?: number;
  /** Seconds before each retry (the last one repeats). */
  retryDelaysSeconds?: number[];
  retryOn?: TaskRetryOutcome[];
}

export interface TaskCounts {
  calls?: number;
  texts?: number;
  tasks?: number;
}

/**
 * The task limits an account sets for itself and everything below it; a field left null is inherited. The
 * effective limits of an account narrow each ancestor's (partner → reseller → organization → agent account).
 */
export const taskLimits = pgTable('task_limits', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  businessHours: jsonb('business_hours').$type<TaskBusinessHours>(),
  daily: jsonb('daily').$type<TaskCounts>(),
  concurrencyPerRun: integer('concurrency_per_run'),
  /** Seconds between two tasks to the same target, per type. */
  cooldowns: jsonb('cooldowns').$type<{ calls?: number; texts?: number }>(),
  retryPolicy: jsonb('retry_policy').$type<TaskRetryPolicy>(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
