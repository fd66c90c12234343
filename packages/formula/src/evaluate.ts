import {
  argAt,
  containsAggregate,
  timeUnits,
  type AggregateName,
  type CompareOperator,
  type FieldType,
  type FormulaNode,
  type ValueType,
} from './ast';
import { parseFormula } from './parser';
import { FormulaError } from './tokenizer';
import { comparisonDomain, typeOf, unify, valueTypeOfField } from './types';
import {
  booleanOrNull,
  convert,
  inferFieldType,
  numberOrNull,
  readField,
  textOrNull,
  toBoolean,
  toNumber,
  toText,
  type FormulaValue,
} from './values';

export type FormulaRow = Readonly<Record<string, unknown>>;

export interface EvaluateOptions {
  /** Each field's type; fields not listed are typed from the values in the rows. */
  fieldTypes?: Readonly<Record<string, FieldType>>;
  /** What now() answers, in seconds since the epoch (default: the clock). */
  now?: number;
  /** For a formula without aggregates, how its per-row values combine over rows (default sum). */
  aggregation?: AggregateName;
  /** A per-row condition (formula text): aggregates see only the rows where it holds. */
  filter?: string;
}

function compare(operator: CompareOperator, a: number | string, b: number | string): boolean {
  switch (operator) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
  }
}

function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern.charAt(index);
    if (char === '\\' && index + 1 < pattern.length) {
      source += pattern.charAt(++index).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

// PostgreSQL's variance(float8) accumulates this way (Youngs-Cramer), so both paths round alike.
function sampleVariance(values: number[]): number | null {
  if (values.length < 2) return null;
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    n++;
    sum += value;
    if (n > 1) {
      const step = value * n - sum;
      squares += (step * step) / (n * (n - 1));
    }
  }
  return squares / (n - 1);
}

class Evaluator {
  constructor(
    private readonly fieldType: (name: string) => FieldType | undefined,
    private readonly now: number,
  ) {}

  fieldTypeOf(name: string): FieldType | undefined {
    return this.fieldType(name);
  }

  private typeOf = (node: FormulaNode): ValueType =>
    typeOf(node, (name) => valueTypeOfField(this.fieldType(name)));

  value(node: FormulaNode, row: FormulaRow, rows: readonly FormulaRow[]): FormulaValue {
    const number = (child: FormulaNode) => toNumber(this.value(child, row, rows), this.typeOf(child));
    const bool = (child: FormulaNode) => toBoolean(this.value(child, row, rows), this.typeOf(child));
    const compareNodes = (operator: CompareOperator, left: FormulaNode, right: FormulaNode) => {
      const [lt, rt] = [this.typeOf(left), this.typeOf(right)];
      const [lv, rv] = [this.value(left, row, rows), this.value(right, row, rows)];
      return comparisonDomain(lt, rt) === 'number'
        ? compare(operator, toNumber(lv, lt), toNumber(rv, rt))
        : compare(operator, toText(lv, lt), toText(rv, rt));
    };
    switch (node.type) {
      case 'number':
      case 'string':
      case 'boolean':
        return node.value;
      case 'null':
        return null;
      case 'field': {
        const type = this.fieldType(node.name);
        return type === undefined ? null : readField(row[node.name], type);
      }
      case 'negate':
        return -number(node.operand);
      case 'toNumber':
        return number(node.operand);
      case 'not':
        return !bool(node.operand);
      case 'arithmetic': {
        const [a, b] = [number(node.left), number(node.right)];
        switch (node.operator) {
          case '+':
            return a + b;
          case '-':
            return a - b;
          case '*':
            return a * b;
          case '/':
            return b === 0 ? 0 : a / b;
          case '%':
            return b === 0 ? 0 : a - b * Math.trunc(a / b);
        }
        break;
      }
      case 'compare':
        return compareNodes(node.operator, node.left, node.right);
      case 'logical':
        return node.operator === 'and'
          ? bool(node.left) && bool(node.right)
          : bool(node.left) || bool(node.right);
      case 'in': {
        const found = node.items.some((item) => compareNodes('=', node.operand, item));
        return node.negated ? !found : found;
      }
      case 'between': {
        const inside =
          compareNodes('>=', node.operand, node.low) && compareNodes('<=', node.operand, node.high);
        return node.negated ? !inside : inside;
      }
      case 'isNull': {
        const isNull = this.value(node.operand, row, rows) === null;
        return node.negated ? !isNull : isNull;
      }
      case 'like': {
        const text = toText(this.value(node.operand, row, rows), this.typeOf(node.operand));
        const pattern = toText(this.value(node.pattern, row, rows), this.typeOf(node.pattern));
        const matches = likeToRegExp(pattern).test(text);
        return node.negated ? !matches : matches;
      }
      case 'regex': {
        const text = toText(this.value(node.operand, row, rows), this.typeOf(node.operand));
        const matches = new RegExp(node.pattern).test(text);
        return node.negated ? !matches : matches;
      }
      case 'call':
        return this.call(node, row, rows);
    }
    return null;
  }

  private call(
    node: Extract<FormulaNode, { type: 'call' }>,
    row: FormulaRow,
    rows: readonly FormulaRow[],
  ): FormulaValue {
    const third = node.args[2];
    const first = () => argAt(node, 0);
    const second = () => argAt(node, 1);
    switch (node.name) {
      case 'abs':
        return Math.abs(toNumber(this.value(first(), row, rows), this.typeOf(first())));
      case 'if': {
        const type = unify(this.typeOf(second()), this.typeOf(argAt(node, 2)));
        const chosen = toBoolean(this.value(first(), row, rows), this.typeOf(first()))
          ? second()
          : argAt(node, 2);
        return convert(this.value(chosen, row, rows), this.typeOf(chosen), type);
      }
      case 'now':
        return this.now;
      case 'timestamp_diff': {
        const unit = third?.type === 'string' ? (timeUnits[third.value.toLowerCase()] ?? 1) : 1;
        const a = toNumber(this.value(first(), row, rows), this.typeOf(first()));
        const b = toNumber(this.value(second(), row, rows), this.typeOf(second()));
        return (a - b) / unit;
      }
      default:
        return this.aggregate(node.name, node.args[0], rows);
    }
  }

  private aggregate(
    name: AggregateName,
    arg: FormulaNode | undefined,
    rows: readonly FormulaRow[],
  ): FormulaValue {
    if (!arg) return rows.length;
    const type = this.typeOf(arg);
    const raw = rows.map((each) => this.value(arg, each, rows));
    const numbers = () => raw.map((value) => numberOrNull(value, type)).filter((value) => value !== null);
    switch (name) {
      case 'count':
        if (type === 'boolean') return raw.filter((value) => booleanOrNull(value, type) === true).length;
        if (type === 'string') return raw.filter((value) => value !== null && value !== '').length;
        return raw.filter((value) => value !== null && type !== 'null').length;
      case 'd_count': {
        const present =
          type === 'string'
            ? raw.map((value) => textOrNull(value, type))
            : type === 'boolean'
              ? raw.map((value) => booleanOrNull(value, type))
              : raw.map((value) => numberOrNull(value, type));
        return new Set(present.filter((value) => value !== null)).size;
      }
      case 'sum':
        return numbers().reduce((total, value) => total + value, 0);
      case 'avg': {
        const values = numbers();
        return values.length === 0 ? null : values.reduce((total, value) => total + value, 0) / values.length;
      }
      case 'min':
      case 'max': {
        const values: (number | string)[] =
          type === 'string' ? raw.filter((value): value is string => value !== null) : numbers();
        if (values.length === 0) return null;
        return values.reduce((best, value) =>
          (name === 'min' ? value < best : value > best) ? value : best,
        );
      }
      case 'med': {
        const values = numbers().sort((a, b) => a - b);
        if (values.length === 0) return null;
        const middle = (values.length - 1) / 2;
        const low = values[Math.floor(middle)] ?? 0;
        const high = values[Math.ceil(middle)] ?? low;
        return low + (high - low) * (middle - Math.floor(middle));
      }
      case 'variance':
        return sampleVariance(numbers());
      case 'std_dev': {
        const variance = sampleVariance(numbers());
        return variance === null ? null : Math.sqrt(variance);
      }
    }
  }
}

function typesFromRows(rows: readonly FormulaRow[], declared: EvaluateOptions['fieldTypes']) {
  const cache = new Map<string, FieldType | undefined>();
  return (name: string): FieldType | undefined => {
    if (declared?.[name]) return declared[name];
    if (!cache.has(name)) {
      const sample = rows.map((row) => row[name]).find((value) => value !== null && value !== undefined);
      cache.set(name, inferFieldType(sample));
    }
    return cache.get(name);
  };
}

/** Wraps a per-row formula in the aggregation that combines its values (sum unless told otherwise). */
export function aggregateTree(tree: FormulaNode, aggregation: AggregateName = 'sum'): FormulaNode {
  return containsAggregate(tree) ? tree : { type: 'call', name: aggregation, args: [tree] };
}

/**
 * The formula's value for one row: a number, boolean, text or null. An unknown field reads as NULL (0 in arithmetic);
 * aggregates treat the row as a set of one. Throws FormulaError when the formula does not parse.
 */
export function evaluateFormula(text: string, row: FormulaRow, options: EvaluateOptions = {}): FormulaValue {
  const tree = parseFormula(text);
  const evaluator = new Evaluator(typesFromRows([row], options.fieldTypes), options.now ?? Date.now() / 1000);
  return evaluator.value(tree, row, [row]);
}

/**
 * The formula over a set of rows. A formula with aggregates (sum, avg, count, ...) is computed as written; one
 * without is computed per row and combined with `options.aggregation` (sum by default).
 */
export function evaluateAggregate(
  text: string,
  rows: readonly FormulaRow[],
  options: EvaluateOptions = {},
): FormulaValue {
  const tree = aggregateTree(parseFormula(text), options.aggregation);
  const evaluator = new Evaluator(typesFromRows(rows, options.fieldTypes), options.now ?? Date.now() / 1000);
  let chosen = rows;
  if (options.filter !== undefined && options.filter.trim() !== '') {
    const condition = parseFormula(options.filter);
    if (containsAggregate(condition)) throw new FormulaError('A filter cannot use aggregates');
    const conditionType = typeOf(condition, (name) => valueTypeOfField(evaluator.fieldTypeOf(name)));
    chosen = rows.filter((row) => toBoolean(evaluator.value(condition, row, rows), conditionType));
  }
  return evaluator.value(tree, {}, chosen);
}
