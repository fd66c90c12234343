import {
  aggregateFunctions,
  childrenOf,
  isAggregateName,
  scalarFunctions,
  timeUnits,
  type ArithmeticOperator,
  type CompareOperator,
  type FormulaNode,
  type FunctionName,
} from './ast';
import { FormulaError, tokenize, type Token } from './tokenizer';

// Binding strength, loosest first. NOT (the word) binds looser than comparisons as in SQL; `!` binds like unary minus.
const precedence = { or: 1, and: 2, not: 3, compare: 4, additive: 5, multiplicative: 6, unary: 7 } as const;

const compareOperators: Record<string, CompareOperator> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
};

const functionNames: readonly string[] = [...aggregateFunctions, ...scalarFunctions];

const arity: Record<FunctionName, [number, number]> = {
  abs: [1, 1],
  if: [3, 3],
  now: [0, 0],
  timestamp_diff: [2, 3],
  sum: [1, 1],
  avg: [1, 1],
  min: [1, 1],
  max: [1, 1],
  count: [0, 1],
  d_count: [1, 1],
  med: [1, 1],
  variance: [1, 1],
  std_dev: [1, 1],
};

const describe = (token: Token) =>
  token.kind === 'end'
    ? 'end of formula'
    : token.kind === 'string'
      ? `"${token.text}" at position ${token.position + 1}`
      : `"${token.text}" at position ${token.position + 1}`;

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): FormulaNode {
    const node = this.expression(precedence.or);
    const next = this.peek();
    if (next.kind !== 'end') throw new FormulaError(`Unexpected ${describe(next)}`);
    return node;
  }

  private peek(offset = 0): Token {
    const token = this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
    if (!token) throw new FormulaError('The formula ends too early');
    return token;
  }

  private next(): Token {
    const token = this.peek();
    this.index++;
    return token;
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'identifier' && token.text.toLowerCase() === word;
  }

  private isOperator(token: Token, operator: string): boolean {
    return token.kind === 'operator' && token.text === operator;
  }

  private expectOperator(operator: string, context: string): void {
    const token = this.next();
    if (!this.isOperator(token, operator)) {
      throw new FormulaError(`Expected "${operator}" ${context}, found ${describe(token)}`);
    }
  }

  private expression(minimum: number): FormulaNode {
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      const infix = this.infixPrecedence(token);
      if (infix === null || infix < minimum) return left;
      left = this.infix(left, infix);
    }
  }

  private infixPrecedence(token: Token): number | null {
    if (token.kind === 'operator') {
      if (token.text === '||') return precedence.or;
      if (token.text === '&&') return precedence.and;
      if (token.text in compareOperators) return precedence.compare;
      if (token.text === '+' || token.text === '-') return precedence.additive;
      if (token.text === '*' || token.text === '/' || token.text === '%') return precedence.multiplicative;
      return null;
    }
    if (token.kind !== 'identifier') return null;
    const word = token.text.toLowerCase();
    if (word === 'or') return precedence.or;
    if (word === 'and') return precedence.and;
    if (['is', 'in', 'between', 'like', 'regex'].includes(word)) return precedence.compare;
    if (word === 'not' && ['in', 'between', 'like', 'regex'].includes(this.peek(1).text.toLowerCase())) {
      return precedence.compare;
    }
    return null;
  }

  private infix(left: FormulaNode, level: number): FormulaNode {
    const token = this.next();
    const word = token.kind === 'identifier' ? token.text.toLowerCase() : null;
    if (word === 'or' || this.isOperator(token, '||')) {
      return { type: 'logical', operator: 'or', left, right: this.expression(level + 1) };
    }
    if (word === 'and' || this.isOperator(token, '&&')) {
      return { type: 'logical', operator: 'and', left, right: this.expression(level + 1) };
    }
    if (token.kind === 'operator' && token.text in compareOperators) {
      const operator = compareOperators[token.text] ?? '=';
      return { type: 'compare', operator, left, right: this.expression(level + 1) };
    }
    if (token.kind === 'operator') {
      const operator = token.text as ArithmeticOperator;
      return { type: 'arithmetic', operator, left, right: this.expression(level + 1) };
    }
    if (word === 'is') {
      const negated = this.isWord(this.peek(), 'not');
      if (negated) this.next();
      const nullToken = this.next();
      if (!this.isWord(nullToken, 'null')) {
        throw new FormulaError(
          `Expected NULL after IS${negated ? ' NOT' : ''}, found ${describe(nullToken)}`,
        );
      }
      return { type: 'isNull', negated, operand: left };
    }
    const negated = word === 'not';
    const keyword = negated ? this.next().text.toLowerCase() : word;
    if (keyword === 'in') return { type: 'in', negated, operand: left, items: this.list() };
    if (keyword === 'between') {
      const low = this.expression(precedence.additive);
      const and = this.next();
      if (!this.isWord(and, 'and')) throw new FormulaError(`Expected AND in BETWEEN, found ${describe(and)}`);
      const high = this.expression(precedence.additive);
      return { type: 'between', negated, operand: left, low, high };
    }
    if (keyword === 'like') {
      return { type: 'like', negated, operand: left, pattern: this.expression(precedence.additive) };
    }
    // REGEX: the pattern is a quoted literal, checked here so a bad pattern fails before any row is read.
    const pattern = this.next();
    if (pattern.kind !== 'string') {
      throw new FormulaError(`REGEX needs a quoted pattern, found ${describe(pattern)}`);
    }
    try {
      new RegExp(pattern.text);
    } catch {
      throw new FormulaError(`Invalid regular expression: ${pattern.text}`);
    }
    return { type: 'regex', negated, operand: left, pattern: pattern.text };
  }

  private list(): FormulaNode[] {
    this.expectOperator('[', 'after IN');
    const items: FormulaNode[] = [];
    if (this.isOperator(this.peek(), ']')) {
      this.next();
      return items;
    }
    for (;;) {
      items.push(this.expression(precedence.or));
      const token = this.next();
      if (this.isOperator(token, ']')) return items;
      if (!this.isOperator(token, ','))
        throw new FormulaError(`Expected "," or "]" in the IN list, found ${describe(token)}`);
    }
  }

  private prefix(): FormulaNode {
    const token = this.next();
    if (token.kind === 'number') return { type: 'number', value: Number(token.text) };
    if (token.kind === 'string') return { type: 'string', value: token.text };
    if (token.kind === 'operator') {
      if (token.text === '(') {
        const inner = this.expression(precedence.or);
        this.expectOperator(')', 'to close "("');
        return inner;
      }
      if (token.text === '-') return { type: 'negate', operand: this.expression(precedence.unary) };
      if (token.text === '+') return { type: 'toNumber', operand: this.expression(precedence.unary) };
      if (token.text === '!') return { type: 'not', operand: this.expression(precedence.unary) };
      throw new FormulaError(`Unexpected ${describe(token)}`);
    }
    if (token.kind === 'end') throw new FormulaError('The formula ends too early');
    const word = token.text.toLowerCase();
    if (word === 'true' || word === 'false') return { type: 'boolean', value: word === 'true' };
    if (word === 'null') return { type: 'null' };
    if (word === 'not') return { type: 'not', operand: this.expression(precedence.not) };
    if (functionNames.includes(word)) return this.call(word as FunctionName, token);
    if (['and', 'or', 'is', 'in', 'between', 'like', 'regex'].includes(word)) {
      throw new FormulaError(`Unexpected ${describe(token)}`);
    }
    if (this.isOperator(this.peek(), '(')) throw new FormulaError(`Unknown function: ${token.text}`);
    return { type: 'field', name: token.text };
  }

  private call(name: FunctionName, token: Token): FormulaNode {
    this.expectOperator('(', `after ${token.text}`);
    const args: FormulaNode[] = [];
    if (this.isOperator(this.peek(), ')')) this.next();
    else {
      for (;;) {
        args.push(this.expression(precedence.or));
        const separator = this.next();
        if (this.isOperator(separator, ')')) break;
        if (!this.isOperator(separator, ',')) {
          throw new FormulaError(`Expected "," or ")" in ${name}(...), found ${describe(separator)}`);
        }
      }
    }
    const [least, most] = arity[name];
    if (args.length < least || args.length > most) {
      const expected = least === most ? `${least}` : `${least} to ${most}`;
      throw new FormulaError(
        `${name}() takes ${expected} argument${most === 1 ? '' : 's'}, got ${args.length}`,
      );
    }
    if (name === 'timestamp_diff' && args[2]) {
      const unit = args[2];
      if (unit.type !== 'string' || !(unit.value.toLowerCase() in timeUnits)) {
        throw new FormulaError("timestamp_diff's unit must be 'seconds', 'minutes', 'hours' or 'days'");
      }
    }
    return { type: 'call', name, args };
  }
}

/** Rules that hold across the whole tree: no aggregate inside another, no bare field beside an aggregate. */
function checkAggregation(root: FormulaNode): void {
  let aggregates = 0;
  const bareFields: string[] = [];
  const visit = (node: FormulaNode, insideAggregate: boolean) => {
    const isAggregate = node.type === 'call' && isAggregateName(node.name);
    if (isAggregate) {
      if (insideAggregate) throw new FormulaError(`${node.name}() cannot be used inside another aggregate`);
      aggregates++;
    }
    if (node.type === 'field' && !insideAggregate) bareFields.push(node.name);
    for (const child of childrenOf(node)) visit(child, insideAggregate || isAggregate);
  };
  visit(root, false);
  if (aggregates > 0 && bareFields.length > 0) {
    throw new FormulaError(
      `Field ${bareFields[0]} must be inside an aggregate such as sum() when the formula aggregates`,
    );
  }
}

/** Parses formula text into its syntax tree; throws FormulaError with a message a person can act on. */
export function parseFormula(text: string): FormulaNode {
  const tree = new Parser(tokenize(text)).parse();
  checkAggregation(tree);
  return tree;
}
