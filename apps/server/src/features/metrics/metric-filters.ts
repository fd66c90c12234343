import { logFilterOperators, type MetricDefinition } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';

const comparisons = { eq: '=', neq: '!=', gt: '>', lt: '<', gte: '>=', lte: '<=' } as const;

function quoted(text: string, metric: string, field: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  throw new AppError('BAD_REQUEST', `Metric ${metric}: the ${field} filter cannot hold both kinds of quotes`);
}

/**
 * A metric's filters as one formula condition (ANDed), so the same compiler restricts its aggregates in SQL.
 * Values take the forms the logs filters do: 'value', 'value|operator' or { value, operator }; the operator
 * defaults to eq, and `in` takes comma-separated values.
 */
export function filtersToCondition(metric: Pick<MetricDefinition, 'name' | 'filters'>): string {
  const parts: string[] = [];
  for (const [field, raw] of Object.entries(metric.filters)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) {
      throw new AppError('BAD_REQUEST', `Metric ${metric.name}: invalid filter field ${field}`);
    }
    let value: string | number | boolean;
    let operator = 'eq';
    if (typeof raw === 'object') {
      value = raw.value;
      operator = raw.operator ?? 'eq';
    } else if (typeof raw === 'string' && raw.includes('|')) {
      const bar = raw.lastIndexOf('|');
      value = raw.slice(0, bar);
      operator = raw.slice(bar + 1) || 'eq';
    } else {
      value = raw;
    }
    if (!(logFilterOperators as readonly string[]).includes(operator)) {
      throw new AppError(
        'BAD_REQUEST',
        `Metric ${metric.name}: unknown filter operator ${operator} for ${field}`,
      );
    }
    if (value === '') continue;
    if (typeof value === 'boolean') {
      parts.push(`${field} ${operator === 'neq' ? '!=' : '='} ${String(value)}`);
      continue;
    }
    const text = String(value);
    if (operator === 'in') {
      const items = text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      parts.push(`${field} IN [${items.map((item) => quoted(item, metric.name, field)).join(', ')}]`);
    } else if (operator === 'contains') {
      parts.push(`${field} LIKE ${quoted(`%${text.replace(/[\\%_]/g, '\\$&')}%`, metric.name, field)}`);
    } else {
      const symbol = comparisons[operator as keyof typeof comparisons];
      const numeric = operator !== 'eq' && operator !== 'neq' && /^-?\d+(\.\d+)?$/.test(text);
      parts.push(`${field} ${symbol} ${numeric ? text : quoted(text, metric.name, field)}`);
    }
  }
  return parts.map((part) => `(${part})`).join(' and ');
}
