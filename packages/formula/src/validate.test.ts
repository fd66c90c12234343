import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFormula } from './index';

const fields = ['duration', 'direction', 'transfer', 'appointmentBooked', 'timestamp', 'fromNumber'];

describe('validateFormula', () => {
  it('accepts formulas over known fields, in any keyword case', () => {
    expect(validateFormula('sum(duration) * 0.0166667', fields)).toBeNull();
    expect(validateFormula("count(direction = 'inbound') / count()", fields)).toBeNull();
    expect(
      validateFormula("duration BETWEEN 10 AND 60 And direction IN ['inbound', 'outbound']", fields),
    ).toBeNull();
    expect(validateFormula('transfer IS NOT NULL && !(duration < 5)', fields)).toBeNull();
    expect(validateFormula("fromNumber NOT LIKE '+1555%' OR fromNumber REGEX '^\\+44'", fields)).toBeNull();
    expect(validateFormula('if(appointmentBooked, 1, 0) + abs(-3) % 2', fields)).toBeNull();
    expect(validateFormula("timestamp_diff(now(), timestamp, 'days') > 7", fields)).toBeNull();
    expect(
      validateFormula('d_count(fromNumber) + med(duration) + variance(duration) + std_dev(duration)', fields),
    ).toBeNull();
  });

  it('reports an empty formula first', () => {
    expect(validateFormula('', fields)).toBe('Formula cannot be empty');
    expect(validateFormula('   \n', fields)).toBe('Formula cannot be empty');
  });

  it('names the invalid characters, before any other problem', () => {
    expect(validateFormula('duration $ 2 @ 3 $', fields)).toBe('Invalid characters: $ @');
    expect(validateFormula('(bogus # 1', fields)).toBe('Invalid characters: #');
    expect(validateFormula('duration; drop', fields)).toBe('Invalid characters: ;');
  });

  it('skips quoted text in the character and field checks', () => {
    expect(validateFormula("direction = 'in$bound; (drop table)'", fields)).toBeNull();
    expect(validateFormula('direction = "unknownWord #"', fields)).toBeNull();
  });

  it('reports mismatched parentheses before unknown fields', () => {
    expect(validateFormula('sum(duration', fields)).toBe('Mismatched parentheses');
    expect(validateFormula('sum(duration))', fields)).toBe('Mismatched parentheses');
    expect(validateFormula(')duration(', fields)).toBe('Mismatched parentheses');
    expect(validateFormula('(bogus', fields)).toBe('Mismatched parentheses');
  });

  it('names the first unknown field', () => {
    expect(validateFormula('sum(bogus) + other', fields)).toBe('Unknown field: bogus');
    expect(validateFormula('Duration > 1', fields)).toBe('Unknown field: Duration');
    expect(validateFormula('duration > 1', { duration: 'number' })).toBeNull();
  });

  it('then reports grammar problems plainly', () => {
    expect(validateFormula('duration +', fields)).toBe('The formula ends too early');
    expect(validateFormula('duration 5', fields)).toBe('Unexpected "5" at position 10');
    expect(validateFormula('sum(duration, 2)', fields)).toBe('sum() takes 1 argument, got 2');
    expect(validateFormula('sum(sum(duration))', fields)).toBe(
      'sum() cannot be used inside another aggregate',
    );
    expect(validateFormula('sum(duration) + duration', fields)).toMatch(
      /^Field duration must be inside an aggregate/,
    );
    expect(validateFormula("fromNumber REGEX '('", fields)).toBe('Invalid regular expression: (');
    expect(validateFormula('duration = "open', fields)).toBe('Unclosed quote starting at position 12');
    expect(validateFormula('duration BETWEEN 1 OR 2', fields)).toMatch(/^Expected AND in BETWEEN/);
    expect(validateFormula('duration IN [1, 2', fields)).toMatch(/^Expected "," or "]"/);
    expect(validateFormula('duration & 1', fields)).toBe('Unexpected "&" at position 10');
    expect(validateFormula('12abc', fields)).toBe('Malformed number at position 1');
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const result = validateFormula(text, fields);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
      { numRuns: 2000 },
    );
    const alphabet = fc.constantFrom(
      ...'duration sum ( ) [ ] , + - * / % < > = ! & | \' " 1 2 . and or not in is null between like'.split(
        ' ',
      ),
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 20 }), (parts) => {
        const result = validateFormula(parts.join(' '), fields);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
