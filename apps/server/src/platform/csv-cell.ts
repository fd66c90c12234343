// CSV that is safe to open in a spreadsheet (OWASP "CSV injection"): text starting with =, +, -, @, a tab or a
// carriage return would run as a formula, so it gets a leading single quote; every cell is quoted, so a delimiter
// inside a value (a `;` in a locale that splits on it) cannot start a new cell either. A plain number keeps its sign
// unescaped (`-5`, `+15550100001`): it is no formula.

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?\d+(\.\d+)?$/;

/** The text of a cell as a spreadsheet may safely read it. */
export function inertCellText(text: string): string {
  return formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
}

/** One CSV cell: NULL is empty; anything else is quoted (quotes doubled), its text made inert. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? inertCellText(value)
      : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
        ? String(value)
        : inertCellText(JSON.stringify(value));
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line (with its newline). */
export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\n`;

/**
 * The same rule in SQL, for rows PostgreSQL's COPY formats itself (with FORCE_QUOTE *, which quotes every cell):
 * `expression` is a text expression, repeated, so it should be a column or a short accessor.
 */
export const inertCellSql = (expression: string) =>
  `(CASE WHEN ${expression} ~ '^[-=+@\\t\\r]' AND ${expression} !~ '^[+-]?[0-9]+(\\.[0-9]+)?$' ` +
  `THEN '''' || ${expression} ELSE ${expression} END)`;
