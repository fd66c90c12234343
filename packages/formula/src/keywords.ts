/** The words a formula may use besides field names (spec part 2 §5), plus IS for IS [NOT] NULL. */
export const formulaKeywords = [
  'abs',
  'if',
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'd_count',
  'med',
  'variance',
  'std_dev',
  'now',
  'timestamp_diff',
  'and',
  'or',
  'not',
  'between',
  'in',
  'like',
  'regex',
  'null',
  'true',
  'false',
  'is',
] as const;

export type FormulaKeyword = (typeof formulaKeywords)[number];

const keywordSet: ReadonlySet<string> = new Set(formulaKeywords);

/** Keywords match without regard to case (`AND`, `Between`). */
export function isFormulaKeyword(word: string): word is FormulaKeyword {
  return keywordSet.has(word.toLowerCase());
}
