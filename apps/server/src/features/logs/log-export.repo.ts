import { Readable } from 'node:stream';
import { queryRows, sql, type Db, type SQL } from '@switchboard/db';
import pgCopyStreams from 'pg-copy-streams';
import { inlinePiece, joinPieces, P, piece, type SqlPiece } from './log-sql';

/** Runs a piece of SQL and returns its rows. */
export function runPiece<Row>(db: Db, query: SqlPiece): Promise<Row[]> {
  return queryRows<Row>(db, toDrizzle(query));
}

export function toDrizzle(query: SqlPiece): SQL {
  const parts = query.text.split(P);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(sql.raw(part));
    if (index < parts.length - 1) chunks.push(sql`${query.values[index]}`);
  });
  return sql.join(chunks);
}

interface PoolLike {
  connect(): Promise<{
    query(stream: NodeJS.ReadableStream): NodeJS.ReadableStream;
    release(error?: Error): void;
  }>;
}

function poolOf(db: Db): PoolLike {
  const pool = (db as unknown as { $client?: PoolLike }).$client;
  if (!pool || typeof pool.connect !== 'function') throw new Error('COPY needs a PostgreSQL pool');
  return pool;
}

/**
 * Streams `COPY (select) TO STDOUT` as CSV from PostgreSQL: the server formats the rows and the process only passes
 * bytes along, so memory stays flat whatever the size. Values are inlined as escaped literals (COPY takes none).
 */
export async function copyCsv(db: Db, select: SqlPiece): Promise<Readable> {
  const client = await poolOf(db).connect();
  // Every cell quoted, as the CSV written without COPY (platform/csv-cell.ts) quotes it.
  const copy = pgCopyStreams.to(
    `COPY (${inlinePiece(select)}) TO STDOUT WITH (FORMAT csv, HEADER true, FORCE_QUOTE *)`,
  );
  const stream = client.query(copy) as unknown as Readable;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  stream.on('end', () => release());
  stream.on('error', (error: Error) => release(error));
  stream.on('close', () => release());
  return stream;
}

export interface KeysetPageQuery {
  /** The select list, the FROM clause (with conversation_logs as `cl`), the filter, and the rows per batch. */
  select: SqlPiece;
  from: string;
  where: SqlPiece;
  batchSize: number;
}

/**
 * Reads every matching row newest first in keyset batches (timestamp, id): each batch is one short query, so PGlite
 * (one session) keeps serving other calls between batches, and only one batch is ever in memory.
 */
export async function* keysetBatches<Row extends Record<string, unknown>>(
  db: Db,
  query: KeysetPageQuery,
): AsyncGenerator<Row[]> {
  let after: { ts: string; id: number } | null = null;
  for (;;) {
    const conditions = [query.where];
    if (after)
      // Spelled out (not a row comparison) so the (scope, timestamp) index bounds the scan.
      conditions.push(
        piece(
          `cl."timestamp" <= ${P}::timestamptz AND (cl."timestamp" < ${P}::timestamptz OR cl.id < ${P})`,
          [after.ts, after.ts, after.id],
        ),
      );
    const batch: SqlPiece = joinPieces(
      [
        piece('SELECT '),
        query.select,
        piece(`, cl."timestamp"::text AS "__ts", cl.id AS "__id" FROM ${query.from} WHERE `),
        joinPieces(conditions, ' AND '),
        piece(` ORDER BY cl."timestamp" DESC, cl.id DESC LIMIT ${P}`, [query.batchSize]),
      ],
      '',
    );
    const rows = await runPiece<Row & { __ts: string; __id: number | string }>(db, batch);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = { ts: last.__ts, id: Number(last.__id) };
    yield rows.map((row) => {
      const copy: Record<string, unknown> = { ...row };
      delete copy.__ts;
      delete copy.__id;
      return copy as Row;
    });
    if (rows.length < query.batchSize) return;
  }
}
