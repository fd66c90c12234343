import {
  defaultLogFields,
  defaultLogWindowSeconds,
  knownLogFields,
  logFieldNamePattern,
  logFilterOperators,
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

function checkValue(filter: LogFilter): void {
  const kind = knownFieldKinds[filter.field];
  for (const value of filter.values) {
    if (value.includes('\u0000'))
      throw new AppError('BAD_REQUEST', `Filter ${filter.field} has a NUL character`);
    if (kind === 'integer' && !/^-?\d+(\.\d+)?$/.test(value)) {
      throw new AppError('BAD_REQUEST', `Filter ${filter.field} needs a number (got "${value}")`);
    }
    if (kind === 'date' && !/^\d+$/.test(value) && Number.isNaN(Date.parse(value))) {
      throw new AppError(
        'BAD_REQUEST',
        `Filter ${filter.field} needs epoch seconds or a date (got "${value}")`,
      );
    }
    if (kind === 'boolean' && !['true', 'false', '1', '0'].includes(value.toLowerCase())) {
      throw new AppError('BAD_REQUEST', `Filter ${filter.field} needs true or false (got "${value}")`);
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
    if (!match) throw new AppError('BAD_REQUEST', `Invalid filter name: ${key}`);
    const field = match[1] ?? key;
    const operator = (match[2] ?? 'eq').toLowerCase();
    if (!(logFilterOperators as readonly string[]).includes(operator)) {
      throw new AppError(
        'BAD_REQUEST',
        `Unknown filter operator "${operator}" for ${field}; use ${logFilterOperators.join(', ')}`,
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
