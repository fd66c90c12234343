export type TokenKind = 'number' | 'string' | 'identifier' | 'operator' | 'end';

export interface Token {
  kind: TokenKind;
  /** The text as written; for a string, its content without the quotes. */
  text: string;
  /** Where the token starts in the formula (0-based). */
  position: number;
}

export class FormulaError extends Error {
  override readonly name = 'FormulaError';
}

const operators = [
  '&&',
  '||',
  '<=',
  '>=',
  '!=',
  '<>',
  '==',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  ',',
  '[',
  ']',
  '<',
  '>',
  '=',
  '!',
];

const isDigit = (char: string) => char >= '0' && char <= '9';
const isWordStart = (char: string) => /[A-Za-z_]/.test(char);
const isWordPart = (char: string) => /[A-Za-z0-9_]/.test(char);

/** The characters a formula may contain outside quoted text (spec part 2 §5). */
export const allowedCharacter = /[A-Za-z0-9_\s+\-*/().<>=!&|%,[\]'"]/;

/** Splits the formula into quoted literals and the text between them; an unclosed quote runs to the end. */
export function splitQuoted(text: string): { code: string; quoted: { start: number; end: number }[] } {
  const quoted: { start: number; end: number }[] = [];
  let code = '';
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '"' || char === "'") {
      const close = text.indexOf(char, index + 1);
      const end = close === -1 ? text.length : close + 1;
      quoted.push({ start: index, end });
      code += ' '.repeat(end - index);
      index = end;
    } else {
      code += char;
      index++;
    }
  }
  return { code, quoted };
}

/** Turns formula text into tokens; quoted text is taken verbatim (no escapes), in single or double quotes. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const position = index;
    if (char === '"' || char === "'") {
      const close = text.indexOf(char, index + 1);
      if (close === -1) throw new FormulaError(`Unclosed quote starting at position ${position + 1}`);
      tokens.push({ kind: 'string', text: text.slice(index + 1, close), position });
      index = close + 1;
      continue;
    }
    if (isDigit(char) || (char === '.' && isDigit(text.charAt(index + 1)))) {
      let end = index;
      while (end < text.length && isDigit(text.charAt(end))) end++;
      if (text[end] === '.') {
        end++;
        while (end < text.length && isDigit(text.charAt(end))) end++;
      }
      if (isWordPart(text.charAt(end)) || text[end] === '.') {
        throw new FormulaError(`Malformed number at position ${position + 1}`);
      }
      tokens.push({ kind: 'number', text: text.slice(index, end), position });
      index = end;
      continue;
    }
    if (isWordStart(char)) {
      let end = index;
      while (end < text.length && isWordPart(text.charAt(end))) end++;
      tokens.push({ kind: 'identifier', text: text.slice(index, end), position });
      index = end;
      continue;
    }
    const operator = operators.find((candidate) => text.startsWith(candidate, index));
    if (!operator) throw new FormulaError(`Unexpected "${char}" at position ${position + 1}`);
    tokens.push({ kind: 'operator', text: operator, position });
    index += operator.length;
  }
  tokens.push({ kind: 'end', text: '', position: text.length });
  return tokens;
}
