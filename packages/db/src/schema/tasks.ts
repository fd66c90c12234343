import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export type TaskState = 'pending' | 'running' | 'finished' | 'errored' | 'canceled' | 'deleted';

/** One try at a task, written by the dialer: when it ran, how it ended, and the conversation it produced. */
export interface TaskAttempt {
  startedAt: string;
  endedAt: string | null;
  result: string;
  answeredBy: string | null;
  conversationId: string | null;
  detail: string | null;
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
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tasks_account_created_at_idx').on(table.accountId, table.createdAt),
    index('tasks_organization_created_at_idx').on(table.organizationId, table.createdAt),
    index('tasks_due_idx').on(table.state, table.scheduledFor),
    index('tasks_batch_idx').on(table.batchId),
  ],
);

export interface TaskBusinessHours {
  timezone: string;
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  days: number[];
  /** 'HH:MM', local to the time zone. */
  start: string;
  end: string;
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
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
