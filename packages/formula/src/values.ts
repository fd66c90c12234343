import type { FieldType, ValueType } from './ast';

/** A value while a formula runs; its static type says which of these it can be (or null). */
export type FormulaValue = number | string | boolean | null;

// Text counts as a number only when it is one (an optional sign, digits, an optional fraction); other text is 0.
const numericText = /^\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)\s*$/;
/** The same test in PostgreSQL's regular expression syntax. */
export const numericTextPattern = '^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*$';

export function numberOrNull(value: FormulaValue, type: ValueType): number | null {
  if (value === null || type === 'null') return null;
  if (type === 'number') return value as number;
  if (type === 'boolean') return value ? 1 : 0;
  const text = value as string;
  return numericText.test(text) ? Number(text) : 0;
}

export const toNumber = (value: FormulaValue, type: ValueType): number => numberOrNull(value, type) ?? 0;

export function textOrNull(value: FormulaValue, type: ValueType): string | null {
  if (value === null || type === 'null') return null;
  if (type === 'string') return value as string;
  if (type === 'boolean') return value ? 'true' : 'false';
  // PostgreSQL writes negative zero as -0.
  return Object.is(value, -0) ? '-0' : String(value);
}

export const toText = (value: FormulaValue, type: ValueType): string => textOrNull(value, type) ?? '';

export function booleanOrNull(value: FormulaValue, type: ValueType): boolean | null {
  if (value === null || type === 'null') return null;
  if (type === 'boolean') return value as boolean;
  if (type === 'number') return value !== 0;
  return value !== '';
}

export const toBoolean = (value: FormulaValue, type: ValueType): boolean =>
  booleanOrNull(value, type) ?? false;

/** Converts the value in an unified-type branch (IF) without losing NULL. */
export function convert(value: FormulaValue, from: ValueType, to: ValueType): FormulaValue {
  if (to === 'number') return numberOrNull(value, from);
  if (to === 'string') return textOrNull(value, from);
  if (to === 'boolean') return booleanOrNull(value, from);
  return null;
}

/** What a row holds for a field, as the formula sees it: dates become seconds since the epoch. */
// Rows hold database values: numbers, text, booleans, dates, and JSON for collected data.
function textOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  return JSON.stringify(raw);
}

export function readField(raw: unknown, type: FieldType): FormulaValue {
  if (raw === null || raw === undefined) return null;
  switch (type) {
    case 'date': {
      const ms =
        raw instanceof Date ? raw.getTime() : typeof raw === 'number' ? raw * 1000 : Date.parse(textOf(raw));
      return Number.isFinite(ms) ? ms / 1000 : null;
    }
    case 'number':
      if (typeof raw === 'number') return raw;
      if (typeof raw === 'boolean') return raw ? 1 : 0;
      return toNumber(textOf(raw), 'string');
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (typeof raw === 'number') return raw !== 0;
      return textOf(raw) !== '' && textOf(raw) !== 'false';
    case 'string':
      return textOf(raw);
  }
}

/** The field type a JavaScript value suggests, for rows that come without a declared schema. */
export function inferFieldType(raw: unknown): FieldType | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (raw instanceof Date) return 'date';
  if (typeof raw === 'number') return 'number';
  if (typeof raw === 'boolean') return 'boolean';
  return 'string';
}
