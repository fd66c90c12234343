export const aggregateFunctions = [
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'd_count',
  'med',
  'variance',
  'std_dev',
] as const;

export type AggregateName = (typeof aggregateFunctions)[number];

export const scalarFunctions = ['abs', 'if', 'now', 'timestamp_diff'] as const;

export type FunctionName = AggregateName | (typeof scalarFunctions)[number];

export type CompareOperator = '=' | '!=' | '<' | '>' | '<=' | '>=';
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

export type FormulaNode =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' }
  | { type: 'field'; name: string }
  | { type: 'negate'; operand: FormulaNode }
  | { type: 'toNumber'; operand: FormulaNode }
  | { type: 'not'; operand: FormulaNode }
  | { type: 'arithmetic'; operator: ArithmeticOperator; left: FormulaNode; right: FormulaNode }
  | { type: 'compare'; operator: CompareOperator; left: FormulaNode; right: FormulaNode }
  | { type: 'logical'; operator: 'and' | 'or'; left: FormulaNode; right: FormulaNode }
  | { type: 'in'; negated: boolean; operand: FormulaNode; items: FormulaNode[] }
  | { type: 'between'; negated: boolean; operand: FormulaNode; low: FormulaNode; high: FormulaNode }
  | { type: 'isNull'; negated: boolean; operand: FormulaNode }
  | { type: 'like'; negated: boolean; operand: FormulaNode; pattern: FormulaNode }
  | { type: 'regex'; negated: boolean; operand: FormulaNode; pattern: string }
  | { type: 'call'; name: FunctionName; args: FormulaNode[] };

/** The static type of an expression. `null` is the type of the NULL literal and of unknown fields. */
export type ValueType = 'number' | 'string' | 'boolean' | 'null';

/** How a field is typed for the formula: dates are seconds since the epoch. */
export type FieldType = 'number' | 'string' | 'boolean' | 'date';

export const timeUnits: Record<string, number> = {
  second: 1,
  seconds: 1,
  minute: 60,
  minutes: 60,
  hour: 3600,
  hours: 3600,
  day: 86400,
  days: 86400,
};

export function isAggregateName(name: string): name is AggregateName {
  return (aggregateFunctions as readonly string[]).includes(name);
}

/** Calls `visit` on the node and every node below it. */
export function walk(node: FormulaNode, visit: (node: FormulaNode) => void): void {
  visit(node);
  for (const child of childrenOf(node)) walk(child, visit);
}

export function childrenOf(node: FormulaNode): FormulaNode[] {
  switch (node.type) {
    case 'negate':
    case 'toNumber':
    case 'not':
    case 'isNull':
    case 'regex':
      return [node.operand];
    case 'arithmetic':
    case 'compare':
    case 'logical':
      return [node.left, node.right];
    case 'in':
      return [node.operand, ...node.items];
    case 'between':
      return [node.operand, node.low, node.high];
    case 'like':
      return [node.operand, node.pattern];
    case 'call':
      return node.args;
    default:
      return [];
  }
}

/** Whether the formula aggregates over rows (uses sum, avg, count, ...). */
export function containsAggregate(node: FormulaNode): boolean {
  let found = false;
  walk(node, (child) => {
    if (child.type === 'call' && isAggregateName(child.name)) found = true;
  });
  return found;
}

/** A call's argument; the parser has checked the count, so a missing one is a bug. */
export function argAt(node: Extract<FormulaNode, { type: 'call' }>, index: number): FormulaNode {
  const arg = node.args[index];
  if (!arg) throw new Error(`${node.name}() has no argument ${index + 1}`);
  return arg;
}
