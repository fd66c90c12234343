import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { errorBodySchema, errorStatus } from './errors';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const objectProperties = (schema: z.ZodType | undefined): [string, JsonSchema, boolean][] => {
  if (!schema) return [];
  // Query and path values are parsed from text, so their documented type is the parsed (output) type.
  const json = toSchema(schema, 'output');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => [name, property, required.has(name)]);
};

const guardText = {
  public: 'No sign-in needed.',
  session: 'Needs a session token.',
  superAdmin: 'Super admins only.',
};

/** Builds the OpenAPI 3.1 document from the endpoint declarations. */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[],
  info: { version: string; serverUrl?: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const parameters = [
      ...objectProperties(endpoint.params).map(([name, schema]) => ({
        name,
        in: 'path',
        required: true,
        schema,
      })),
      ...objectProperties(endpoint.query).map(([name, schema, required]) => ({
        name,
        in: 'query',
        required,
        schema,
      })),
    ];
    const owned = Object.entries(endpoint.owned ?? {}).flatMap(([place, names]) =>
      Object.entries(names as Record<string, string>).map(([name, kind]) => `${place}.${name} (${kind})`),
    );
    const description = [
      endpoint.description,
      guardText[endpoint.guard],
      owned.length > 0 ? `Tenant-checked ids: ${owned.join(', ')}.` : undefined,
    ]
      .filter(Boolean)
      .join('\n\n');
    const success =
      endpoint.produces === 'file'
        ? { 'application/octet-stream': {} }
        : { 'application/json': { schema: toSchema(endpoint.response, 'output') } };
    const errorResponse = {
      description: 'Error',
      content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
    };
    const operation: Record<string, unknown> = {
      operationId: `${endpoint.method.toLowerCase()}${openApiPath(endpoint.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
      tags: [endpoint.area],
      summary: endpoint.summary,
      description,
      parameters,
      responses: {
        [String(endpoint.successStatus ?? 200)]: { description: 'Success', content: success },
        '4XX': errorResponse,
        '5XX': errorResponse,
      },
      ...(endpoint.guard === 'public' ? { security: [] } : {}),
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
      };
    }
    const pathItem = (paths[openApiPath(endpoint.path)] ??= {});
    pathItem[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard API',
      version: info.version,
      description: `Errors answer \`{ success: false, code, message }\`; codes: ${Object.keys(errorStatus).join(', ')}.`,
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'query', name: 'token' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    security: [{ token: [] }, { bearer: [] }],
    paths,
  };
}
