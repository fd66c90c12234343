import { z } from 'zod';

/** The part of JSON Schema that `z.toJSONSchema` writes and samples are made from. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  examples?: unknown[];
  minItems?: number;
  maxItems?: number;
}

export interface SampleOptions {
  /** What a caller sends (`input`, the default) or what parsing returns (`output`: responses). */
  io?: 'input' | 'output';
  /** Only the required fields (the default: the least a request needs), or every field (documentation). */
  fields?: 'required' | 'all';
}

const formatSamples: Record<string, string> = {
  email: 'sample@example.com',
  uri: 'https://example.com/sample',
  url: 'https://example.com/sample',
  uuid: '3f2c8a4e-1b7d-4c3a-9e8f-2d6b5a4c3e1f',
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
  time: '09:30:00',
};

// Tried in order against a string's pattern: room ids ("{agent account id}:{contact profile id}"), codes,
// app versions, times of day, E.164 phone numbers.
const stringCandidates = ['sample', '1:1', '123456', 'v1', '09:30', '+15551234567'];

const fitLength = (text: string, schema: JsonSchema) =>
  text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);

function sampleString(schema: JsonSchema): string {
  const format = schema.format ? formatSamples[schema.format] : undefined;
  const first = fitLength(format ?? 'sample', schema);
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  if (!pattern || pattern.test(first)) return first;
  return stringCandidates.map((text) => fitLength(text, schema)).find((text) => pattern.test(text)) ?? first;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  let value = 1;
  if (schema.minimum !== undefined) value = Math.max(value, schema.minimum);
  if (schema.exclusiveMinimum !== undefined) value = Math.max(value, Math.floor(schema.exclusiveMinimum) + 1);
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  if (schema.exclusiveMaximum !== undefined) {
    value = Math.min(value, integer ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum / 2);
  }
  return integer ? Math.ceil(value) : value;
}

function sampleObject(schema: JsonSchema, fields: 'required' | 'all'): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const names = new Set(schema.required ?? []);
  if (fields === 'all') Object.keys(schema.properties ?? {}).forEach((name) => names.add(name));
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const name of names) {
    const property = schema.properties?.[name] ?? extra;
    if (property) value[name] = sampleJsonSchema(property, fields);
  }
  // A record shows one entry, keyed by what its keys may be.
  if (fields === 'all' && extra && names.size === 0) {
    const key = schema.propertyNames ? sampleJsonSchema(schema.propertyNames, fields) : 'key';
    value[typeof key === 'string' ? key : 'key'] = sampleJsonSchema(extra, fields);
  }
  return value;
}

/** A value that satisfies a JSON schema as `z.toJSONSchema` writes it (declared `examples` win). */
export function sampleJsonSchema(schema: JsonSchema, fields: 'required' | 'all' = 'required'): unknown {
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const first = alternatives.find((option) => option.type !== 'null') ?? alternatives[0];
    return first ? sampleJsonSchema(first, fields) : null;
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleJsonSchema(part, fields))) as unknown;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return true;
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sampleJsonSchema(item, fields));
      const { items } = schema;
      if (!items) return [];
      const count = Math.min(
        Math.max(schema.minItems ?? 0, fields === 'all' ? 1 : 0),
        schema.maxItems ?? Infinity,
      );
      return Array.from({ length: count }, () => sampleJsonSchema(items, fields));
    }
    case 'object':
      return sampleObject(schema, fields);
    default:
      return null;
  }
}

/** The JSON schema of a zod schema as the API documents it (unrepresentable parts accept anything). */
export function toJsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
): JsonSchema & Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest as JsonSchema & Record<string, unknown>;
}

/** A value that satisfies a zod schema: a request a test can send, or an example for the API reference. */
export function sampleValue(schema: z.ZodType, options: SampleOptions = {}): unknown {
  return sampleJsonSchema(toJsonSchema(schema, options.io ?? 'input'), options.fields ?? 'required');
}

/** An object that satisfies a schema's required fields (what a generated request sends beside the ids under test). */
export function sampleFor(
  schema: z.ZodType | undefined,
  options: SampleOptions = {},
): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const value = sampleValue(schema, options);
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
