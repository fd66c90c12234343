import { isFormulaKeyword } from './keywords';
import { parseFormula } from './parser';
import { allowedCharacter, FormulaError, splitQuoted } from './tokenizer';

/** Field names a formula may use: a list, or a map from name to anything (its type). */
export type KnownFields = readonly string[] | Readonly<Record<string, unknown>>;

function fieldSet(known: KnownFields): ReadonlySet<string> {
  return new Set(Array.isArray(known) ? (known as readonly string[]) : Object.keys(known));
}

/**
 * Checks a formula the way the editor shows it, in this order: empty, characters outside the allowed set, unbalanced
 * parentheses, unknown words, then the grammar. Quoted text is taken verbatim and skipped by the first checks.
 * Returns null when the formula is valid, else the message.
 */
export function validateFormula(text: string, knownFields: KnownFields): string | null {
  if (text.trim() === '') return 'Formula cannot be empty';
  const { code } = splitQuoted(text);

  const invalid = [...new Set(Array.from(code).filter((char) => !allowedCharacter.test(char)))];
  if (invalid.length > 0) return `Invalid characters: ${invalid.join(' ')}`;

  let depth = 0;
  for (const char of code) {
    if (char === '(') depth++;
    if (char === ')' && --depth < 0) return 'Mismatched parentheses';
  }
  if (depth !== 0) return 'Mismatched parentheses';

  const fields = fieldSet(knownFields);
  for (const match of code.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    const word = match[0];
    // A word glued to digits before it is part of a malformed number; the grammar check names that.
    const before = code[match.index - 1] ?? '';
    if (/[0-9.]/.test(before)) continue;
    if (!isFormulaKeyword(word) && !fields.has(word)) return `Unknown field: ${word}`;
  }

  try {
    parseFormula(text);
  } catch (error) {
    if (error instanceof FormulaError) return error.message;
    throw error;
  }
  return null;
}
