// The formula's two paths must agree: compileToSql run by the database (PGlite here, PostgreSQL when
// TEST_DATABASE_URL is set) and evaluateFormula/evaluateAggregate in JavaScript, on random formulas over random rows.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@switchboard/db';
import {
  compileToSql,
  evaluateAggregate,
  evaluateFormula,
  type FieldType,
  type FormulaValue,
} from '@switchboard/formula';
import { startApp, type KitApp } from '@switchboard/testing';

let t: KitApp;

const fieldTypes: Record<string, FieldType> = {
  n1: 'number',
  n2: 'number',
  s1: 'string',
  s2: 'string',
  b1: 'boolean',
  d1: 'date',
};
const fieldMap = Object.fromEntries(
  Object.entries(fieldTypes).map(([name, type]) => [name, { sql: `r.${name}`, type }]),
);

interface Row {
  n1: number | null;
  n2: number | null;
  s1: string | null;
  s2: string | null;
  b1: boolean | null;
  d1: Date | null;
}

const texts = ['', 'a', 'ab', 'b', 'ba', '12', ' 7 ', '1.5', '-3', 'x_y', 'A'];
const rowArbitrary: fc.Arbitrary<Row> = fc.record({
  n1: fc.option(
    fc.integer({ min: -50, max: 50 }).map((n) => n / 4),
    { nil: null },
  ),
  n2: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }),
  s1: fc.option(fc.constantFrom(...texts), { nil: null }),
  s2: fc.option(fc.constantFrom(...texts), { nil: null }),
  b1: fc.option(fc.boolean(), { nil: null }),
  d1: fc.option(
    fc
      .integer({ min: 0, max: 10_000_000 })
      .map((ms) => new Date(Date.UTC(2026, 0, 1) + ms * 1000 + (ms % 1000))),
    { nil: null },
  ),
});

const quote = (text: string) => `'${text}'`;
const parens = (...parts: string[]) => `(${parts.join(' ')})`;

// Formula text, built so each composite sits in parentheses; depth keeps numbers far from overflow.
const { num, str, bool } = fc.letrec<{ num: string; str: string; bool: string }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('n1', 'n2', 'd1', 'ghost', '0', '3', '2.5', 'null'),
    fc
      .tuple(tie('num'), fc.constantFrom('+', '-', '*', '/', '%'), tie('num'))
      .map(([a, op, b]) => parens(a, op, b)),
    tie('num').map((a) => `(-${a})`),
    tie('num').map((a) => `abs(${a})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `if(${c}, ${a}, ${b})`),
    fc
      .tuple(tie('num'), tie('num'), fc.constantFrom('', ", 'hours'"))
      .map(([a, b, unit]) => `timestamp_diff(${a}, ${b}${unit})`),
    tie('str').map((s) => `(+${s})`),
  ),
  str: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('s1', 's2', ...texts.map(quote)),
    fc.tuple(tie('bool'), tie('str'), tie('str')).map(([c, a, b]) => `if(${c}, ${a}, ${b})`),
  ),
  bool: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('b1', 'true', 'false'),
    fc
      .tuple(
        fc.oneof(tie('num'), tie('str')),
        fc.constantFrom('=', '!=', '<', '>', '<=', '>=', '<>', '=='),
        fc.oneof(tie('num'), tie('str')),
      )
      .map(([a, op, b]) => parens(a, op, b)),
    fc
      .tuple(tie('bool'), fc.constantFrom('&&', '||', 'and', 'OR'), tie('bool'))
      .map(([a, op, b]) => parens(a, op, b)),
    tie('bool').map((a) => `(not ${a})`),
    tie('bool').map((a) => `(!${a})`),
    fc
      .tuple(
        fc.oneof(tie('num'), tie('str')),
        fc.boolean(),
        fc.array(fc.oneof(tie('num'), tie('str')), { maxLength: 3 }),
      )
      .map(([a, negated, items]) => parens(a, negated ? 'NOT IN' : 'IN', `[${items.join(', ')}]`)),
    fc
      .tuple(tie('num'), fc.boolean(), tie('num'), tie('num'))
      .map(([a, negated, low, high]) => parens(a, negated ? 'not between' : 'BETWEEN', low, 'AND', high)),
    fc
      .tuple(fc.constantFrom('n1', 's1', 'b1', 'd1', 'ghost', 'null', '1'), fc.boolean())
      .map(([a, negated]) => parens(a, negated ? 'IS NOT NULL' : 'is null')),
    fc
      .tuple(tie('str'), fc.boolean(), fc.constantFrom('a%', '%b', '_', '%', '1_5', 'a', ''))
      .map(([a, negated, pattern]) => parens(a, negated ? 'NOT LIKE' : 'LIKE', quote(pattern))),
    fc
      .tuple(tie('str'), fc.boolean(), fc.constantFrom('^a', 'b$', 'a|1', '^[0-9]+$', 'x_y'))
      .map(([a, negated, pattern]) => parens(a, negated ? 'NOT REGEX' : 'REGEX', quote(pattern))),
  ),
}));

const anyRowFormula = fc.oneof(num, str, bool);
const aggregate = fc.oneof(
  num.map((a) => `sum(${a})`),
  num.map((a) => `avg(${a})`),
  num.map((a) => `med(${a})`),
  num.map((a) => `variance(${a})`),
  num.map((a) => `std_dev(${a})`),
  fc.oneof(num, str).map((a) => `min(${a})`),
  fc.oneof(num, str).map((a) => `max(${a})`),
  anyRowFormula.map((a) => `d_count(${a})`),
  anyRowFormula.map((a) => `count(${a})`),
  fc.constant('count()'),
);
const aggregateFormula = fc.oneof(
  aggregate,
  fc.tuple(aggregate, fc.constantFrom('+', '-', '*', '/'), aggregate).map(([a, op, b]) => parens(a, op, b)),
);

function expectSame(actual: unknown, expected: FormulaValue, context: string): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = 1e-9 * Math.max(1, Math.abs(expected));
    expect(Math.abs(actual - expected), `${context}: SQL ${actual} vs JS ${expected}`).toBeLessThanOrEqual(
      tolerance,
    );
    return;
  }
  expect(actual, context).toEqual(expected);
}

async function loadRows(rows: Row[]): Promise<void> {
  await t.db.execute(sql`TRUNCATE formula_rows RESTART IDENTITY`);
  for (const row of rows) {
    await t.db.execute(
      sql`INSERT INTO formula_rows (n1, n2, s1, s2, b1, d1) VALUES (${row.n1}, ${row.n2}, ${row.s1}, ${row.s2}, ${row.b1}, ${row.d1?.toISOString() ?? null})`,
    );
  }
}

function run(compiled: { fragments: string[]; params: (string | number)[] }, tail: string) {
  const chunks = compiled.fragments.flatMap((fragment, index) =>
    index < compiled.params.length
      ? [sql.raw(fragment), sql`${compiled.params[index]}`]
      : [sql.raw(fragment)],
  );
  return queryRows<{ v: unknown }>(t.db, sql.join([sql.raw('SELECT '), ...chunks, sql.raw(` AS v ${tail}`)]));
}

const now = Date.UTC(2026, 5, 1) / 1000;

beforeAll(async () => {
  t = await startApp({ seed: 'empty', features: [], requireAllEndpoints: false });
  await t.db.execute(
    sql.raw(
      'CREATE TABLE formula_rows (id serial PRIMARY KEY, n1 double precision, n2 integer, s1 text, s2 text, b1 boolean, d1 timestamptz)',
    ),
  );
});
afterAll(() => t.close());

describe('formula SQL and JavaScript agree', () => {
  it('row by row, on random formulas over random rows', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyRowFormula,
        fc.array(rowArbitrary, { minLength: 1, maxLength: 6 }),
        async (formula, rows) => {
          await loadRows(rows);
          const compiled = compileToSql(formula, fieldMap, { now });
          const sqlValues = (await run(compiled, 'FROM formula_rows r ORDER BY r.id')).map((row) => row.v);
          rows.forEach((row, index) => {
            expectSame(
              sqlValues[index],
              evaluateFormula(formula, { ...row }, { fieldTypes, now }),
              `${formula} on ${JSON.stringify(row)}`,
            );
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('over sets of rows, for aggregates, with and without a row filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        aggregateFormula,
        fc.option(bool, { nil: undefined }),
        fc.array(rowArbitrary, { maxLength: 8 }),
        async (formula, filter, rows) => {
          await loadRows(rows);
          const options = filter === undefined ? { now } : { now, filter };
          const [result] = await run(compileToSql(formula, fieldMap, options), 'FROM formula_rows r');
          const expected = evaluateAggregate(
            formula,
            rows.map((row) => ({ ...row })),
            { fieldTypes, ...options },
          );
          expectSame(
            result?.v ?? null,
            expected,
            `${formula} where ${filter ?? 'all'} on ${JSON.stringify(rows)}`,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('combines per-row formulas with every aggregation', async () => {
    const rows: Row[] = [
      { n1: 1.5, n2: 10, s1: 'a', s2: '12', b1: true, d1: new Date('2026-01-01T00:00:00Z') },
      { n1: null, n2: -4, s1: null, s2: 'b', b1: false, d1: null },
      { n1: 7, n2: 10, s1: 'ab', s2: '', b1: null, d1: new Date('2026-01-02T12:00:00Z') },
    ];
    await loadRows(rows);
    for (const aggregation of [
      'sum',
      'avg',
      'min',
      'max',
      'count',
      'd_count',
      'med',
      'variance',
      'std_dev',
    ] as const) {
      for (const formula of ['n1 * 2', 'n2', 's2', 'b1', 'n1 > 2']) {
        const [result] = await run(compileToSql(formula, fieldMap, { aggregation }), 'FROM formula_rows r');
        expectSame(
          result?.v ?? null,
          evaluateAggregate(
            formula,
            rows.map((row) => ({ ...row })),
            { fieldTypes, aggregation },
          ),
          `${aggregation}(${formula})`,
        );
      }
    }
  });
});
