import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  minItems?: number;
};

const patternSamples: Record<string, string> = {
  '^\\d{6}$': '123456',
  // Room ids ("{agent account id}:{contact profile id}").
  '^\\d{1,15}:\\d{1,15}$': '1:1',
  '^\\d{1,15}(:\\d{1,15})?$': '1:1',
  // App versions.
  '^v\\d{1,3}$': 'v1',
};

function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const first = alternatives.find((option) => option.type !== 'null') ?? alternatives[0];
    return first ? sampleOf(first) : null;
  }
  if (schema.allOf) {
    return Object.assign(
      {},
      ...schema.allOf.map((part) => sampleOf(part) as Record<string, unknown>),
    ) as unknown;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern && patternSamples[schema.pattern]) return patternSamples[schema.pattern];
      if (schema.format === 'email') return 'sample@example.com';
      return 'sample'.padEnd(schema.minLength ?? 0, 'x');
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [sampleOf(schema.items)] : [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) value[name] = sampleOf(property);
      }
      return value;
    }
    default:
      return schema.default ?? null;
  }
}

/** A value that satisfies a schema's required fields (what a generated request sends beside the ids under test). */
export function sampleFor(schema: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const value = sampleOf(json);
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The field names of an object schema (through optional and intersection wrappers). */
export function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const collect = (node: JsonSchema): string[] => [
    ...Object.keys(node.properties ?? {}),
    ...(node.allOf ?? []).flatMap(collect),
    ...(node.anyOf ?? []).flatMap(collect),
  ];
  return [...new Set(collect(json))];
}
