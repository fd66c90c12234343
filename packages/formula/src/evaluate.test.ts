import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileToSql, evaluateAggregate, evaluateFormula, parseDatePhrase } from './index';

const row = {
  duration: 90,
  direction: 'inbound',
  transfer: null,
  appointmentBooked: true,
  timestamp: new Date('2026-03-01T10:00:00Z'),
  score: '7.5',
};

describe('evaluateFormula', () => {
  it('does arithmetic with floating division, precedence and unary minus', () => {
    expect(evaluateFormula('duration * 0.5 + 1', row)).toBe(46);
    expect(evaluateFormula('7 / 2', row)).toBe(3.5);
    expect(evaluateFormula('-2 * 3 + 10 % 4', row)).toBe(-4);
    expect(evaluateFormula('(1 + 2) * 3', row)).toBe(9);
  });

  it('gives 0 for a division by zero, unknown fields and NULL in arithmetic', () => {
    expect(evaluateFormula('duration / 0', row)).toBe(0);
    expect(evaluateFormula('duration % 0', row)).toBe(0);
    expect(evaluateFormula('nothingHere + 1', row)).toBe(1);
    expect(evaluateFormula('transfer + 1', row)).toBe(1);
    expect(evaluateFormula('null * 5', row)).toBe(0);
  });

  it('compares as numbers when a side is a number, else as text', () => {
    expect(evaluateFormula('score > 7', row)).toBe(true);
    expect(evaluateFormula("duration = '90'", row)).toBe(true);
    expect(evaluateFormula("direction = 'inbound' && duration >= 90", row)).toBe(true);
    expect(evaluateFormula("direction < 'outbound'", row)).toBe(true);
    expect(evaluateFormula("transfer = ''", row)).toBe(true);
  });

  it('knows IN, NOT IN, BETWEEN, IS [NOT] NULL, LIKE and REGEX', () => {
    expect(evaluateFormula("direction IN ['inbound', 'outbound']", row)).toBe(true);
    expect(evaluateFormula('duration not in [1, 2]', row)).toBe(true);
    expect(evaluateFormula('duration BETWEEN 60 AND 120', row)).toBe(true);
    expect(evaluateFormula('duration NOT BETWEEN 60 AND 120', row)).toBe(false);
    expect(evaluateFormula('transfer IS NULL and direction is not null', row)).toBe(true);
    expect(evaluateFormula("direction LIKE 'in%'", row)).toBe(true);
    expect(evaluateFormula("direction like 'i_bound'", row)).toBe(true);
    expect(evaluateFormula("direction like 'i_ound'", row)).toBe(false);
    expect(evaluateFormula("direction REGEX '^in(bound)?$'", row)).toBe(true);
    expect(evaluateFormula("direction not regex 'out'", row)).toBe(true);
  });

  it('binds the word NOT looser than comparisons and ! tighter', () => {
    expect(evaluateFormula('not duration = 90', row)).toBe(false);
    expect(evaluateFormula('!duration = 90', row)).toBe(false);
    expect(evaluateFormula('!duration', row)).toBe(false);
    expect(evaluateFormula('true || false && false', row)).toBe(true);
  });

  it('runs functions: if, abs, timestamp_diff and now', () => {
    expect(evaluateFormula("if(appointmentBooked, 'yes', 'no')", row)).toBe('yes');
    expect(evaluateFormula('if(duration > 100, 1, 0)', row)).toBe(0);
    expect(evaluateFormula('abs(-4.5)', row)).toBe(4.5);
    const now = Date.parse('2026-03-03T10:00:00Z') / 1000;
    expect(evaluateFormula("timestamp_diff(now(), timestamp, 'days')", row, { now })).toBe(2);
    expect(evaluateFormula('timestamp_diff(now(), timestamp)', row, { now })).toBe(172800);
  });

  it('throws the parse error for a bad formula', () => {
    expect(() => evaluateFormula('duration +', row)).toThrow('The formula ends too early');
  });
});

describe('evaluateAggregate', () => {
  const rows = [
    { duration: 10, direction: 'inbound', transfer: '+15550100009', booked: true },
    { duration: 20, direction: 'outbound', transfer: null, booked: false },
    { duration: 60, direction: 'inbound', transfer: '', booked: true },
    { duration: null, direction: 'inbound', transfer: null, booked: false },
  ];

  it('computes the aggregates, skipping NULL like SQL does', () => {
    expect(evaluateAggregate('sum(duration)', rows)).toBe(90);
    expect(evaluateAggregate('avg(duration)', rows)).toBe(30);
    expect(evaluateAggregate('min(duration) + max(duration)', rows)).toBe(70);
    expect(evaluateAggregate('count()', rows)).toBe(4);
    expect(evaluateAggregate('count(duration)', rows)).toBe(3);
    expect(evaluateAggregate('count(transfer)', rows)).toBe(1);
    expect(evaluateAggregate('count(booked)', rows)).toBe(2);
    expect(evaluateAggregate("count(direction = 'inbound')", rows)).toBe(3);
    expect(evaluateAggregate('d_count(direction)', rows)).toBe(2);
    expect(evaluateAggregate('med(duration)', rows)).toBe(20);
    expect(evaluateAggregate('variance(duration)', rows)).toBeCloseTo(700, 9);
    expect(evaluateAggregate('std_dev(duration)', rows)).toBeCloseTo(Math.sqrt(700), 9);
    expect(evaluateAggregate('count(booked) / count() * 100', rows)).toBe(50);
  });

  it('combines a per-row formula with the chosen aggregation', () => {
    expect(evaluateAggregate('duration * 2', rows)).toBe(180);
    expect(evaluateAggregate('duration', rows, { aggregation: 'avg' })).toBe(30);
    expect(evaluateAggregate("direction = 'outbound'", rows, { aggregation: 'count' })).toBe(1);
  });

  it('answers NULL where SQL does on no rows, and 0 for sums and counts', () => {
    expect(evaluateAggregate('avg(duration)', [])).toBeNull();
    expect(evaluateAggregate('variance(duration)', [{ duration: 3 }])).toBeNull();
    expect(evaluateAggregate('sum(duration) + count()', [])).toBe(0);
    expect(evaluateAggregate('avg(duration) + 1', [])).toBe(1);
  });

  it('gives the median of an even set as the midpoint', () => {
    expect(evaluateAggregate('med(x)', [{ x: 1 }, { x: 4 }, { x: 2 }, { x: 10 }])).toBe(3);
  });

  it('agrees with sums computed directly, for any numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 30 }), (values) => {
        const data = values.map((duration) => ({ duration }));
        expect(evaluateAggregate('sum(duration * 2)', data)).toBe(values.reduce((a, b) => a + 2 * b, 0));
      }),
    );
  });
});

describe('compileToSql', () => {
  const fieldMap = {
    duration: { sql: '"duration"', type: 'number' as const },
    direction: { sql: '"direction"', type: 'string' as const },
  };

  it('sends every literal as a parameter, never in the SQL text', () => {
    const compiled = compileToSql(`sum(duration) + count(direction = "x'); drop table t; --")`, fieldMap);
    expect(compiled.text).not.toContain('drop table');
    expect(compiled.params).toEqual(["x'); drop table t; --"]);
    expect(compiled.text).toContain('$1::text');
    expect(compiled.fragments).toHaveLength(compiled.params.length + 1);
    expect(compiled.aggregate).toBe(true);
  });

  it('numbers placeholders from firstParam and reads unknown fields as NULL', () => {
    const compiled = compileToSql('duration * 2 + other', fieldMap, { firstParam: 4, aggregation: 'sum' });
    expect(compiled.text).toContain('$4::float8');
    expect(compiled.text).toContain('NULL::float8');
    expect(compiled.params).toEqual([2]);
  });
});

describe('parseDatePhrase', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const seconds = (iso: string) => Date.parse(iso) / 1000;

  it('reads last N day/week/month/year into start and end seconds', () => {
    expect(parseDatePhrase('last 30 days', now)).toEqual({
      start: seconds('2026-03-01T12:00:00Z'),
      end: seconds('2026-03-31T12:00:00Z'),
    });
    expect(parseDatePhrase('Last 2 Weeks', now)?.start).toBe(seconds('2026-03-17T12:00:00Z'));
    expect(parseDatePhrase('last 1 month', now)?.start).toBe(seconds('2026-03-03T12:00:00Z'));
    expect(parseDatePhrase('last 1 year', now)?.start).toBe(seconds('2025-03-31T12:00:00Z'));
  });

  it('answers null for anything else', () => {
    expect(parseDatePhrase('last 0 days', now)).toBeNull();
    expect(parseDatePhrase('next 3 days', now)).toBeNull();
    expect(parseDatePhrase('last days', now)).toBeNull();
  });
});
