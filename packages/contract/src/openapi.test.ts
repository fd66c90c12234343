import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint';
import { errorBodySchema } from './errors';
import * as contract from './index';
import { buildOpenApiDocument } from './openapi';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  example: unknown;
}
interface Content {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, Content> };
  responses: Record<string, { content: Record<string, Content> }>;
}

const document = buildOpenApiDocument(contract.endpoints, {
  version: '1.0.0',
  serverUrl: 'http://127.0.0.1:3000',
});
const operations = Object.values(document.paths).flatMap(
  (pathItem) => Object.values(pathItem) as Operation[],
);
const endpointNamed = (name: string) => (contract.endpoints as Record<string, Endpoint>)[name];

// Path and query values reach the server as text.
const asText = (value: unknown) => (Array.isArray(value) ? value.map(String) : String(value));
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? [];

describe('the OpenAPI document', () => {
  it('has one operation per endpoint, each with a unique operationId', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.keys(contract.endpoints).sort());
  });

  it('declares every endpoint once: no area reuses a name or a method and path of another', () => {
    const areaObjects = Object.entries(contract).filter(
      ([name, value]) => name.endsWith('Endpoints') && typeof value === 'object' && !Array.isArray(value),
    );
    const declared = areaObjects.reduce((count, [, value]) => count + Object.keys(value as object).length, 0);
    expect(declared).toBe(Object.keys(contract.endpoints).length);
    const routes = contract.allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares every tag it uses, each with a description', () => {
    const declared = new Map(document.tags.map((tag) => [tag.name, tag]));
    for (const operation of operations) {
      for (const tag of operation.tags) expect(declared.get(tag)?.description, tag).toBeTruthy();
    }
    expect(document.tags.every((tag) => 'description' in tag && tag.description)).toBe(true);
  });

  it('gives every operation examples that its endpoint schemas accept', () => {
    for (const operation of operations) {
      const endpoint = endpointNamed(operation.operationId);
      if (!endpoint) throw new Error(`no endpoint ${operation.operationId}`);
      const where = operation.operationId;

      for (const part of ['params', 'query'] as const) {
        const schema = endpoint[part];
        const location = part === 'params' ? 'path' : 'query';
        const values = Object.fromEntries(
          operation.parameters
            .filter((parameter) => parameter.in === location)
            .map((parameter) => [parameter.name, asText(parameter.example)]),
        );
        if (schema) expect(issuesOf(schema.safeParse(values)), `${where} ${part}`).toEqual([]);
      }

      if (endpoint.body) {
        const example = operation.requestBody?.content['application/json']?.example;
        expect(example, `${where} body example`).toBeDefined();
        expect(issuesOf(endpoint.body.safeParse(example)), `${where} body`).toEqual([]);
      }

      const success = operation.responses[String(endpoint.successStatus ?? 200)]?.content;
      if (endpoint.produces !== 'file') {
        const example = success?.['application/json']?.example;
        expect(example, `${where} response example`).toBeDefined();
        expect(issuesOf(endpoint.response.safeParse(example)), `${where} response`).toEqual([]);
      }

      for (const status of ['4XX', '5XX']) {
        const examples = Object.values(
          operation.responses[status]?.content['application/json']?.examples ?? {},
        );
        expect(examples.length, `${where} ${status} examples`).toBeGreaterThan(0);
        for (const { value } of examples) expect(errorBodySchema.safeParse(value).success).toBe(true);
      }
    }
  });

  it('names its server and its contact', () => {
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:3000', description: 'This server' }]);
    expect(document.info.contact.url).toBe('http://127.0.0.1:3000/app');
  });
});
