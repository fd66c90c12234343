import {
  defaultLogFields,
  defaultLogWindowSeconds,
  knownLogFields,
  logFieldNamePattern,
  logFilterOperators,
  maxEpochSeconds,
  shownInput,
  type LogFilterOperator,
} from '@switchboard/contract';
import { AppError } from '../../platform/app-error';

/** Which rows a caller sees: its own (agent), or those of everything below it. */
export interface LogScope {
  column: 'accountId' | 'organizationId' | 'resellerId' | 'partnerId';
  id: number;
}

export interface LogFilter {
  field: string;
  operator: LogFilterOperator;
  values: string[];
}

/** A validated log query: who, when (epoch seconds, end exclusive), which rows and which columns. */
export interface LogQuery {
  scope: LogScope;
  start: number;
  end: number;
  filters: LogFilter[];
  fields: string[];
}

export type KnownFieldKind = 'integer' | 'date' | 'text' | 'boolean';

/** How each known field is stored; anything else is a key of the collected data. */
export const knownFieldKinds: Readonly<Record<string, KnownFieldKind>> = Object.fromEntries(
  knownLogFields.map(({ name, type }) => [
    name,
    name === 'appointmentBooked' || name === 'isTest'
      ? 'boolean'
      : type === 'integer'
        ? 'integer'
        : type === 'date'
          ? 'date'
          : 'text',
  ]),
);

export const isKnownField = (name: string) => Object.hasOwn(knownFieldKinds, name);

/** How a known field is stored, or undefined for any other name (`toString` included: own fields only). */
export const knownFieldKind = (name: string): KnownFieldKind | undefined =>
  isKnownField(name) ? knownFieldKinds[name] : undefined;

/** The instants a date filter may name: from the year 1 to the end of 9999, what PostgreSQL and Date both hold. */
const dateRangeMs = { min: new Date('0001-01-01T00:00:00Z').getTime(), max: maxEpochSeconds * 1000 + 999 };

/** A date filter's value as epoch seconds: digits are epoch seconds, anything else is read as a date. */
export function filterSeconds(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Date.parse(text) / 1000;
}

export function scopeForAccount(account: { id: number; accountType: string }): LogScope {
  const column =
    account.accountType === 'agent'
      ? 'accountId'
      : account.accountType === 'organization'
        ? 'organizationId'
        : account.accountType === 'reseller'
          ? 'resellerId'
          : 'partnerId';
  return { column, id: account.id };
}

/** The window of a query: start and end in epoch seconds, the last 30 days by default; start must not pass end. */
export function resolveWindow(start: number | undefined, end: number | undefined, now = Date.now()) {
  const to = end ?? Math.floor(now / 1000);
  const from = start ?? to - defaultLogWindowSeconds;
  if (from > to) throw new AppError('BAD_REQUEST', `start (${from}) is after end (${to})`);
  return { start: from, end: to };
}

/** The chosen columns: a comma list of field names (known fields or collected-data keys), else the first ten. */
export function resolveFields(text: string | undefined): string[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return [...defaultLogFields];
  for (const name of names) {
    if (!logFieldNamePattern.test(name)) throw new AppError('BAD_REQUEST', `Invalid field name: ${name}`);
  }
  return [...new Set(names)];
}

const filterKey = /^([A-Za-z_][A-Za-z0-9_]{0,63})(?:\[([A-Za-z]+)\])?$/;
// A query key as a message shows it: bare when it is a plain name, else quoted and cut short.
const shownKey = (key: string) => (/^[A-Za-z0-9_[\]-]{1,80}$/.test(key) ? key : shownInput(key));

function checkValue(filter: LogFilter): void {
  const kind = knownFieldKind(filter.field);
  const problem = (needs: string, value: string) =>
    new AppError('BAD_REQUEST', `Filter ${filter.field} needs ${needs} (got ${shownInput(value)})`);
  for (const value of filter.values) {
    if (value.includes('\u0000'))
      throw new AppError('BAD_REQUEST', `Filter ${filter.field} has a NUL character`);
    if (kind === 'integer') {
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw problem('a number', value);
      if (Math.abs(Number(value)) > Number.MAX_SAFE_INTEGER) {
        throw problem(`a number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`, value);
      }
    }
    if (kind === 'date') {
      const ms = filterSeconds(value) * 1000;
      if (Number.isNaN(ms)) throw problem('epoch seconds or a date', value);
      if (ms < dateRangeMs.min || ms > dateRangeMs.max) {
        throw problem('a date between the years 1 and 9999', value);
      }
    }
    if (kind === 'boolean' && !['true', 'false', '1', '0'].includes(value.toLowerCase())) {
      throw problem('true or false', value);
    }
  }
  if (kind === 'boolean' && !['eq', 'neq', 'in'].includes(filter.operator)) {
    throw new AppError('BAD_REQUEST', `Operator ${filter.operator} does not apply to ${filter.field}`);
  }
  if ((kind === 'integer' || kind === 'date') && filter.operator === 'contains') {
    throw new AppError('BAD_REQUEST', `Operator contains does not apply to ${filter.field}`);
  }
}

/**
 * Reads the filters from the query fields that are not the call's own: `field=value` is eq, `field[op]=value`
 * names the operator; `in` takes comma-separated values. Empty values are skipped, as the web client skips them.
 */
export function parseLogFilters(
  query: Readonly<Record<string, unknown>>,
  reserved: ReadonlySet<string>,
): LogFilter[] {
  const filters: LogFilter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (reserved.has(key) || raw === undefined) continue;
    const match = filterKey.exec(key);
    if (!match) throw new AppError('BAD_REQUEST', `Invalid filter name: ${shownKey(key)}`);
    const field = match[1] ?? key;
    const operator = (match[2] ?? 'eq').toLowerCase();
    if (!(logFilterOperators as readonly string[]).includes(operator)) {
      throw new AppError(
        'BAD_REQUEST',
        `Unknown filter operator ${shownInput(operator)} for ${field}; use ${logFilterOperators.join(', ')}`,
      );
    }
    const texts = (Array.isArray(raw) ? raw : [raw]).map((value) =>
      typeof value === 'string' ? value : JSON.stringify(value),
    );
    const values = (operator === 'in' ? texts.flatMap((text) => text.split(',')) : texts)
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (values.length === 0) continue;
    const filter: LogFilter = { field, operator: operator as LogFilterOperator, values };
    checkValue(filter);
    filters.push(filter);
  }
  return filters;
}
