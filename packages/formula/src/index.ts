/**
 * The metrics formula language (spec part 2 §5): a tokenizer, a Pratt parser to a syntax tree, the validator the
 * editor shows, an evaluator over rows, and a compiler to parameterized SQL that computes the same values.
 */
export { formulaKeywords, isFormulaKeyword, type FormulaKeyword } from './keywords';
export { validateFormula, type KnownFields } from './validate';
export { parseFormula } from './parser';
export { FormulaError, tokenize, type Token } from './tokenizer';
export {
  aggregateFunctions,
  containsAggregate,
  isAggregateName,
  scalarFunctions,
  type AggregateName,
  type FieldType,
  type FormulaNode,
  type ValueType,
} from './ast';
export { evaluateAggregate, evaluateFormula, type EvaluateOptions, type FormulaRow } from './evaluate';
export type { FormulaValue } from './values';
export {
  compileToSql,
  type CompiledSql,
  type CompileOptions,
  type SqlField,
  type SqlFieldMap,
} from './compile-sql';
export { parseDatePhrase, type DateRange } from './date-phrase';
