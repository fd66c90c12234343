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
  /**
   * Each usage key's quantity over the range (FACTS §9.1 keys such as pstn-inbound-voice): a plan's tiers count
   * per key, so the next tier's price is read from these against the plan's productItems.
   */
  usageKeys: z.record(z.string(), z.number()),
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

const dayField = (example: string) =>
  z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day such as 2026-11-01')
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        error: 'is not a real day',
      },
    )
    .meta({ examples: [example] });

const campaignIdField = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^camp[a-z0-9]{4,40}$/, 'must be a campaign id such as camp931829b5857f')
  .meta({ examples: ['camp931829b5857f'] });

/** One agent's (campaign's) conversations in a day or over a range (decision 049). */
export const campaignDayStatsSchema = z.object({
  conversations: z.number().int(),
  calls: z.number().int(),
  texts: z.number().int(),
  inbound: z.number().int(),
  outbound: z.number().int(),
  /** Whole minutes of the calls, rounded up per call. */
  minutes: z.number().int(),
  appointmentsBooked: z.number().int(),
  transfers: z.number().int(),
  /** What the agent's usage was rated at in USD (exact decimal). */
  costUsd: z.string(),
});
export type CampaignDayStats = z.infer<typeof campaignDayStatsSchema>;

const campaignSummary = {
  campaignId: z.string(),
  agentAccountId: z.number().int(),
  name: z.string(),
};

export const usageEndpoints = {
  campaignStats: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v1/stats/campaigns/:date',
    summary: 'One campaign’s (agent’s) conversations, minutes, outcomes and cost on one day (UTC)',
    description:
      'A campaign is an agent (its camp… id). Test conversations are not counted. A campaign outside the ' +
      'acting account’s part of the tree is 404.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    params: z.object({ date: dayField('2026-11-01') }),
    query: z.object({ campaignId: campaignIdField }),
    response: okBody({ date: z.string(), ...campaignSummary, stats: campaignDayStatsSchema }),
  }),
  campaignStatsRange: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v1/stats/campaigns',
    summary: 'Campaigns’ (agents’) stats by day over a range of at most 92 days (UTC)',
    description:
      'Every campaign of the acting account’s part of the tree when campaignIds is left out. A campaign id ' +
      'outside it is 404, naming it.',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    apiToken: 'read',
    body: z
      .object({
        startDate: dayField('2026-11-01'),
        endDate: dayField('2026-11-30'),
        campaignIds: z.array(campaignIdField).max(50, 'has more than 50 campaigns').optional(),
      })
      .refine((body) => body.startDate <= body.endDate, {
        path: ['endDate'],
        error: 'must not be before startDate',
      })
      .refine((body) => Date.parse(body.endDate) - Date.parse(body.startDate) <= 91 * 86_400_000, {
        path: ['endDate'],
        error: 'must be at most 92 days after startDate',
      }),
    response: okBody({
      startDate: z.string(),
      endDate: z.string(),
      campaigns: z.array(
        z.object({
          ...campaignSummary,
          totals: campaignDayStatsSchema,
          byDay: z.array(campaignDayStatsSchema.extend({ date: z.string() })),
        }),
      ),
    }),
  }),

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
