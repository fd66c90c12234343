// SQL text for log queries, built from trusted pieces: column names come from the catalogue below, collected-data
// keys and aliases match the field-name pattern, and every value travels as a parameter.
import { logFieldNamePattern } from '@switchboard/contract';
import type { SqlFieldMap } from '@switchboard/formula';
import { inertCellSql } from '../../platform/csv-cell';
import { readableFieldColumns } from './log-names';
import {
  filterSeconds,
  isKnownField,
  knownFieldKind,
  type LogFilter,
  type LogQuery,
  type LogScope,
} from './log-query';

/** The stored column (or, for the fields a person reads, the SQL) of each known field, on the `cl` alias. */
export const knownFieldColumns: Readonly<Record<string, string>> = {
  accountId: 'cl.account_id',
  accountName: 'cl.account_name',
  agentId: 'cl.agent_id',
  timestamp: 'cl."timestamp"',
  duration: 'cl.duration',
  fromNumber: 'cl.from_number',
  toNumber: 'cl.to_number',
  cnam: 'cl.cnam',
  roomId: 'cl.room_id',
  direction: 'cl.direction',
  transfer: 'cl.transfer',
  callId: 'cl.call_id',
  uuid: 'cl.uuid',
  channel: 'cl.channel',
  appointmentBooked: 'cl.appointment_booked',
  greetingLatency: 'cl.greeting_latency_ms',
  isTest: 'cl.is_test',
  ...readableFieldColumns,
};

/** The column of a known field, or undefined for any other name (own fields only: never `constructor`). */
export const knownColumn = (name: string): string | undefined =>
  isKnownField(name) ? knownFieldColumns[name] : undefined;

const scopeColumns: Record<LogScope['column'], string> = {
  accountId: 'cl.account_id',
  organizationId: 'cl.organization_id',
  resellerId: 'cl.reseller_id',
  partnerId: 'cl.partner_id',
};

export const numericTextPattern = '^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*$';

export type SqlValue = string | number;

/** Marks where a value goes in SQL text (a control character, so no SQL we write contains it). */
export const P = '\u0001';

/** A piece of SQL with `P` placeholders and its values in order; rendered to `$n` or inlined at the end. */
export interface SqlPiece {
  text: string;
  values: SqlValue[];
}

export const piece = (text: string, values: SqlValue[] = []): SqlPiece => ({ text, values });

export function joinPieces(pieces: SqlPiece[], separator: string): SqlPiece {
  return {
    text: pieces.map((each) => each.text).join(separator),
    values: pieces.flatMap((each) => each.values),
  };
}

function assertName(name: string): string {
  if (!logFieldNamePattern.test(name)) throw new Error(`unsafe field name ${name}`);
  return name;
}

/** The text of a collected-data key (the key is a checked identifier, so it may sit in the SQL as a literal). */
export const collectedText = (key: string) => `(cl.collected_data ->> '${assertName(key)}')`;
const collectedJson = (key: string) => `(cl.collected_data -> '${assertName(key)}')`;
export const alias = (name: string) => `"${assertName(name)}"`;

/**
 * How a field is selected: JSON keeps numbers, booleans and collected JSON values; CSV gets text, made inert for
 * spreadsheets (a leading quote before text that would run as a formula).
 */
export function selectExpression(name: string, format: 'json' | 'csv'): string {
  if (name === 'timestamp') {
    // JSON gets ISO 8601; CSV the database's own UTC text (YYYY-MM-DD HH:MM:SS[.ffffff]), which COPY writes fastest.
    return format === 'json'
      ? `to_char(cl."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `(cl."timestamp" AT TIME ZONE 'UTC')`;
  }
  const column = knownColumn(name);
  const kind = knownFieldKind(name);
  if (column && format === 'csv') {
    return kind === 'boolean' ? `${column}::text` : kind === 'text' ? inertCellSql(column) : column;
  }
  if (column) return column;
  return format === 'json' ? collectedJson(name) : inertCellSql(collectedText(name));
}

export function scopeCondition(scope: LogScope): SqlPiece {
  return piece(`${scopeColumns[scope.column]} = ${P}`, [scope.id]);
}

export function windowCondition(start: number, end: number): SqlPiece {
  return piece(`cl."timestamp" >= to_timestamp(${P}) AND cl."timestamp" < to_timestamp(${P})`, [start, end]);
}

const textOperators = { eq: '=', gt: '>', lt: '<', gte: '>=', lte: '<=' } as const;

function filterCondition(filter: LogFilter): SqlPiece {
  const kind = knownFieldKind(filter.field);
  const column = knownColumn(filter.field) ?? collectedText(filter.field);
  const [first = ''] = filter.values;
  const cast = kind === 'integer' ? '::numeric' : kind === 'boolean' ? '::boolean' : '';
  const value = (text: string): SqlValue => {
    if (kind === 'date') return filterSeconds(text);
    if (kind === 'boolean') return ['true', '1'].includes(text.toLowerCase()) ? 'true' : 'false';
    return text;
  };
  const placeholder = kind === 'date' ? `to_timestamp(${P})` : `${P}${cast}`;
  switch (filter.operator) {
    case 'in':
      return piece(
        `${column} IN (${filter.values.map(() => placeholder).join(', ')})`,
        filter.values.map(value),
      );
    case 'neq':
      return piece(`${column} IS DISTINCT FROM ${placeholder}`, [value(first)]);
    case 'contains':
      return piece(`${column} ILIKE ${P}`, [`%${first.replace(/[\\%_]/g, '\\$&')}%`]);
    default: {
      const operator = textOperators[filter.operator];
      // Collected data is text; an ordering against a number compares it as a number when it holds one.
      const numeric = /^-?\d+(\.\d+)?$/.test(first) && Number.isFinite(Number(first));
      if (!kind && filter.operator !== 'eq' && numeric) {
        return piece(
          `(CASE WHEN ${column} ~ '${numericTextPattern}' THEN ${column} END)::float8 ${operator} ${P}::float8`,
          [Number(first)],
        );
      }
      return piece(`${column} ${operator} ${placeholder}`, [value(first)]);
    }
  }
}

/** Scope, window and filters of a query, ANDed. */
export function whereClause(query: Pick<LogQuery, 'scope' | 'start' | 'end' | 'filters'>): SqlPiece {
  return joinPieces(
    [
      scopeCondition(query.scope),
      windowCondition(query.start, query.end),
      ...query.filters.map(filterCondition),
    ],
    ' AND ',
  );
}

/** The fields a formula may use over conversation logs, and how each reads in SQL. */
export function formulaFieldMap(collectedKeys: readonly string[]): SqlFieldMap {
  // No prototype: the formula compiler looks names up by index, and `toString` must not find a function.
  const map = Object.create(null) as Record<string, SqlFieldMap[string]>;
  for (const [name, column] of Object.entries(knownFieldColumns)) {
    const kind = knownFieldKind(name);
    map[name] = {
      sql: column,
      type:
        kind === 'integer' ? 'number' : kind === 'date' ? 'date' : kind === 'boolean' ? 'boolean' : 'string',
    };
  }
  for (const key of collectedKeys) {
    if (!Object.hasOwn(map, key) && logFieldNamePattern.test(key))
      map[key] = { sql: collectedText(key), type: 'string' };
  }
  return map;
}

/** A PostgreSQL literal for a value (for COPY, which takes no parameters); strings are escaped, never trusted. */
export function literal(value: SqlValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('non-finite number in SQL');
    return String(value);
  }
  if (value.includes('\u0000')) throw new Error('NUL in SQL text');
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes('\\') ? `E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

/** Renders the placeholders as `$n` (from `first`), returning the text and values. */
export function renderPiece(query: SqlPiece, first = 1): { text: string; values: SqlValue[] } {
  let index = first - 1;
  return { text: query.text.replaceAll(P, () => `$${++index}`), values: query.values };
}

/** Renders the piece with its values inlined as escaped literals (COPY cannot take parameters). */
export function inlinePiece(query: SqlPiece): string {
  let index = 0;
  return query.text.replaceAll(P, () => literal(query.values[index++] ?? ''));
}
