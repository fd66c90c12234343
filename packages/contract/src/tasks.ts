import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { epochSecondsField, idField, okBody, queryBool, queryInt } from './fields';
import { doNotCallEndpoints } from './task-do-not-call';

// The endpoints are listed once, as part of tasksEndpoints.
export { doNotCallEntrySchema, doNotCallLimits, type DoNotCallEntryView } from './task-do-not-call';

/** pending: waiting for its time, a free line or the limits; running: being placed; the rest are final. */
export const taskStates = ['pending', 'running', 'finished', 'errored', 'canceled', 'deleted'] as const;
export const taskStateSchema = z.enum(taskStates);
export type TaskStateName = (typeof taskStates)[number];

export const taskTypeSchema = z.enum(['call', 'text']);

export const taskAttemptSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  result: z.string(),
  answeredBy: z.string().nullable(),
  conversationId: z.string().nullable(),
  detail: z.string().nullable(),
  /** The carrier's call or message id. */
  callId: z.string().nullable().optional(),
  durationSeconds: z.number().int().nullable().optional(),
});

/** Why a pending task is not placed yet: outside business hours, a daily cap reached, the line full, a cooldown. */
export const taskWaitingReasons = ['outside-hours', 'cap-reached', 'concurrency', 'cooldown'] as const;

export const taskSchema = z.object({
  id: z.number().int(),
  type: taskTypeSchema,
  state: taskStateSchema,
  /** The agent account that places it. */
  accountId: z.number().int(),
  /** E.164. */
  target: z.string(),
  /** Facts about the person. */
  context: z.string().nullable(),
  /** Instructions for this piece of work. */
  taskContext: z.string().nullable(),
  /** The text a text task sends. */
  message: z.string().nullable(),
  /** Named values the agent's prompt can use (a CSV's extra columns). */
  variables: z.record(z.string(), z.string()),
  greeting: z.string().nullable(),
  waitToGreet: z.boolean(),
  /** Epoch seconds. */
  scheduledFor: z.number().int(),
  externalTaskId: z.string().nullable(),
  source: z.enum(['api', 'csv']),
  batchId: z.string().nullable(),
  attempts: z.array(taskAttemptSchema),
  outcome: z.string().nullable(),
  errorReason: z.string().nullable(),
  /** The room of the conversation the task produced. */
  conversationId: z.string().nullable(),
  /** Why a pending task waits (the dialer rescheduled it to the next time it may run), with the detail in words. */
  waitingReason: z.enum(taskWaitingReasons).nullable(),
  waitingDetail: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TaskView = z.infer<typeof taskSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (24-hour)');

export const businessHoursSchema = z
  .object({
    timezone: z.string().min(1).max(64),
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1, 'needs at least one day (1 = Monday ... 7 = Sunday)')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'lists a day twice'),
    start: hhmm,
    end: hhmm,
  })
  .refine((hours) => hours.start < hours.end, { message: 'must end after they start', path: ['end'] })
  .meta({
    examples: [{ timezone: 'America/New_York', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
  });

const cap = z.number().int().min(0).max(1_000_000);
export const dailyCapsSchema = z.object({
  calls: cap.optional(),
  texts: cap.optional(),
  tasks: cap.optional(),
});
const cooldown = z
  .number()
  .int()
  .min(0)
  .max(365 * 86_400);
export const cooldownsSchema = z.object({ calls: cooldown.optional(), texts: cooldown.optional() });

/** How a try can end that may call for another: nobody answered, busy, a voicemail, the carrier failed, a crash. */
export const taskRetryOutcomes = ['no-answer', 'busy', 'voicemail', 'failed', 'interrupted'] as const;
export const taskRetryOutcomeSchema = z.enum(taskRetryOutcomes);

const retryDelay = z
  .number()
  .int()
  .min(0)
  .max(7 * 86_400);

/** A retry policy as one account sets it: any field left out is inherited. */
export const ownRetryPolicySchema = z
  .object({
    /** Tries in all (1: never retried). */
    maxAttempts: z.number().int().min(1).max(10).optional(),
    /** Seconds before each retry; the last one repeats. */
    retryDelaysSeconds: z.array(retryDelay).min(1, 'needs at least one delay').max(9).optional(),
    /** Which ends of a try are retried. */
    retryOn: z
      .array(taskRetryOutcomeSchema)
      .max(taskRetryOutcomes.length)
      .refine((list) => new Set(list).size === list.length, 'lists an outcome twice')
      .optional(),
  })
  .meta({ examples: [{ maxAttempts: 3, retryDelaysSeconds: [600, 1800], retryOn: ['no-answer', 'busy'] }] });

export const retryPolicySchema = z.object({
  maxAttempts: z.number().int(),
  retryDelaysSeconds: z.array(z.number().int()),
  retryOn: z.array(taskRetryOutcomeSchema),
});
export type RetryPolicyView = z.infer<typeof retryPolicySchema>;

export const taskLimitsSchema = z.object({
  businessHours: businessHoursSchema.nullable(),
  daily: z.object({ calls: z.number().int(), texts: z.number().int(), tasks: z.number().int() }),
  concurrencyPerRun: z.number().int(),
  cooldowns: z.object({ calls: z.number().int(), texts: z.number().int() }),
  /** How tries are retried: the fewest attempts, the longest delays and only the outcomes every level retries. */
  retryPolicy: retryPolicySchema,
});
export type TaskLimitsView = z.infer<typeof taskLimitsSchema>;

/** What one account sets itself; a null field is inherited. */
export const ownTaskLimitsSchema = z.object({
  businessHours: businessHoursSchema.nullable(),
  daily: dailyCapsSchema.nullable(),
  concurrencyPerRun: z.number().int().nullable(),
  cooldowns: cooldownsSchema.nullable(),
  retryPolicy: ownRetryPolicySchema.nullable(),
});
export type OwnTaskLimitsView = z.infer<typeof ownTaskLimitsSchema>;

const limitsAnswer = okBody({
  /** What holds for the acting account: every level's limits narrowed together. */
  limits: taskLimitsSchema,
  /** What the acting account sets itself. */
  own: ownTaskLimitsSchema,
  /** Each ancestor's own limits, the platform's defaults first, then partner → … → the parent. */
  inherited: z.array(
    z.object({
      accountId: z.number().int().nullable(),
      name: z.string(),
      accountType: z.string(),
      limits: ownTaskLimitsSchema,
    }),
  ),
  /** The highest daily caps and concurrency the acting account may set without a super admin. */
  ceiling: z.object({ daily: taskLimitsSchema.shape.daily, concurrencyPerRun: z.number().int() }),
});

const taskText = (max: number) => z.string().trim().max(max).nullable().optional();
const variablesField = z
  .record(z.string().trim().min(1).max(64), z.string().max(2000))
  .refine((record) => Object.keys(record).length <= 50, 'holds at most 50 variables');

export const csvTaskRowSchema = z.object({
  line: z.number().int(),
  taskId: z.number().int().nullable(),
  type: taskTypeSchema,
  target: z.string(),
  accountId: z.number().int(),
  scheduledFor: z.number().int(),
  context: z.string().nullable(),
  externalTaskId: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
});
export type CsvTaskRow = z.infer<typeof csvTaskRowSchema>;

export const taskCsvLimits = { maxBytes: 2 * 1024 * 1024, maxRows: 10_000 } as const;

export const tasksEndpoints = {
  ...doNotCallEndpoints,
  listTasks: defineEndpoint({
    area: 'tasks',
    method: 'GET',
    path: '/api/v2/tasks',
    summary: "The acting account's tasks (and those of the agent accounts below it)",
    description:
      '`since`/`until` (epoch seconds) filter on updatedAt; deleted tasks show only when asked by state.',
    guard: 'session',
    query: z.object({
      limit: queryInt({ min: 1, max: 100 }).default(10),
      offset: queryInt({ min: 0 }).default(0),
      sort: z.enum(['createdAt', 'updatedAt', 'scheduledFor']).default('createdAt'),
      order: z.enum(['asc', 'desc']).default('desc'),
      state: taskStateSchema.optional(),
      batchId: z.uuid().optional(),
      since: epochSecondsField().optional(),
      until: epochSecondsField().optional(),
    }),
    response: okBody({ tasks: z.array(taskSchema), total: z.number().int() }),
  }),
  createTask: defineEndpoint({
    area: 'tasks',
    method: 'POST',
    path: '/api/v2/tasks',
    summary: 'Queue a call or text for an agent account',
    description:
      '`accountId` is the agent account that places it (default: the acting account, when it is one). The target ' +
      'is stored in E.164 (US by default). `scheduledFor` (epoch seconds, default now) may not be in the past or ' +
      'outside the business hours in force.',
    guard: 'session',
    body: z.object({
      type: taskTypeSchema,
      target: z.string().trim().min(1, 'is required').max(32),
      context: taskText(4000),
      taskContext: taskText(4000),
      message: taskText(1600),
      variables: variablesField.optional(),
      greeting: taskText(1000),
      waitToGreet: z.boolean().optional(),
      accountId: idField().optional(),
      scheduledFor: epochSecondsField().optional(),
      externalTaskId: taskText(200),
    }),
    owned: { body: { accountId: 'account' } },
    response: okBody({ task: taskSchema }),
  }),
  taskStats: defineEndpoint({
    area: 'tasks',
    method: 'GET',
    path: '/api/v2/tasks/stats',
    summary: 'How many tasks are in each state (optionally of one CSV batch)',
    guard: 'session',
    query: z.object({ batchId: z.uuid().optional() }),
    response: okBody({ total: z.number().int(), byState: z.record(taskStateSchema, z.number().int()) }),
  }),
  uploadTaskCsv: defineEndpoint({
    area: 'tasks',
    method: 'POST',
    path: '/api/v2/tasks/csv',
    summary: 'Queue tasks from a CSV file (multipart field `csv`), or check it with dryRun',
    description:
      'A header row is required. Recognised columns: type, target, context, taskContext, greeting, waitToGreet, ' +
      'accountId, scheduledFor, message, externalTaskId; any other column becomes a variable of the task. Numbers ' +
      'are stored in E.164. Rows with a problem are reported by line and column and left out, duplicates within ' +
      'the file too; the other rows are queued together. A file that is not CSV, has no header, is over ' +
      `${taskCsvLimits.maxBytes / 1024 / 1024} MB or ${taskCsvLimits.maxRows} rows, or names an account the ` +
      'caller may not use is refused whole (4xx) and queues nothing.',
    guard: 'session',
    query: z.object({ dryRun: queryBool().optional(), accountId: idField().optional() }),
    owned: { query: { accountId: 'account' } },
    response: okBody({
      message: z.string(),
      dryRun: z.boolean(),
      batchId: z.string().nullable(),
      columns: z.array(z.object({ name: z.string(), field: z.string(), recognised: z.boolean() })),
      rows: z.number().int(),
      queued: z.number().int(),
      /** The good rows as they are (or would be) queued; taskId is null on a dry run. */
      tasks: z.array(csvTaskRowSchema),
      errors: z.array(
        z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() }),
      ),
      duplicates: z.array(z.object({ line: z.number().int(), duplicateOf: z.number().int() })),
    }),
  }),
  getTaskLimits: defineEndpoint({
    area: 'tasks',
    method: 'GET',
    path: '/api/v2/tasks/limits',
    summary: 'The task limits in force for the acting account, and the ones it inherits',
    guard: 'session',
    response: limitsAnswer,
  }),
  saveTaskLimits: defineEndpoint({
    area: 'tasks',
    method: 'POST',
    path: '/api/v2/tasks/limits',
    summary: "Set the acting account's task limits (null: inherit)",
    description:
      'A limit may narrow what the account inherits, never widen it (400): for the retry policy, no more attempts, ' +
      'no shorter delays and no outcome retried that a level above does not retry. Only a super admin may raise ' +
      'the daily caps or concurrencyPerRun above what is in force (403).',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      businessHours: businessHoursSchema.nullable().optional(),
      daily: dailyCapsSchema.nullable().optional(),
      concurrencyPerRun: z.number().int().min(1).max(10_000).nullable().optional(),
      cooldowns: cooldownsSchema.nullable().optional(),
      retryPolicy: ownRetryPolicySchema.nullable().optional(),
    }),
    response: limitsAnswer,
  }),
  getTask: defineEndpoint({
    area: 'tasks',
    method: 'GET',
    path: '/api/v2/tasks/:id',
    summary: 'One task',
    guard: 'session',
    params: z.object({ id: idField() }),
    owned: { params: { id: 'task' } },
    response: okBody({ task: taskSchema }),
  }),
  updateTask: defineEndpoint({
    area: 'tasks',
    method: 'POST',
    path: '/api/v2/tasks/:id',
    summary: 'Cancel, requeue, reschedule or edit a task that has not started',
    description:
      '`state: "canceled"` cancels a pending task; `state: "pending"` requeues a canceled one. 409 once it runs ' +
      'or has ended.',
    guard: 'session',
    params: z.object({ id: idField() }),
    body: z.object({
      state: z.enum(['canceled', 'pending']).optional(),
      scheduledFor: epochSecondsField().optional(),
      context: taskText(4000),
      taskContext: taskText(4000),
      message: taskText(1600),
      variables: variablesField.optional(),
      greeting: taskText(1000),
      waitToGreet: z.boolean().optional(),
    }),
    owned: { params: { id: 'task' } },
    response: okBody({ task: taskSchema }),
  }),
  deleteTask: defineEndpoint({
    area: 'tasks',
    method: 'DELETE',
    path: '/api/v2/tasks/:id',
    summary: 'Delete a task (kept, in state deleted, for history)',
    description: '409 while it is running.',
    guard: 'session',
    params: z.object({ id: idField() }),
    owned: { params: { id: 'task' } },
    response: okBody({ task: taskSchema }),
  }),
};
