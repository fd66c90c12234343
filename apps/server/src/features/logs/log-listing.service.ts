import { knownLogFields, type LogField } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { runPiece } from './log-export.repo';
import { isKnownField, type LogFilter, type LogQuery, type LogScope } from './log-query';
import {
  alias,
  joinPieces,
  P,
  piece,
  scopeCondition,
  selectExpression,
  whereClause,
  windowCondition,
} from './log-sql';

/** Select list for the chosen fields; JSON pages also carry uuid and roomId, which name the conversation. */
export function selectList(fields: readonly string[], format: 'json' | 'csv') {
  const names = format === 'json' ? [...new Set([...fields, 'uuid', 'roomId'])] : fields;
  return piece(names.map((name) => `${selectExpression(name, format)} AS ${alias(name)}`).join(', '));
}

const fromWhere = (query: LogQuery) =>
  joinPieces([piece(' FROM conversation_logs cl WHERE '), whereClause(query)], '');

/** One page of rows, newest first, and how many rows match in all. */
export async function listLogPage(db: Db, query: LogQuery, page: number, pageSize: number) {
  const rows = await runPiece<Record<string, unknown>>(
    db,
    joinPieces(
      [
        piece('SELECT '),
        selectList(query.fields, 'json'),
        fromWhere(query),
        piece(` ORDER BY cl."timestamp" DESC, cl.id DESC LIMIT ${P} OFFSET ${P}`, [
          pageSize,
          (page - 1) * pageSize,
        ]),
      ],
      '',
    ),
  );
  const [counted] = await runPiece<{ total: string | number }>(
    db,
    joinPieces([piece('SELECT count(*) AS total'), fromWhere(query)], ''),
  );
  return { rows, total: Number(counted?.total ?? 0) };
}

const dateText = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?)?$';

/**
 * The collected-data keys found in the newest rows of the window, with their inferred types: integer when every value
 * is a whole number, date when every value reads as a date, else string. Most frequent first, at most 100.
 */
export async function collectedFields(
  db: Db,
  scope: LogScope,
  start: number,
  end: number,
): Promise<LogField[]> {
  const recent = joinPieces(
    [
      piece('SELECT cl.collected_data FROM conversation_logs cl WHERE '),
      scopeCondition(scope),
      piece(' AND '),
      windowCondition(start, end),
      piece(` AND cl.collected_data <> '{}'::jsonb ORDER BY cl."timestamp" DESC LIMIT 5000`),
    ],
    '',
  );
  const rows = await runPiece<{
    key: string;
    seen: string | number;
    integers: string | number;
    dates: string | number;
  }>(
    db,
    joinPieces(
      [
        piece('SELECT entry.key, count(*) AS seen, '),
        piece(
          `count(*) FILTER (WHERE jsonb_typeof(entry.value) = 'number' AND entry.value::text ~ '^-?\\d+$') AS integers, ` +
            `count(*) FILTER (WHERE jsonb_typeof(entry.value) = 'string' AND (entry.value #>> '{}') ~ '${dateText}') AS dates `,
        ),
        piece('FROM ('),
        recent,
        piece(
          ') recent, jsonb_each(recent.collected_data) entry GROUP BY entry.key ORDER BY count(*) DESC, entry.key LIMIT 100',
        ),
      ],
      '',
    ),
  );
  return rows
    .filter((row) => /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(row.key) && !isKnownField(row.key))
    .map((row) => {
      const seen = Number(row.seen);
      const type = Number(row.integers) === seen ? 'integer' : Number(row.dates) === seen ? 'date' : 'string';
      return { name: row.key, type };
    });
}

/**
 * Refuses a filter that names neither a known field nor a collected-data key any log of the scope holds (at any
 * time, so a saved view keeps working when its window holds none), naming the filters in a 400.
 */
export async function checkFilterNames(db: Db, scope: LogScope, filters: readonly LogFilter[]) {
  const keys = [...new Set(filters.map((filter) => filter.field).filter((name) => !isKnownField(name)))];
  if (keys.length === 0) return;
  const missing = await runPiece<{ key: string }>(
    db,
    joinPieces(
      [
        piece(
          `SELECT v.key FROM (VALUES ${keys.map(() => `(${P}::text)`).join(', ')}) AS v(key) WHERE NOT EXISTS ` +
            '(SELECT 1 FROM conversation_logs cl WHERE ',
          keys,
        ),
        scopeCondition(scope),
        piece(' AND jsonb_exists(cl.collected_data, v.key))'),
      ],
      '',
    ),
  );
  if (missing.length === 0) return;
  throw new AppError(
    'BAD_REQUEST',
    `Unknown filter: ${missing.map((row) => row.key).join(', ')} (neither a log field nor a key of this account's collected data)`,
  );
}

/** The field schema of the logs the caller sees: the known fields, then the collected-data keys. */
export async function logSchema(db: Db, scope: LogScope, start: number, end: number): Promise<LogField[]> {
  return [
    ...knownLogFields.map((field) => ({ ...field })),
    ...(await collectedFields(db, scope, start, end)),
  ];
}
