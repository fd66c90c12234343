import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, queryBool } from './fields';

/**
 * The usage counters (spec part 2 §3, FACTS §9.1): the base categories of the usage keys. `number` counts phone
 * numbers held (us-number, byo-number), `voice` and `advancedVoice` minutes, `tokens` model tokens, and the
 * message counters messages in either direction over every network.
 */
export const usageCounters = [
  'number',
  'tokens',
  'voice',
  'advancedVoice',
  'outbound-message',
  'inbound-message',
] as const;
export type UsageCounter = (typeof usageCounters)[number];

export const usageFrequencies = ['day', 'week', 'month'] as const;
export type UsageFrequency = (typeof usageFrequencies)[number];

const isoDate = (example: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value), {
      error: 'must be an ISO date such as 2026-11-01 or 2026-11-01T00:00:00Z',
    })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'is not a real date' })
    .meta({ examples: [example] });

/** One bucket: each counter, and with costs `cost:<counter>` in USD (exact decimal strings). */
export const usageBucketSchema = z.record(z.string(), z.union([z.number(), z.string()]));
export type UsageBucket = z.infer<typeof usageBucketSchema>;

export const usageReportSchema = z.object({
  /** The account the figures are for and what it is: an agent's own, an organization's, or a reseller's or partner's totals. */
  accountId: z.number().int(),
  accountType: z.enum(['partner', 'reseller', 'organization', 'agent']),
  startDate: z.string(),
  endDate: z.string(),
  frequency: z.enum(usageFrequencies),
  /** Buckets keyed by their first day (YYYY-MM-DD); one bucket for the whole range without a timeseries. */
  results: z.record(z.string(), usageBucketSchema),
  /** Costs kept apart from the counters (combineCosts=false), keyed like results. */
  costs: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  /** The counters summed over the range, and their costs when asked for. */
  totals: usageBucketSchema,
  /** The current billing period: its bounds, what it cost so far and the projection to its end (with costs). */
  billingPeriod: z.object({
    start: z.string(),
    end: z.string(),
    /** `subscription` (anniversary periods of the plan) or `month` (calendar month, UTC, without one). */
    basis: z.enum(['subscription', 'month']),
    costSoFarUsd: z.string().optional(),
    projectedCostUsd: z.string().optional(),
  }),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

export const usageEndpoints = {
  usageStats: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v2/stats/usage',
    summary:
      'Usage counters and their costs by day, week or month, for the acting account’s part of the tree',
    description:
      'An agent account answers for its own usage, an organization for all its agents, a reseller for its ' +
      'organizations and a partner for all its resellers. billingPeriod=current reads the current billing ' +
      'period and fills days without usage with zero counters, up to 30 days after the first.',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    query: z.object({
      startDate: isoDate('2026-11-01').optional(),
      endDate: isoDate('2026-11-30').optional(),
      frequency: z.enum(usageFrequencies, { error: () => 'must be day, week or month' }).default('day'),
      giveCosts: queryBool().default(true),
      combineCosts: queryBool().default(true),
      billingPeriod: z
        .enum(['current', 'previous'], { error: () => 'must be current or previous' })
        .optional(),
      timeseries: queryBool().default(true),
    }),
    response: okBody({ usage: usageReportSchema }),
  }),
};
