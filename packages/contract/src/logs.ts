import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { epochSecondsField, maxDatabaseInteger, okBody, queryBool, queryInt } from './fields';

/** How the log schema types a field (spec part 2 §3): integers, dates, or text. */
export const logFieldTypeSchema = z.enum(['integer', 'date', 'string']);
export type LogFieldType = z.infer<typeof logFieldTypeSchema>;

/**
 * The known fields of a conversation log entry: the stored ones of the spec, then the ones a person reads, which the
 * server derives when it answers (contact, from, to: names where they are known; outcome; summary).
 */
export const knownLogFields = [
  { name: 'accountId', type: 'integer' },
  { name: 'accountName', type: 'string' },
  { name: 'agentId', type: 'integer' },
  { name: 'timestamp', type: 'date' },
  { name: 'duration', type: 'integer' },
  { name: 'fromNumber', type: 'string' },
  { name: 'toNumber', type: 'string' },
  { name: 'cnam', type: 'string' },
  { name: 'roomId', type: 'string' },
  { name: 'direction', type: 'string' },
  { name: 'transfer', type: 'string' },
  { name: 'callId', type: 'string' },
  { name: 'uuid', type: 'string' },
  { name: 'channel', type: 'string' },
  { name: 'appointmentBooked', type: 'string' },
  { name: 'greetingLatency', type: 'integer' },
  { name: 'isTest', type: 'string' },
  { name: 'contact', type: 'string' },
  { name: 'from', type: 'string' },
  { name: 'to', type: 'string' },
  { name: 'outcome', type: 'string' },
  { name: 'summary', type: 'string' },
] as const satisfies readonly { name: string; type: LogFieldType }[];

export type KnownLogField = (typeof knownLogFields)[number]['name'];

/** Columns shown when none are chosen: what a person reads. Ids (account, agent, room) are columns one adds. */
export const defaultLogFields: readonly KnownLogField[] = [
  'timestamp',
  'contact',
  'from',
  'to',
  'duration',
  'outcome',
  'summary',
];

/** Default log window, in seconds (the last 30 days). */
export const defaultLogWindowSeconds = 2_592_000;

/** What a filter may do with its field; a query key `field` means eq, `field[op]` names another operator. */
export const logFilterOperators = ['eq', 'neq', 'contains', 'gt', 'lt', 'gte', 'lte', 'in'] as const;
export type LogFilterOperator = (typeof logFilterOperators)[number];

/** A field name a log query may use: a known field or a key of the collected data. */
export const logFieldNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const fieldList = z
  .string()
  .trim()
  .max(4000)
  .refine(
    (text) => text === '' || text.split(',').every((name) => logFieldNamePattern.test(name.trim())),
    'must be field names separated by commas',
  );

export const logFieldSchema = z.object({ name: z.string(), type: logFieldTypeSchema });
export type LogField = z.infer<typeof logFieldSchema>;

/** One log row: the chosen fields, plus `uuid` and `roomId`, which name the conversation. */
export const logRowSchema = z.record(z.string(), z.unknown());

const window = {
  start: epochSecondsField().optional(),
  end: epochSecondsField().optional(),
};

export const logsEndpoints = {
  listLogs: defineEndpoint({
    area: 'logs',
    method: 'GET',
    path: '/api/v2/logs',
    summary: 'Conversation logs of the acting account and everything under it, filtered, paged, or as a file',
    description:
      'Every query field not named here is a filter on that field: `direction=inbound` (equals) or ' +
      '`duration[gt]=60` with an operator among eq, neq, contains, gt, lt, gte, lte and in (comma-separated values). ' +
      'Collected-data keys filter and show like fields. start and end are epoch seconds (default: the last 30 days). ' +
      '`format=csv` streams a CSV file and `format=json&download=true` a JSON file, each of every matching row ' +
      '(named conversation_logs_{date}); otherwise one page of rows.',
    guard: 'session',
    query: z.object({
      ...window,
      fields: fieldList.optional(),
      page: queryInt({ min: 1, max: maxDatabaseInteger }).default(1),
      pageSize: queryInt({ min: 1, max: 10_000 }).default(20),
      format: z.enum(['json', 'csv']).default('json'),
      download: queryBool().default(false),
      includeFields: queryBool().default(false),
    }),
    response: okBody({
      message: z.string(),
      logs: z.array(logRowSchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      totalPages: z.number().int(),
      fields: z.array(z.string()),
      schema: z.array(logFieldSchema).optional(),
    }),
  }),
  exportConversations: defineEndpoint({
    area: 'logs',
    method: 'GET',
    path: '/api/v2/logs/conversations',
    summary: 'One row per conversation with its collected data and its usage per unit, as CSV or JSON',
    description:
      'The same filters and window as GET /api/v2/logs. Columns: the known fields, one column per collected-data ' +
      'key, and one `usage_{unit}` column per usage unit (voice and advancedVoice in seconds, tokens, messages) from ' +
      'the usage events recorded for the conversation.',
    guard: 'session',
    produces: 'file',
    query: z.object({ ...window, format: z.enum(['json', 'csv']).default('csv') }),
    response: z.string(),
  }),
} as const;
