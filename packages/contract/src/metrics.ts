import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { epochSecondsField, okBody, queryBool } from './fields';
import { logFieldSchema } from './logs';

export const metricAggregations = [
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'd_count',
  'med',
  'variance',
  'std_dev',
] as const;
export const metricFormats = ['number', 'percentage', 'duration', 'currency'] as const;

/** A metric filter value: 'value', 'value|operator', or { value, operator } (operators as the logs call takes them). */
export const metricFilterValueSchema = z.union([
  z.string().max(500),
  z.number(),
  z.boolean(),
  z.object({
    value: z.union([z.string().max(500), z.number(), z.boolean()]),
    operator: z.string().max(20).optional(),
  }),
]);

/** A dashboard metric, as kept in the account's settings.metrics (spec part 2 §3). */
export const metricDefinitionSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and hold only letters, digits and _'),
  title: z.string().trim().min(1, 'title is required').max(120),
  filters: z.record(z.string().max(80), metricFilterValueSchema).default({}),
  /** The formula; a per-row formula is combined over the rows with `aggregation`. */
  formula: z.string().max(2000).default(''),
  /** Legacy definitions name a field to aggregate instead of a formula. */
  field: z.string().max(80).optional(),
  aggregation: z.enum(metricAggregations).default('sum'),
  /** The value is multiplied by this (minutes saved: seconds × 0.0166667). */
  scale: z.number().default(1),
  format: z.enum(metricFormats).default('number'),
  precision: z.number().int().min(0).max(6).default(0),
  /** A 'last N day/week/month/year' phrase. */
  dateFilter: z.string().trim().max(40).default('last 30 days'),
});

export type MetricDefinition = z.infer<typeof metricDefinitionSchema>;
export type MetricDefinitionInput = z.input<typeof metricDefinitionSchema>;

export const metricValueSchema = z.object({
  name: z.string(),
  title: z.string(),
  format: z.enum(metricFormats),
  precision: z.number().int(),
  /** The aggregate times the scale; null when there is nothing to compute it over (an average of no rows). */
  value: z.number().nullable(),
  /** Epoch seconds of the window the value covers. */
  start: z.number().int(),
  end: z.number().int(),
  /** One point per day of the window (in the requested time zone), when asked for. */
  series: z.array(z.object({ date: z.string(), value: z.number().nullable() })).optional(),
  /** Why the value could not be computed (a formula saved with an error), else absent. */
  error: z.string().optional(),
});

export type MetricValue = z.infer<typeof metricValueSchema>;

const metricsWindowQuery = z.object({
  start: epochSecondsField().optional(),
  end: epochSecondsField().optional(),
  series: queryBool().default(false),
  /** IANA time zone the daily series is cut in. */
  timezone: z.string().trim().max(64).default('UTC'),
});

export const metricsEndpoints = {
  listMetrics: defineEndpoint({
    area: 'metrics',
    method: 'GET',
    path: '/api/v2/metrics',
    summary:
      "The acting account's dashboard metrics (its settings.metrics, else the defaults) and the fields formulas may use",
    guard: 'session',
    response: okBody({
      metrics: z.array(metricDefinitionSchema),
      fields: z.array(logFieldSchema),
      isDefault: z.boolean(),
    }),
  }),
  saveMetrics: defineEndpoint({
    area: 'metrics',
    method: 'POST',
    path: '/api/v2/metrics',
    summary: "Replace the acting account's dashboard metrics (their order is the dashboard's order)",
    description: 'Each formula is validated against the log fields; 400 names the metric and the problem.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ metrics: z.array(metricDefinitionSchema).max(50) }),
    response: okBody({ metrics: z.array(metricDefinitionSchema) }),
  }),
  metricValues: defineEndpoint({
    area: 'metrics',
    method: 'GET',
    path: '/api/v2/metrics/values',
    summary:
      'Values of the dashboard metrics over their windows (or start..end), with daily series on request',
    description:
      'Each metric covers its own dateFilter unless start and end (epoch seconds) are given. Computed in SQL over the ' +
      'conversation logs the acting account sees.',
    guard: 'session',
    query: metricsWindowQuery,
    response: okBody({ metrics: z.array(metricValueSchema) }),
  }),
  previewMetric: defineEndpoint({
    area: 'metrics',
    method: 'POST',
    path: '/api/v2/metrics/preview',
    summary: 'The value (and daily series) of a metric definition that is not saved yet',
    guard: 'session',
    query: metricsWindowQuery,
    body: z.object({ metric: metricDefinitionSchema }),
    response: okBody({ metric: metricValueSchema }),
  }),
} as const;
