import {
  usageCounters,
  type UsageBucket,
  type UsageCounter,
  type UsageFrequency,
  type UsageReport,
} from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { unitsToUsd } from '../ledger';
import { findBilling } from './billing.repo';
import { findAccountLine } from './plans.repo';
import { isLive } from './plans.service';
import { chargedBetween, usageByBucket, type UsageScope } from './usage-stats.repo';

const DAY_MS = 86_400_000;
/** The current period's timeseries is filled with zero counters up to this many days after its first day. */
const FILLED_DAYS = 30;
/** A report covers at most this many buckets (about three years by day). */
const MAX_BUCKETS = 1100;

export interface UsageQuery {
  startDate?: string | undefined;
  endDate?: string | undefined;
  frequency: UsageFrequency;
  giveCosts: boolean;
  combineCosts: boolean;
  billingPeriod?: 'current' | 'previous' | undefined;
  timeseries: boolean;
}

interface Period {
  start: Date;
  end: Date;
  basis: 'subscription' | 'month';
}

/** The counter a usage key adds to (FACTS §9.1 grammar `[channel-][direction-]base`), or null for none. */
export function counterOf(usageKey: string): UsageCounter | null {
  if (usageKey === 'us-number' || usageKey === 'byo-number') return 'number';
  if (/-(tokens|cachedTokens)$/.test(usageKey)) return 'tokens';
  if (usageKey.endsWith('-advancedVoice')) return 'advancedVoice';
  if (usageKey.endsWith('-voice')) return 'voice';
  if (usageKey.endsWith('-outbound-message')) return 'outbound-message';
  if (usageKey.endsWith('-inbound-message')) return 'inbound-message';
  return null;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const utcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const addMonths = (at: Date, months: number) => {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** The first day of the bucket holding `at`: the day, the week's Monday, or the month's first. */
function bucketStart(at: Date, frequency: UsageFrequency): Date {
  const day = utcDay(at);
  if (frequency === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  if (frequency === 'month') return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  return day;
}

function nextBucket(at: Date, frequency: UsageFrequency): Date {
  if (frequency === 'week') return new Date(at.getTime() + 7 * DAY_MS);
  if (frequency === 'month') return addMonths(at, 1);
  return new Date(at.getTime() + DAY_MS);
}

/**
 * The billing period of the scope: an organization's (or its agent's) subscription's anniversary period while it
 * holds one, else the calendar month (UTC), the period usage is rated in without a subscription.
 */
async function billingPeriodOf(db: Db, organizationId: number | null, now: Date) {
  const billing = organizationId === null ? null : await findBilling(db, organizationId);
  let current: Period;
  if (isLive(billing) && billing?.currentPeriodStart && billing.currentPeriodEnd) {
    const months = billing.term === 'year' ? 12 : 1;
    let start = billing.currentPeriodStart;
    let end = billing.currentPeriodEnd;
    // A renewal not reported yet: the period rolls on by the term from the anniversary.
    for (let step = 0; end <= now && step < 240; step += 1) {
      start = end;
      end = addMonths(end, months);
    }
    current = { start, end, basis: 'subscription' };
    const previous: Period = { start: addMonths(start, -months), end: start, basis: 'subscription' };
    return { current, previous };
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  current = { start, end: addMonths(start, 1), basis: 'month' };
  return { current, previous: { start: addMonths(start, -1), end: start, basis: 'month' } as Period };
}

function parseBound(value: string, endOfDay: boolean): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  return dateOnly && endOfDay ? new Date(at.getTime() + DAY_MS) : at;
}

const emptyBucket = (): Record<UsageCounter, number> =>
  Object.fromEntries(usageCounters.map((counter) => [counter, 0])) as Record<UsageCounter, number>;

/**
 * GET /api/v2/stats/usage: the acting account's usage counters per bucket and what they cost, with the current
 * billing period's cost so far and its projection to the period's end.
 */
export async function usageReport(db: Db, accountId: number, query: UsageQuery, now = new Date()) {
  const line = await findAccountLine(db, accountId);
  if (!line) throw new AppError('NOT_FOUND', 'This session has no account to act for');
  const scope: UsageScope = { accountId: line.id, accountType: line.accountType };
  const organizationId =
    line.accountType === 'organization' ? line.id : line.accountType === 'agent' ? line.organizationId : null;
  const periods = await billingPeriodOf(db, organizationId, now);

  let from: Date;
  let to: Date;
  let fillTo: Date;
  if (query.billingPeriod) {
    const period = periods[query.billingPeriod];
    from = period.start;
    to = period.end;
    fillTo = new Date(
      Math.min(period.end.getTime(), utcDay(period.start).getTime() + (FILLED_DAYS + 1) * DAY_MS),
    );
  } else {
    from = query.startDate ? parseBound(query.startDate, false) : periods.current.start;
    to = query.endDate ? parseBound(query.endDate, true) : now;
    fillTo = to;
  }
  if (from.getTime() >= to.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'startDate must be before endDate');
  }

  const rows = await usageByBucket(db, scope, { from, to }, query.timeseries ? query.frequency : 'day');
  const buckets = new Map<
    string,
    { counts: Record<UsageCounter, number>; costs: Map<UsageCounter, bigint> }
  >();
  const bucketFor = (key: string) => {
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { counts: emptyBucket(), costs: new Map() };
      buckets.set(key, bucket);
    }
    return bucket;
  };
  if (query.timeseries) {
    let filled = 0;
    for (let at = bucketStart(from, query.frequency); at < fillTo; at = nextBucket(at, query.frequency)) {
      filled += 1;
      if (filled > MAX_BUCKETS) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The range holds more than ${String(MAX_BUCKETS)} ${query.frequency}s: narrow startDate and endDate or use a longer frequency`,
        );
      }
      bucketFor(dayOf(at));
    }
  }
  const totals = { counts: emptyBucket(), costs: new Map<UsageCounter, bigint>() };
  const usageKeys = new Map<string, number>();
  for (const row of rows) {
    const counter = counterOf(row.usageKey);
    if (!counter) continue;
    usageKeys.set(row.usageKey, (usageKeys.get(row.usageKey) ?? 0) + row.quantity);
    const bucket = bucketFor(query.timeseries ? row.bucket : dayOf(from));
    for (const target of [bucket, totals]) {
      target.counts[counter] += row.quantity;
      target.costs.set(counter, (target.costs.get(counter) ?? 0n) + row.amount);
    }
  }

  const costsOf = (costs: Map<UsageCounter, bigint>) =>
    Object.fromEntries(
      usageCounters.map((counter) => [`cost:${counter}`, unitsToUsd(costs.get(counter) ?? 0n)]),
    );
  const present = (bucket: { counts: Record<UsageCounter, number>; costs: Map<UsageCounter, bigint> }) =>
    (query.giveCosts && query.combineCosts
      ? { ...bucket.counts, ...costsOf(bucket.costs) }
      : { ...bucket.counts }) as UsageBucket;
  const keys = [...buckets.keys()].sort();
  const results = Object.fromEntries(keys.map((key) => [key, present(buckets.get(key) ?? bucketFor(key))]));

  const current = periods.current;
  const billingPeriod: UsageReport['billingPeriod'] = {
    start: current.start.toISOString(),
    end: current.end.toISOString(),
    basis: current.basis,
  };
  if (query.giveCosts) {
    const soFar = await chargedBetween(db, scope, { from: current.start, to: now });
    // The cost so far, at the rate of the period's elapsed part (at least a day), over the whole period.
    const elapsed = BigInt(Math.max(DAY_MS, now.getTime() - current.start.getTime()));
    const length = BigInt(current.end.getTime() - current.start.getTime());
    billingPeriod.costSoFarUsd = unitsToUsd(soFar);
    billingPeriod.projectedCostUsd = unitsToUsd(elapsed >= length ? soFar : (soFar * length) / elapsed);
  }

  const report: UsageReport = {
    accountId: line.id,
    accountType: line.accountType,
    startDate: from.toISOString(),
    endDate: to.toISOString(),
    frequency: query.frequency,
    results,
    totals: present(totals),
    usageKeys: Object.fromEntries(usageKeys),
    billingPeriod,
    ...(query.giveCosts && !query.combineCosts
      ? {
          costs: Object.fromEntries(
            keys.map((key) => [key, costsOf(buckets.get(key)?.costs ?? new Map<UsageCounter, bigint>())]),
          ),
        }
      : {}),
  };
  return { success: true as const, usage: report };
}
