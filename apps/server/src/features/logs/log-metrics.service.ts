import { compileToSql, isFormulaKeyword, tokenize, type AggregateName } from '@switchboard/formula';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { runPiece } from './log-export.repo';
import { collectedFields } from './log-listing.service';
import { isKnownField, type LogScope } from './log-query';
import {
  formulaFieldMap,
  joinPieces,
  P,
  piece,
  scopeCondition,
  windowCondition,
  type SqlPiece,
} from './log-sql';

export interface AggregateItem {
  formula: string;
  aggregation: AggregateName;
  /** A per-row condition (formula text) the item's aggregates are restricted to. */
  filter?: string | undefined;
}

export interface AggregateRequest {
  scope: LogScope;
  /** The rows read: epoch seconds, end exclusive. Each item narrows this with its own filter. */
  start: number;
  end: number;
  items: AggregateItem[];
  /** Also compute every item per day, days cut in this IANA time zone. */
  seriesTimezone?: string | undefined;
}

export interface AggregateResult {
  values: (number | null)[];
  series?: { date: string; values: (number | null)[] }[];
}

/** The field names a formula over the scope's logs may use: known fields and the collected-data keys. */
export async function formulaFieldNames(
  db: Db,
  scope: LogScope,
  start: number,
  end: number,
): Promise<string[]> {
  const collected = await collectedFields(db, scope, start, end);
  return Object.keys(formulaFieldMap(collected.map((field) => field.name)));
}

/** Words of the formulas that are neither keywords nor known fields: keys of the collected data. */
function collectedKeysOf(items: AggregateItem[]): string[] {
  const keys = new Set<string>();
  for (const text of items.flatMap((item) => [item.formula, item.filter ?? ''])) {
    for (const token of tokenize(text)) {
      if (token.kind === 'identifier' && !isFormulaKeyword(token.text) && !isKnownField(token.text))
        keys.add(token.text);
    }
  }
  return [...keys];
}

function compileItems(items: AggregateItem[], collected: string[]): SqlPiece[] {
  const fieldMap = formulaFieldMap(collected);
  return items.map((item) => {
    const compiled = compileToSql(item.formula, fieldMap, {
      aggregation: item.aggregation,
      ...(item.filter ? { filter: item.filter } : {}),
    });
    return piece(compiled.fragments.join(P), compiled.params);
  });
}

const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : Number(value);

/**
 * Computes every item in one pass over the scope's rows in the window (and, on request, one more pass grouped by
 * day), in SQL: formulas compile to parameterized aggregate expressions.
 */
export async function aggregateLogs(db: Db, request: AggregateRequest): Promise<AggregateResult> {
  if (request.items.length === 0) return { values: [], ...(request.seriesTimezone ? { series: [] } : {}) };
  const expressions = compileItems(request.items, collectedKeysOf(request.items)).map((expression, index) =>
    joinPieces([expression, piece(` AS m${index}`)], ''),
  );
  const where = joinPieces(
    [scopeCondition(request.scope), windowCondition(request.start, request.end)],
    ' AND ',
  );
  const read = (row: Record<string, unknown> | undefined) =>
    request.items.map((_, index) => toNumber(row?.[`m${index}`]));
  try {
    const [totals] = await runPiece<Record<string, unknown>>(
      db,
      joinPieces(
        [piece('SELECT '), joinPieces(expressions, ', '), piece(' FROM conversation_logs cl WHERE '), where],
        '',
      ),
    );
    const result: AggregateResult = { values: read(totals) };
    if (request.seriesTimezone) {
      const day = piece(`to_char(date_trunc('day', cl."timestamp" AT TIME ZONE ${P}), 'YYYY-MM-DD')`, [
        request.seriesTimezone,
      ]);
      const rows = await runPiece<Record<string, unknown> & { day: string }>(
        db,
        joinPieces(
          [
            piece('SELECT '),
            day,
            piece(' AS day, '),
            joinPieces(expressions, ', '),
            piece(' FROM conversation_logs cl WHERE '),
            where,
            piece(' GROUP BY 1 ORDER BY 1'),
          ],
          '',
        ),
      );
      result.series = rows.map((row) => ({ date: row.day, values: read(row) }));
    }
    return result;
  } catch (error) {
    // A formula can still fail at run time (a number out of range); say which kind of problem it is, in the
    // database's words rather than the query-runner's, which would quote the whole query and its values.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new AppError('BAD_REQUEST', `A metric could not be computed: ${message}`);
  }
}
