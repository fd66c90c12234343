import { defaultLogWindowSeconds } from '@switchboard/contract';
import { parseDatePhrase } from '@switchboard/formula';

/** A filter as the URL keeps it: a value, 'value|operator', or { value, operator }. */
export type LogFilterValue =
  string | number | boolean | { value: string | number | boolean; operator?: string };

export type LogFilters = Record<string, LogFilterValue>;

/** Reads the `filters` parameter: JSON, possibly URL-encoded once more; anything unreadable is no filter. */
export function parseFiltersParam(text: string | null): LogFilters {
  if (!text) return {};
  for (const candidate of [text, safeDecode(text)]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as LogFilters;
    } catch {
      // Try the next reading.
    }
  }
  return {};
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The query fields the logs call gets for the filters: a 'value|operator' string sends only the part before the bar,
 * an object its value field, and empty values are skipped.
 */
export function filtersToQuery(filters: LogFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, raw] of Object.entries(filters)) {
    const value =
      typeof raw === 'object' ? raw.value : typeof raw === 'string' ? (raw.split('|')[0] ?? '') : raw;
    const text = String(value);
    if (text.trim() === '') continue;
    query[field] = text;
  }
  return query;
}

/** The `fields` parameter as a list; empty when none is chosen (the server then shows the first ten). */
export function parseFieldsParam(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export const datePresets = [
  'last 1 day',
  'last 7 days',
  'last 30 days',
  'last 90 days',
  'last 1 year',
] as const;

/** A date phrase as a menu shows it: 'last 1 day' reads 'Last day', 'last 7 days' reads 'Last 7 days'. */
export const dateLabel = (phrase: string) => phrase.replace(/^last 1 (\w+)$/, 'last $1').replace(/^l/, 'L');

/** start and end (epoch seconds) for a date phrase; the last 30 days when there is none or it does not read. */
export function windowOf(dateFilter: string | null, now = new Date()): { start: number; end: number } {
  const parsed = dateFilter ? parseDatePhrase(dateFilter, now) : null;
  if (parsed) return parsed;
  const end = Math.floor(now.getTime() / 1000);
  return { start: end - defaultLogWindowSeconds, end };
}

/** A filter as the builder edits it. */
export interface FilterRow {
  field: string;
  operator: string;
  value: string;
}

/** The URL form of builder rows: `field` for equals, `field[op]` otherwise (so the operator survives the trip). */
export function rowsToFilters(rows: FilterRow[]): LogFilters {
  const filters: LogFilters = {};
  for (const row of rows) {
    if (row.field === '' || row.value.trim() === '') continue;
    filters[row.operator === 'eq' ? row.field : `${row.field}[${row.operator}]`] = row.value.trim();
  }
  return filters;
}

export function filtersToRows(filters: LogFilters): FilterRow[] {
  return Object.entries(filters).map(([key, raw]) => {
    const match = /^(.+)\[([a-z]+)\]$/.exec(key);
    const field = match?.[1] ?? key;
    let operator = match?.[2] ?? 'eq';
    let value: string;
    if (typeof raw === 'object') {
      value = String(raw.value);
      operator = raw.operator ?? operator;
    } else if (typeof raw === 'string' && raw.includes('|')) {
      const [text = '', op = 'eq'] = raw.split('|');
      value = text;
      operator = op;
    } else {
      value = String(raw);
    }
    return { field, operator, value };
  });
}
