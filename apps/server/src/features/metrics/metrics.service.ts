import { z } from 'zod';
import {
  knownLogFields,
  metricDefinitionSchema,
  type MetricDefinition,
  type MetricValue,
} from '@switchboard/contract';
import { evaluateAggregate, parseDatePhrase, validateFormula } from '@switchboard/formula';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { loadActingAccount, saveSettings } from '../accounts/accounts.service';
import { aggregateLogs, formulaFieldNames, type AggregateItem } from '../logs/log-metrics.service';
import { logSchema, scopeForAccount, type LogScope } from '../logs/logs.service';
import { defaultMetrics } from './default-metrics';
import { filtersToCondition } from './metric-filters';

const storedMetrics = z.array(metricDefinitionSchema);
const thirtyDays = 2_592_000;
/** The earliest instant a window may start at: the year 1, as far back as PostgreSQL and a JS Date both reach. */
const yearOne = new Date('0001-01-01T00:00:00Z').getTime() / 1000;
/** The longest daily series, in days (ten years): each day is a point of the answer. */
export const maxSeriesDays = 3660;
// Field names are looked up over a wide window so keys collected a while ago still validate.
const fieldWindowSeconds = 365 * 86_400;

export async function loadMetricAccount(db: Db, accountId: number | null) {
  const account = await loadActingAccount(db, accountId);
  return { account, scope: scopeForAccount(account) };
}

/** A dashboard saved with an earlier default keeps that metric's title as first spelt; it reads correctly now. */
const respelled = (metric: MetricDefinition): MetricDefinition =>
  metric.title === 'Calls Transfered' ? { ...metric, title: 'Calls transferred' } : metric;

/** The account's metrics from settings.metrics, or the defaults when it has none (or they no longer parse). */
export function metricDefinitionsOf(settings: Record<string, unknown>) {
  const parsed = storedMetrics.safeParse(settings.metrics);
  if (parsed.success && parsed.data.length > 0)
    return { metrics: parsed.data.map(respelled), isDefault: false };
  return { metrics: defaultMetrics.map((metric) => ({ ...metric })), isDefault: true };
}

export async function metricFields(db: Db, scope: LogScope) {
  const now = Math.floor(Date.now() / 1000);
  return logSchema(db, scope, now - fieldWindowSeconds, now + 1);
}

/** The known fields plus every word the metric's formula and filters use. */
function wordsOf(metric: MetricDefinition): string[] {
  const words = new Set<string>(knownLogFields.map((field) => field.name));
  for (const text of [effectiveFormula(metric), filtersToCondition(metric)]) {
    for (const match of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) words.add(match[0]);
  }
  return [...words];
}

/** The window of a date phrase, when it starts no earlier than the year 1 (`last 999999 years` does not). */
function phraseWindow(text: string) {
  const range = parseDatePhrase(text);
  return range && range.start >= yearOne ? range : null;
}

const effectiveFormula = (metric: MetricDefinition) =>
  metric.formula.trim() !== '' ? metric.formula : (metric.field ?? '');

/** Why a metric cannot be computed, or null: its formula, its filters and its date phrase are checked. */
function problemOf(metric: MetricDefinition, fields: readonly string[]): string | null {
  const formulaProblem = validateFormula(effectiveFormula(metric), fields);
  if (formulaProblem) return formulaProblem;
  const condition = filtersToCondition(metric);
  if (condition !== '') {
    const filterProblem = validateFormula(condition, fields);
    if (filterProblem) return `Filters: ${filterProblem}`;
  }
  if (!parseDatePhrase(metric.dateFilter)) return `Date filter must read 'last N days/weeks/months/years'`;
  if (!phraseWindow(metric.dateFilter)) return 'Date filter reaches back before the year 1';
  return null;
}

export async function saveMetricDefinitions(
  db: Db,
  accountId: number,
  scope: LogScope,
  metrics: MetricDefinition[],
) {
  const names = new Set<string>();
  const now = Math.floor(Date.now() / 1000);
  const fields = await formulaFieldNames(db, scope, now - fieldWindowSeconds, now + 1);
  for (const metric of metrics) {
    if (names.has(metric.name)) throw new AppError('BAD_REQUEST', `Two metrics are named ${metric.name}`);
    names.add(metric.name);
    const problem = problemOf(metric, fields);
    if (problem) throw new AppError('BAD_REQUEST', `Metric ${metric.name}: ${problem}`);
  }
  await saveSettings(db, accountId, { metrics });
  return metrics;
}

function daysBetween(start: number, end: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const days = new Set<string>();
  for (let at = start; at < end; at += 3600) days.add(format.format(new Date(at * 1000)));
  if (end > start) days.add(format.format(new Date((end - 1) * 1000)));
  return [...days];
}

export function checkTimezone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    throw new AppError('BAD_REQUEST', `Unknown time zone: ${timeZone}`);
  }
}

export interface ValuesOptions {
  start?: number | undefined;
  end?: number | undefined;
  series: boolean;
  timezone: string;
}

/** Values of the metrics, each over its own window (or the one given), computed in one SQL pass. */
export async function computeMetricValues(
  db: Db,
  scope: LogScope,
  metrics: MetricDefinition[],
  options: ValuesOptions,
): Promise<MetricValue[]> {
  const timeZone = checkTimezone(options.timezone);
  if (options.start !== undefined && options.end !== undefined && options.start > options.end) {
    throw new AppError('BAD_REQUEST', `start (${options.start}) is after end (${options.end})`);
  }
  const now = Math.floor(Date.now() / 1000);
  const windows = metrics.map((metric) => {
    if (options.start !== undefined || options.end !== undefined) {
      const end = options.end ?? now;
      return { start: options.start ?? end - thirtyDays, end };
    }
    return phraseWindow(metric.dateFilter) ?? { start: now - thirtyDays, end: now };
  });
  const start = Math.min(...windows.map((window) => window.start), now);
  const end = Math.max(...windows.map((window) => window.end), start);
  if (options.series && end - start > maxSeriesDays * 86_400) {
    throw new AppError(
      'BAD_REQUEST',
      `query.series: a daily series covers at most ${maxSeriesDays} days; this window spans ` +
        `${Math.ceil((end - start) / 86_400)} (narrow start and end, or the metrics' date filters)`,
    );
  }
  // Saved metrics were checked against the fields when saved; here any word may name collected data (a key no row
  // has reads as NULL), so computing needs no look-up of the keys.
  const problems = metrics.map((metric) => problemOf(metric, wordsOf(metric)));
  const items: AggregateItem[] = [];
  const itemOf = new Map<number, number>();
  metrics.forEach((metric, index) => {
    if (problems[index]) return;
    const window = windows[index] ?? { start, end };
    const conditions = [filtersToCondition(metric)];
    if (window.start !== start || window.end !== end) {
      conditions.push(`timestamp >= ${window.start} and timestamp < ${window.end}`);
    }
    const filter = conditions.filter((condition) => condition !== '').join(' and ');
    itemOf.set(index, items.length);
    items.push({ formula: effectiveFormula(metric), aggregation: metric.aggregation, filter });
  });

  const result = await aggregateLogs(db, {
    scope,
    start,
    end,
    items,
    seriesTimezone: options.series ? timeZone : undefined,
  });
  const days = options.series ? daysBetween(start, end, timeZone) : [];
  const byDay = new Map((result.series ?? []).map((point) => [point.date, point.values]));

  return metrics.map((metric, index) => {
    const window = windows[index] ?? { start, end };
    const base = {
      name: metric.name,
      title: metric.title,
      format: metric.format,
      precision: metric.precision,
      ...window,
    };
    const problem = problems[index];
    if (problem) return { ...base, value: null, error: problem };
    const item = itemOf.get(index) ?? 0;
    const scaled = (value: number | null | undefined) =>
      value === null || value === undefined ? null : value * metric.scale;
    // A day without rows has the formula's value over no rows (0 for counts and sums, none for averages).
    const empty = evaluateAggregate(effectiveFormula(metric), [], { aggregation: metric.aggregation });
    const emptyValue = typeof empty === 'number' ? empty : null;
    return {
      ...base,
      value: scaled(result.values[item]),
      ...(options.series
        ? {
            series: days.map((date) => ({
              date,
              value: scaled(byDay.has(date) ? byDay.get(date)?.[item] : emptyValue),
            })),
          }
        : {}),
    };
  });
}

/** The value of an unsaved definition; its problems are a 400 rather than an error in the answer. */
export async function previewMetric(
  db: Db,
  scope: LogScope,
  metric: MetricDefinition,
  options: ValuesOptions,
) {
  const now = Math.floor(Date.now() / 1000);
  const problem = problemOf(metric, await formulaFieldNames(db, scope, now - fieldWindowSeconds, now + 1));
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const [value] = await computeMetricValues(db, scope, [metric], options);
  if (!value) throw new Error('no metric value');
  return value;
}
