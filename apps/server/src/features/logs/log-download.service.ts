import { Readable } from 'node:stream';
import { csvLine, inertCellSql } from '../../platform/csv-cell';
import type { Db, DatabaseKind } from '../../platform/database';
import { copyCsv, keysetBatches } from './log-export.repo';
import { collectedFields, selectList } from './log-listing.service';
import type { LogQuery } from './log-query';
import {
  alias,
  collectedText,
  joinPieces,
  knownFieldColumns,
  piece,
  whereClause,
  type SqlPiece,
} from './log-sql';
import { usageUnits } from './logs.service';

const batchSize = 2000;

/** `conversation_logs_{date}.{ext}` with today's UTC date. */
export function downloadName(extension: 'csv' | 'json', now = new Date()): string {
  return `conversation_logs_${now.toISOString().slice(0, 10)}.${extension}`;
}

interface ExportPlan {
  columns: string[];
  select: SqlPiece;
  from: string;
}

/**
 * Keyset batches whose first query has already run: a query that fails does so before the reply is taken over, so it
 * still answers a JSON error rather than a cut-off file.
 */
async function firstBatchFirst(db: Db, plan: ExportPlan, where: SqlPiece) {
  const batches = keysetBatches(db, { select: plan.select, where, batchSize, from: plan.from });
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

async function batchesAsCsv(db: Db, plan: ExportPlan, where: SqlPiece): Promise<Readable> {
  const batches = await firstBatchFirst(db, plan, where);
  return Readable.from(
    (async function* () {
      // Column names are checked identifiers: the header needs no quoting (COPY writes it the same way).
      yield `${plan.columns.join(',')}\n`;
      for await (const rows of batches) {
        yield rows.map((row) => csvLine(plan.columns.map((name) => row[name]))).join('');
      }
    })(),
  );
}

async function batchesAsJson(db: Db, plan: ExportPlan, where: SqlPiece): Promise<Readable> {
  const batches = await firstBatchFirst(db, plan, where);
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const rows of batches) {
        const text = rows.map((row) => JSON.stringify(row)).join(',\n');
        yield first ? `\n${text}` : `,\n${text}`;
        first = false;
      }
      yield '\n]\n';
    })(),
  );
}

async function streamPlan(
  source: { db: Db; kind: DatabaseKind },
  plan: ExportPlan,
  query: LogQuery,
  format: 'csv' | 'json',
): Promise<Readable> {
  const where = whereClause(query);
  if (format === 'json') return batchesAsJson(source.db, plan, where);
  if (source.kind === 'pglite') return batchesAsCsv(source.db, plan, where);
  return copyCsv(
    source.db,
    joinPieces(
      [
        piece('SELECT '),
        plan.select,
        piece(` FROM ${plan.from} WHERE `),
        where,
        piece(' ORDER BY cl."timestamp" DESC, cl.id DESC'),
      ],
      '',
    ),
  );
}

/** Every matching row with the chosen columns, newest first, as a CSV or JSON stream. */
export function streamLogs(source: { db: Db; kind: DatabaseKind }, query: LogQuery, format: 'csv' | 'json') {
  const plan: ExportPlan = {
    columns: query.fields,
    select: selectList(query.fields, format),
    from: 'conversation_logs cl',
  };
  return streamPlan(source, plan, query, format);
}

const usageColumn = (unit: string) => `usage_${unit.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * One row per conversation: every known field, one column per collected-data key, and the usage recorded for the
 * conversation per unit (from the usage events, matched by conversation uuid and account).
 */
export async function streamConversationExport(
  source: { db: Db; kind: DatabaseKind },
  query: LogQuery,
  format: 'csv' | 'json',
): Promise<Readable> {
  const collected = (await collectedFields(source.db, query.scope, query.start, query.end)).map(
    (field) => field.name,
  );
  const known = Object.keys(knownFieldColumns);
  const usage = usageUnits.map((unit) => ({ unit, column: usageColumn(unit) }));
  const parts = [
    selectList(known, format).text,
    ...collected.map(
      (key) =>
        `${format === 'json' ? `(cl.collected_data -> '${key}')` : inertCellSql(collectedText(key))} AS ${alias(key)}`,
    ),
    ...usage.map(({ column }) => `coalesce(u.${column}, 0)::float8 AS ${alias(column)}`),
  ];
  const usageSums = usage
    .map(({ unit, column }) => `sum(ue.quantity) FILTER (WHERE ue.unit = '${unit}') AS ${column}`)
    .join(', ');
  const from =
    'conversation_logs cl LEFT JOIN LATERAL (SELECT ' +
    usageSums +
    ' FROM usage_events ue WHERE ue.account_id = cl.account_id AND ue.conversation_uuid = ' +
    "(CASE WHEN cl.uuid ~ '^[0-9a-fA-F-]{36}$' THEN cl.uuid::uuid END)) u ON true";
  const plan: ExportPlan = {
    columns: [...known, ...collected, ...usage.map(({ column }) => column)],
    select: piece(parts.join(', ')),
    from,
  };
  return streamPlan(source, plan, query, format);
}
