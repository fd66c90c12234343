import { z } from 'zod';

// One sampler serves the generated tests and the API reference's examples.
export { sampleFor } from '@switchboard/contract';

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

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
