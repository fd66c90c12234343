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
import { aggregateTree } from './evaluate';
import { parseFormula } from './parser';
import { FormulaError } from './tokenizer';
import { comparisonDomain, unify, valueTypeOfField } from './types';
import { numericTextPattern } from './values';

/** How a field reads in SQL: a trusted expression over the queried table, and its type. */
export interface SqlField {
  sql: string;
  type: FieldType;
}

export type SqlFieldMap = Readonly<Record<string, SqlField>>;

export interface CompileOptions {
  /** Combine a per-row formula over the rows with this aggregate; without it a per-row formula stays per row. */
  aggregation?: AggregateName;
  /** The number of the first placeholder (`$1` by default), for embedding in a query that has parameters. */
  firstParam?: number;
  /** What now() answers, in seconds since the epoch (default: the database clock). */
  now?: number;
  /** A per-row condition (formula text) restricting the rows every aggregate sees: `FILTER (WHERE ...)`. */
  filter?: string;
}

export interface CompiledSql {
  /** SQL with `$n` placeholders. */
  text: string;
  params: (number | string)[];
  /** The text around the placeholders: `fragments.length === params.length + 1` (for tagged-template builders). */
  fragments: string[];
  /** What the expression yields: double precision, text, boolean, or NULL. */
  type: ValueType;
  /** Whether the expression aggregates (one value for the rows) rather than giving one per row. */
  aggregate: boolean;
}

interface Sql {
  sql: string;
  type: ValueType;
  nullable: boolean;
}

const marker = '\u0000';
const sqlOperator: Record<CompareOperator, string> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
};

// Conversions mirror values.ts exactly; `...OrNull` keeps NULL, the others turn it into 0, '' or false.
function numberOrNull(e: Sql): string {
  switch (e.type) {
    case 'number':
      return e.sql;
    case 'boolean':
      return `(${e.sql})::int::float8`;
    case 'string':
      // The cast applies to the CASE result, so it never sees text that is not a number.
      return `coalesce((CASE WHEN ${e.sql} ~ '${numericTextPattern}' THEN ${e.sql} END)::float8, CASE WHEN ${e.sql} IS NOT NULL THEN 0::float8 END)`;
    case 'null':
      return 'NULL::float8';
  }
}
const toNumber = (e: Sql) =>
  e.type === 'number' && !e.nullable ? e.sql : `coalesce(${numberOrNull(e)}, 0::float8)`;

function textOrNull(e: Sql): string {
  switch (e.type) {
    case 'string':
      return e.sql;
    case 'number':
      return `(${e.sql})::text`;
    case 'boolean':
      return `CASE WHEN ${e.sql} THEN 'true' WHEN NOT ${e.sql} THEN 'false' END`;
    case 'null':
      return 'NULL::text';
  }
}
const toText = (e: Sql) => (e.type === 'string' && !e.nullable ? e.sql : `coalesce(${textOrNull(e)}, '')`);

function booleanOrNull(e: Sql): string {
  switch (e.type) {
    case 'boolean':
      return e.sql;
    case 'number':
      return `(${e.sql} <> 0)`;
    case 'string':
      return `(${e.sql} <> '')`;
    case 'null':
      return 'NULL::boolean';
  }
}
const toBoolean = (e: Sql) =>
  e.type === 'boolean' && !e.nullable ? e.sql : `coalesce(${booleanOrNull(e)}, false)`;

function convertKeepingNull(e: Sql, to: ValueType): string {
  if (to === 'number') return numberOrNull(e);
  if (to === 'string') return textOrNull(e);
  if (to === 'boolean') return booleanOrNull(e);
  return 'NULL';
}

class Compiler {
  readonly params: (number | string)[] = [];
  private rowFilter: string | null = null;

  constructor(
    private readonly fields: SqlFieldMap,
    private readonly now: number | undefined,
  ) {}

  restrictAggregates(condition: FormulaNode): void {
    if (containsAggregate(condition)) throw new FormulaError('A filter cannot use aggregates');
    this.rowFilter = toBoolean(this.compile(condition));
  }

  private param(value: number | string, cast: 'float8' | 'text'): string {
    this.params.push(value);
    return `${marker}${this.params.length - 1}${marker}::${cast}`;
  }

  private compare(operator: CompareOperator, left: Sql, right: Sql): string {
    if (comparisonDomain(left.type, right.type) === 'number') {
      return `(${toNumber(left)} ${sqlOperator[operator]} ${toNumber(right)})`;
    }
    return `(${toText(left)} COLLATE "C" ${sqlOperator[operator]} ${toText(right)} COLLATE "C")`;
  }

  compile(node: FormulaNode): Sql {
    const bool = (sql: string): Sql => ({ sql, type: 'boolean', nullable: false });
    const num = (sql: string, nullable = false): Sql => ({ sql, type: 'number', nullable });
    switch (node.type) {
      case 'number':
        return num(this.param(node.value, 'float8'));
      case 'string':
        return { sql: this.param(node.value, 'text'), type: 'string', nullable: false };
      case 'boolean':
        return bool(node.value ? 'TRUE' : 'FALSE');
      case 'null':
        return { sql: 'NULL', type: 'null', nullable: true };
      case 'field': {
        // Own names only: a field called `constructor` must not find Object's.
        const field = Object.hasOwn(this.fields, node.name) ? this.fields[node.name] : undefined;
        if (!field) return { sql: 'NULL', type: 'null', nullable: true };
        const type = valueTypeOfField(field.type);
        const sql =
          field.type === 'date'
            ? `extract(epoch from ${field.sql})::float8`
            : field.type === 'number'
              ? `(${field.sql})::float8`
              : field.type === 'string'
                ? `(${field.sql})::text`
                : `(${field.sql})::boolean`;
        return { sql, type, nullable: true };
      }
      case 'negate':
        return num(`(- ${toNumber(this.compile(node.operand))})`);
      case 'toNumber':
        return num(toNumber(this.compile(node.operand)));
      case 'not':
        return bool(`(NOT ${toBoolean(this.compile(node.operand))})`);
      case 'arithmetic': {
        const a = toNumber(this.compile(node.left));
        const b = toNumber(this.compile(node.right));
        if (node.operator === '/') return num(`coalesce(${a} / nullif(${b}, 0), 0::float8)`);
        if (node.operator === '%')
          return num(`coalesce(${a} - ${b} * trunc(${a} / nullif(${b}, 0)), 0::float8)`);
        return num(`(${a} ${node.operator} ${b})`);
      }
      case 'compare':
        return bool(this.compare(node.operator, this.compile(node.left), this.compile(node.right)));
      case 'logical': {
        const operator = node.operator === 'and' ? 'AND' : 'OR';
        return bool(
          `(${toBoolean(this.compile(node.left))} ${operator} ${toBoolean(this.compile(node.right))})`,
        );
      }
      case 'in': {
        const operand = this.compile(node.operand);
        const matches = node.items.map((item) => this.compare('=', operand, this.compile(item)));
        const any = matches.length === 0 ? 'FALSE' : `(${matches.join(' OR ')})`;
        return bool(node.negated ? `(NOT ${any})` : any);
      }
      case 'between': {
        const operand = this.compile(node.operand);
        const inside = `(${this.compare('>=', operand, this.compile(node.low))} AND ${this.compare('<=', operand, this.compile(node.high))})`;
        return bool(node.negated ? `(NOT ${inside})` : inside);
      }
      case 'isNull':
        return bool(`(${this.compile(node.operand).sql} IS ${node.negated ? 'NOT ' : ''}NULL)`);
      case 'like': {
        const text = toText(this.compile(node.operand));
        const pattern = toText(this.compile(node.pattern));
        return bool(`(${text} ${node.negated ? 'NOT ' : ''}LIKE ${pattern})`);
      }
      case 'regex': {
        const text = toText(this.compile(node.operand));
        return bool(`(${text} ${node.negated ? '!~' : '~'} ${this.param(node.pattern, 'text')})`);
      }
      case 'call':
        return this.call(node);
    }
  }

  private call(node: Extract<FormulaNode, { type: 'call' }>): Sql {
    const num = (sql: string, nullable = false): Sql => ({ sql, type: 'number', nullable });
    const third = node.args[2];
    const first = () => argAt(node, 0);
    const second = () => argAt(node, 1);
    switch (node.name) {
      case 'abs':
        return num(`abs(${toNumber(this.compile(first()))})`);
      case 'if': {
        const condition = toBoolean(this.compile(first()));
        const [a, b] = [this.compile(second()), this.compile(argAt(node, 2))];
        const type = unify(a.type, b.type);
        const sql = `(CASE WHEN ${condition} THEN ${convertKeepingNull(a, type)} ELSE ${convertKeepingNull(b, type)} END)`;
        return { sql, type, nullable: true };
      }
      case 'now':
        return num(
          this.now === undefined ? 'extract(epoch from now())::float8' : this.param(this.now, 'float8'),
        );
      case 'timestamp_diff': {
        const unit = third?.type === 'string' ? (timeUnits[third.value.toLowerCase()] ?? 1) : 1;
        const a = toNumber(this.compile(first()));
        const b = toNumber(this.compile(second()));
        return num(`((${a} - ${b}) / ${this.param(unit, 'float8')})`);
      }
      default:
        return this.aggregate(node.name, node.args[0]);
    }
  }

  private aggregate(name: AggregateName, arg: FormulaNode | undefined): Sql {
    const num = (sql: string, nullable = false): Sql => ({ sql, type: 'number', nullable });
    const only = this.rowFilter;
    const where = only ? ` FILTER (WHERE ${only})` : '';
    const counted = (condition: string) =>
      num(`(count(*) FILTER (WHERE ${condition}${only ? ` AND ${only}` : ''}))::float8`);
    if (!arg) return num(`(count(*)${where})::float8`);
    const e = this.compile(arg);
    switch (name) {
      case 'count':
        if (e.type === 'boolean') return counted(e.sql);
        if (e.type === 'string') return counted(`${e.sql} <> ''`);
        return num(`(count(${e.sql})${where})::float8`);
      case 'd_count': {
        const value = e.type === 'string' || e.type === 'boolean' ? e.sql : numberOrNull(e);
        return num(`(count(DISTINCT ${value})${where})::float8`);
      }
      case 'sum':
        return num(`coalesce(sum(${numberOrNull(e)})${where}, 0::float8)`);
      case 'avg':
        return num(`avg(${numberOrNull(e)})${where}`, true);
      case 'min':
      case 'max':
        if (e.type === 'string') {
          return { sql: `${name}(${e.sql} COLLATE "C")${where}`, type: 'string', nullable: true };
        }
        return num(`${name}(${numberOrNull(e)})${where}`, true);
      case 'med':
        return num(`(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${numberOrNull(e)})${where})`, true);
      case 'variance':
        return num(`variance(${numberOrNull(e)})${where}`, true);
      case 'std_dev':
        return num(`stddev(${numberOrNull(e)})${where}`, true);
    }
  }
}

/**
 * Compiles a formula to one parameterized SQL expression over the fields of `fieldMap`. Literals from the formula
 * travel only as parameters; field names resolve only through the map (an unknown field is NULL, as in evaluation).
 * Throws FormulaError when the formula does not parse.
 */
export function compileToSql(text: string, fieldMap: SqlFieldMap, options: CompileOptions = {}): CompiledSql {
  const parsed = parseFormula(text);
  const tree = options.aggregation ? aggregateTree(parsed, options.aggregation) : parsed;
  const compiler = new Compiler(fieldMap, options.now);
  if (options.filter !== undefined && options.filter.trim() !== '') {
    compiler.restrictAggregates(parseFormula(options.filter));
  }
  const result = compiler.compile(tree);
  const first = options.firstParam ?? 1;
  const pieces = result.sql.split(new RegExp(`${marker}(\\d+)${marker}`));
  const fragments = pieces.filter((_, index) => index % 2 === 0);
  const order = pieces.filter((_, index) => index % 2 === 1).map(Number);
  const params = order.map((index) => compiler.params[index] ?? 0);
  const textOut = fragments.reduce(
    (sql, fragment, index) => (index === 0 ? fragment : `${sql}$${first + index - 1}${fragment}`),
    '',
  );
  return { text: textOut, params, fragments, type: result.type, aggregate: containsAggregate(tree) };
}
