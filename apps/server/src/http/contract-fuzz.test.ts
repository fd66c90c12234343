// Every declared operation, fed boundary and hostile values field by field, must answer 2xx or 4xx: bad input
// names its field and is never a 500. One request per (operation × field × value class), deterministic, and every
// failure is collected so one run shows them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, type Endpoint } from '@switchboard/contract';
import { fieldNames, sampleFor, startApp, type DemoApp, type DemoPerson } from '@switchboard/testing';

type Part = 'params' | 'query' | 'body';

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { deeper: value };
  return value;
};

/**
 * What a field holds, which decides the classes worth sending: a number field gets the numeric boundaries, a text
 * field the hostile strings, a choice (enum, boolean) only wrong values; every field gets the wrong types.
 */
type Kind = 'text' | 'number' | 'choice' | 'structure';

const allKinds: readonly Kind[] = ['text', 'number', 'choice', 'structure'];

/** The value classes; raw JSON keeps `__proto__` an own key of the object. */
const valueClasses: { name: string; value: unknown; parts: readonly Part[]; kinds: readonly Kind[] }[] = [
  { name: 'NUL', value: 'a\u0000b', parts: ['params', 'query', 'body'], kinds: allKinds },
  {
    name: '10 kB string',
    value: 'x'.repeat(10_240),
    parts: ['params', 'query', 'body'],
    kinds: ['text', 'structure'],
  },
  {
    name: 'right-to-left text',
    value: '\u202eabc\u202c',
    parts: ['params', 'query', 'body'],
    kinds: ['text'],
  },
  { name: '__proto__ text', value: '__proto__', parts: ['params', 'query', 'body'], kinds: ['text'] },
  {
    name: 'constructor text',
    value: 'constructor',
    parts: ['params', 'query', 'body'],
    kinds: ['text', 'choice', 'structure'],
  },
  { name: '1e308', value: 1e308, parts: ['params', 'query', 'body'], kinds: ['number', 'text'] },
  {
    name: '9999999999999999999',
    value: '9999999999999999999',
    parts: ['params', 'query', 'body'],
    kinds: ['number'],
  },
  { name: '2147483648', value: 2_147_483_648, parts: ['params', 'query', 'body'], kinds: ['number'] },
  { name: 'max safe integer', value: Number.MAX_SAFE_INTEGER, parts: ['query', 'body'], kinds: ['number'] },
  { name: '-1', value: -1, parts: ['params', 'query', 'body'], kinds: ['number'] },
  { name: '0', value: 0, parts: ['params', 'query', 'body'], kinds: ['number'] },
  { name: 'empty string', value: '', parts: ['query', 'body'], kinds: ['text', 'number'] },
  { name: 'array', value: ['a', 'b'], parts: ['query', 'body'], kinds: allKinds },
  {
    name: 'prototype-keyed object',
    value: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    parts: ['query', 'body'],
    kinds: allKinds,
  },
  { name: 'boolean', value: true, parts: ['query', 'body'], kinds: ['text', 'number', 'structure'] },
  { name: 'null', value: null, parts: ['body'], kinds: allKinds },
];

/** A message holding this much of the 10 kB value echoes what was sent instead of naming the field. */
const echo = 'x'.repeat(100);

const prototypeKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** The classes also sent one level down, into the fields of a body field that is an object (or a list of them). */
const nestedClasses = new Set([
  'NUL',
  '10 kB string',
  '1e308',
  '2147483648',
  'array',
  'prototype-keyed object',
]);

/** Through the wrappers that do not change what a field holds (optional, default, nullable, a transform's input). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let step = 0; step < 10; step += 1) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else break;
  }
  return current;
}

function kindOf(schema: z.ZodType | undefined): Kind | null {
  if (!schema) return null;
  const inner = unwrap(schema);
  if (inner instanceof z.ZodString) return 'text';
  if (inner instanceof z.ZodNumber) return 'number';
  if (inner instanceof z.ZodEnum || inner instanceof z.ZodLiteral || inner instanceof z.ZodBoolean)
    return 'choice';
  if (inner instanceof z.ZodArray || inner instanceof z.ZodObject || inner instanceof z.ZodRecord) {
    return 'structure';
  }
  if (inner instanceof z.ZodUnion) {
    // The query helpers take the typed value or its text: what the typed side is decides.
    const kinds = (inner.options as z.ZodType[]).map(kindOf);
    return kinds.includes('number') ? 'number' : kinds.includes('choice') ? 'choice' : 'text';
  }
  return null;
}

/** A top-level field's schema, when the part is an object (or an intersection of objects). */
function fieldSchema(schema: z.ZodType | undefined, name: string): z.ZodType | undefined {
  if (!schema) return undefined;
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return (inner.shape as Record<string, z.ZodType>)[name];
  if (inner instanceof z.ZodIntersection) {
    const def = inner._zod.def as unknown as { left: z.ZodType; right: z.ZodType };
    return fieldSchema(def.left, name) ?? fieldSchema(def.right, name);
  }
  return undefined;
}

/** The sub-fields of a body field that holds an object or a list of objects, with a valid sample of one. */
function nestedOf(schema: z.ZodType | undefined) {
  if (!schema) return null;
  const inner = unwrap(schema);
  const list = inner instanceof z.ZodArray;
  const element = list ? unwrap(inner.element as z.ZodType) : inner;
  const names = fieldNames(element);
  if (names.length === 0) return null;
  return { list, names, element, sample: { ...sampleFor(element) } };
}

// Run last, in this order: each may end the sessions or accounts the other operations use.
const destructive = [
  'DELETE /api/v2/deleteAdminUser',
  'POST /api/v1/updateUsername',
  'POST /api/v2/updateOrganization',
  'POST /api/v1/disableAccount',
  'DELETE /api/v2/deleteAccount',
  'DELETE /api/v2/deleteOrganization',
  'POST /api/v1/logout',
];

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const rank = (endpoint: Endpoint) => {
  const index = destructive.indexOf(label(endpoint));
  return index >= 0 ? 2 + index : endpoint.method === 'DELETE' ? 1 : 0;
};
const operations = [...allEndpoints].sort((a, b) => rank(a) - rank(b));

/** Fills `:name` with any value (an empty one too), so the router sees what a hostile client could send. */
const pathWith = (path: string, params: Record<string, unknown>) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });

const queryText = (query: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return search.toString();
};

interface Probe {
  endpoint: Endpoint;
  token: string | undefined;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  /** Raw JSON text appended into the body object (prototype keys as own keys). */
  extraBody?: string;
}

let t: DemoApp;
const tokens: Record<string, string> = {};
const signers: DemoPerson[] = ['acme', 'agent1', 'superadmin', 'reseller', 'partner'];

async function signInAll() {
  for (const who of signers) {
    try {
      tokens[who] = (await t.signIn(who)).token;
    } catch {
      // A destructive operation may have removed the person; the later requests then answer 401.
    }
  }
}

beforeAll(async () => {
  t = await startApp({ env: { SIGNIN_CODES_PER_IP: '100000' } });
  await signInAll();
}, 120_000);
afterAll(() => t.close());

// Hostile values need the raw inject: the query text is built here, the client adds the token.
function send(probe: Probe) {
  const search = queryText(probe.query);
  const url = `${pathWith(probe.endpoint.path, probe.params)}${search ? `?${search}` : ''}`;
  const hasBody = probe.endpoint.method !== 'GET';
  let payload: string | undefined;
  if (hasBody) {
    const text = JSON.stringify(probe.body ?? {});
    payload =
      probe.extraBody === undefined
        ? text
        : text === '{}'
          ? `{${probe.extraBody}}`
          : `{${probe.extraBody},${text.slice(1)}`;
  }
  return t.client(probe.token ?? null).inject({
    method: probe.endpoint.method,
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });
}

/**
 * The sign-in under which the operation's sample request gets furthest (2xx, else a plain 4xx over 401/403), and
 * what that request answered.
 */
async function bestToken(endpoint: Endpoint, base: Omit<Probe, 'token'>) {
  const candidates =
    endpoint.guard === 'public'
      ? [undefined]
      : endpoint.guard === 'superAdmin'
        ? [tokens.superadmin]
        : signers.map((who) => tokens[who]);
  let best: { token: string | undefined; status: number; score: number } | null = null;
  for (const token of candidates) {
    const status = (await send({ ...base, token })).statusCode;
    const score = status < 300 ? 0 : status === 401 || status === 403 ? 2 : 1;
    if (!best || score < best.score) best = { token, status, score };
    if (score === 0) break;
  }
  return best ?? { token: undefined, status: 0, score: 3 };
}

describe('contract fuzz', () => {
  it('answers every hostile field with 2xx or 4xx, and every 4xx with a coded error body', async () => {
    const failures: string[] = [];
    const counts = { operations: 0, requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, unavailable: 0 };
    const statuses: Record<number, number> = {};
    let baseline = 0;
    let fieldBaseline: () => Promise<number> = () => Promise.resolve(baseline);
    const elapsed: [string, number][] = [];
    const record = async (probe: Probe, field: string, valueName: string) => {
      const response = await send(probe);
      counts.requests += 1;
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      // A service this server has not set up answers 503 to the valid sample as well (with the field under test at
      // its example value when the sample leaves it out): not the input's doing.
      const unavailable =
        response.statusCode === 503 && (baseline === 503 || (await fieldBaseline()) === 503);
      const family = unavailable
        ? 'unavailable'
        : (`${Math.floor(response.statusCode / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx');
      counts[family] += 1;
      const where = `${label(probe.endpoint)} ${field} = ${valueName}`;
      if (response.statusCode >= 500 && !unavailable) {
        failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      } else if (response.statusCode >= 400) {
        const body = (() => {
          try {
            return response.json<{ success?: unknown; code?: unknown; message?: unknown }>();
          } catch {
            return null;
          }
        })();
        if (body?.success !== false || typeof body.code !== 'string' || typeof body.message !== 'string') {
          failures.push(
            `${where}: ${response.statusCode} without an error body: ${response.body.slice(0, 200)}`,
          );
        } else if (body.message.includes(echo)) {
          failures.push(`${where}: ${response.statusCode} echoes the value: ${body.message.slice(0, 200)}…`);
        }
      }
    };

    for (const endpoint of operations) {
      const began = process.cpuUsage();
      counts.operations += 1;
      const base = {
        endpoint,
        params: { ...sampleFor(endpoint.params) },
        query: { ...sampleFor(endpoint.query) },
        body: endpoint.body ? { ...sampleFor(endpoint.body) } : undefined,
      };
      const { token, status } = await bestToken(endpoint, base);
      baseline = status;
      const fields: [Part, string][] = [
        ...fieldNames(endpoint.params).map((name): [Part, string] => ['params', name]),
        ...fieldNames(endpoint.query).map((name): [Part, string] => ['query', name]),
        ...fieldNames(endpoint.body).map((name): [Part, string] => ['body', name]),
      ];
      if (endpoint.guard !== 'public') fields.push(['query', 'targetAccountId']);
      const full = {
        params: sampleFor(endpoint.params, { fields: 'all' }) ?? {},
        query: sampleFor(endpoint.query, { fields: 'all' }) ?? {},
        body: sampleFor(endpoint.body, { fields: 'all' }) ?? {},
      };
      for (const [part, name] of fields) {
        const example = full[part][name];
        let answered: Promise<number> | null = null;
        fieldBaseline = () =>
          (answered ??=
            base[part]?.[name] !== undefined || example === undefined
              ? Promise.resolve(baseline)
              : send({ ...base, token, [part]: { ...(base[part] ?? {}), [name]: example } }).then(
                  (response) => response.statusCode,
                ));
        const kind =
          part === 'query' && name === 'targetAccountId'
            ? 'number'
            : kindOf(fieldSchema(endpoint[part], name));
        for (const valueClass of valueClasses) {
          if (!valueClass.parts.includes(part)) continue;
          // A path parameter gets every class whatever it holds: its length and encoding are tested too.
          if (kind && part !== 'params' && !valueClass.kinds.includes(kind)) continue;
          const probe: Probe = {
            ...base,
            token,
            params: { ...base.params },
            query: { ...base.query },
            body: base.body ? { ...base.body } : {},
          };
          probe[part]![name] = valueClass.value;
          await record(probe, `${part}.${name}`, valueClass.name);
        }
      }
      for (const name of fieldNames(endpoint.body)) {
        const nested = nestedOf(fieldSchema(endpoint.body, name));
        if (!nested) continue;
        for (const sub of nested.names) {
          const kind = kindOf(fieldSchema(nested.element, sub));
          for (const valueClass of valueClasses) {
            if (!nestedClasses.has(valueClass.name)) continue;
            if (kind && !valueClass.kinds.includes(kind)) continue;
            const element = { ...nested.sample, [sub]: valueClass.value };
            const body = { ...(base.body ?? {}), [name]: nested.list ? [element] : element };
            await record({ ...base, token, body }, `body.${name}.${sub}`, valueClass.name);
          }
        }
      }
      // A body nested past the limit is refused whole, whichever field holds it: once per operation.
      if (endpoint.method !== 'GET') {
        await record(
          { ...base, token, body: { ...(base.body ?? {}), deep: nested(70) } },
          'body',
          '70-deep JSON',
        );
      }
      // Prototype names as keys of the query and of the body.
      const protoQuery = Object.fromEntries(prototypeKeys.map((key) => [key, 'x']));
      await record(
        { ...base, token, query: { ...base.query, ...protoQuery } },
        'query keys',
        prototypeKeys.join(','),
      );
      if (endpoint.method !== 'GET') {
        await record(
          {
            ...base,
            token,
            extraBody: prototypeKeys.map((key) => `${JSON.stringify(key)}:{"polluted":true}`).join(','),
          },
          'body keys',
          prototypeKeys.join(','),
        );
      }
      if (rank(endpoint) >= 2) await signInAll();
      const used = process.cpuUsage(began);
      elapsed.push([label(endpoint), (used.user + used.system) / 1000]);
    }

    // eslint-disable-next-line no-console -- the counts belong in the run's output
    console.log(
      `contract fuzz: ${counts.operations} operations, ${counts.requests} requests; ` +
        `2xx ${counts['2xx']}, 3xx ${counts['3xx']}, 4xx ${counts['4xx']}, 5xx ${counts['5xx']} ` +
        `(and ${counts.unavailable} × 503 from services not set up here, as their valid requests answer); ` +
        `by status ${JSON.stringify(statuses)}; ` +
        `${(elapsed.reduce((sum, [, ms]) => sum + ms, 0) / 1000).toFixed(1)} s of CPU; slowest: ` +
        elapsed
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s of CPU`)
          .join(', '),
    );
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
    expect(failures, failures.join('\n')).toEqual([]);
  }, 360_000);
});
