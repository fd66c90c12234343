import { argAt, type FieldType, type FormulaNode, type ValueType } from './ast';

/** The formula's view of a field's type: dates are numbers (seconds since the epoch). */
export function valueTypeOfField(type: FieldType | undefined): ValueType {
  if (type === undefined) return 'null';
  return type === 'date' ? 'number' : type;
}

/** The type two branches share: number wins, then text, then boolean; NULL takes the other side's type. */
export function unify(a: ValueType, b: ValueType): ValueType {
  if (a === b) return a;
  if (a === 'null') return b;
  if (b === 'null') return a;
  if (a === 'number' || b === 'number') return 'number';
  if (a === 'string' || b === 'string') return 'string';
  return 'boolean';
}

/** How two values are compared: as numbers when either side is a number, as text when either is text. */
export function comparisonDomain(a: ValueType, b: ValueType): 'number' | 'string' {
  if (a === 'number' || b === 'number') return 'number';
  if (a === 'string' || b === 'string') return 'string';
  return 'number';
}

/** The static type of an expression, given the type of each field (unknown fields are NULL). */
export function typeOf(node: FormulaNode, fieldType: (name: string) => ValueType): ValueType {
  switch (node.type) {
    case 'number':
    case 'negate':
    case 'toNumber':
    case 'arithmetic':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
    case 'not':
    case 'compare':
    case 'logical':
    case 'in':
    case 'between':
    case 'isNull':
    case 'like':
    case 'regex':
      return 'boolean';
    case 'null':
      return 'null';
    case 'field':
      return fieldType(node.name);
    case 'call':
      if (node.name === 'if')
        return unify(typeOf(argAt(node, 1), fieldType), typeOf(argAt(node, 2), fieldType));
      if (node.name === 'min' || node.name === 'max') {
        return typeOf(argAt(node, 0), fieldType) === 'string' ? 'string' : 'number';
      }
      return 'number';
  }
}
