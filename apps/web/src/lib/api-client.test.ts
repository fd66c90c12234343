import { defineEndpoint, endpoints, okBody, okOnly, queryInt, sessionQuery } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, encodeQuery, type ApiClientOptions } from './api-client';

const getRoom = defineEndpoint({
  area: 'inbox',
  method: 'GET',
  path: '/api/v1/accounts/:accountId/rooms/:roomId',
  summary: 'test endpoint with params and query',
  guard: 'session',
  params: z.object({ accountId: z.number(), roomId: z.string() }),
  query: sessionQuery.extend({ page: queryInt().optional(), filter: z.string().optional() }),
  response: okBody({ unread: queryInt() }),
});

const renameRoom = defineEndpoint({
  area: 'inbox',
  method: 'PATCH',
  path: '/api/v1/rooms/:roomId',
  summary: 'test endpoint with a required body',
  guard: 'session',
  params: z.object({ roomId: z.number() }),
  body: z.object({ name: z.string() }),
  response: okOnly,
});

const healthy = {
  success: true,
  status: 'ok',
  version: '0.1.0',
  uptimeSeconds: 5,
  database: {
    kind: 'pglite',
    reachable: true,
    migrations: { applied: 1, pending: [], latest: '0001', upToDate: true },
  },
  providers: {},
  mode: 'development',
};

interface Sent {
  url: URL;
  init: RequestInit;
}

function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(
  options: { respond?: () => Response; stored?: Record<string, string> } & ApiClientOptions = {},
) {
  const sent: Sent[] = [];
  const stored = options.stored ?? {};
  const callApi = createApiClient({
    baseUrl: options.baseUrl ?? 'http://api.test',
    storage: options.storage ?? (() => ({ getItem: (key: string) => stored[key] ?? null })),
    fetch: (url, init) => {
      const parsed = new URL(url as string);
      sent.push({ url: parsed, init: init ?? {} });
      const fallback = parsed.pathname === '/api/health' ? healthy : { success: true, unread: 0 };
      return Promise.resolve(options.respond?.() ?? jsonResponse(fallback));
    },
  });
  const last = (): Sent => {
    const request = sent.at(-1);
    if (!request) throw new Error('no request was sent');
    return request;
  };
  return { callApi, sent, last };
}

describe('callApi', () => {
  it('fills and encodes path parameters', async () => {
    const { callApi, last } = setup();
    await callApi(getRoom, { params: { accountId: 12, roomId: 'a b/c' } });
    expect(last().url.pathname).toBe('/api/v1/accounts/12/rooms/a%20b%2Fc');
    expect(last().url.origin).toBe('http://api.test');
    expect(last().init.method).toBe('GET');
  });

  it('refuses to call a path with a missing parameter', async () => {
    const { callApi, sent } = setup();
    await expect(callApi(getRoom, { params: { accountId: 12, roomId: '' } })).rejects.toThrow(
      'Missing path parameter "roomId"',
    );
    expect(sent).toHaveLength(0);
  });

  it('works with a relative base URL', async () => {
    const urls: string[] = [];
    const callApi = createApiClient({
      storage: () => null,
      fetch: (url) => {
        urls.push(url as string);
        return Promise.resolve(jsonResponse({ success: true }));
      },
    });
    await callApi(endpoints.ipCorrelator, { body: { page: '/app' } });
    expect(urls).toEqual(['/api/v1/ipCorrelator']);
  });

  it('encodes query values and skips empty ones', async () => {
    const { callApi, last } = setup();
    await callApi(getRoom, {
      params: { accountId: 1, roomId: 'r' },
      query: { page: 2, filter: 'a&b c', targetAccountId: undefined },
    });
    expect(last().url.search).toBe('?page=2&filter=a%26b+c');
  });

  it('appends the stored token and adminToken to every call', async () => {
    const { callApi, last } = setup({ stored: { token: 'tok-1', adminToken: 'adm-9' } });
    await callApi(endpoints.health);
    expect(last().url.searchParams.get('token')).toBe('tok-1');
    expect(last().url.searchParams.get('adminToken')).toBe('adm-9');
    await callApi(getRoom, { params: { accountId: 1, roomId: 'r' }, query: { targetAccountId: 7 } });
    expect(last().url.search).toBe('?targetAccountId=7&token=tok-1&adminToken=adm-9');
  });

  it('lets an explicit token win and sends none when storage is empty or unavailable', async () => {
    const stored = setup({ stored: { token: 'stored' } });
    await stored.callApi(getRoom, { params: { accountId: 1, roomId: 'r' }, query: { token: 'explicit' } });
    expect(stored.last().url.searchParams.getAll('token')).toEqual(['explicit']);

    const empty = setup({ stored: { token: '  ' } });
    await empty.callApi(endpoints.health);
    expect(empty.last().url.search).toBe('');

    const blocked = setup({
      storage: () => ({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    });
    await blocked.callApi(endpoints.health);
    expect(blocked.last().url.search).toBe('');
  });

  it('sends a JSON body', async () => {
    const { callApi, last } = setup({ respond: () => jsonResponse({ success: true }) });
    await callApi(renameRoom, { params: { roomId: 3 }, body: { name: 'Front desk' } });
    expect(last().init.method).toBe('PATCH');
    expect(last().init.body).toBe('{"name":"Front desk"}');
    expect(last().init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no body or content type on a GET', async () => {
    const { callApi, last } = setup();
    await callApi(getRoom, { params: { accountId: 1, roomId: 'r' } });
    expect(last().init.body).toBeUndefined();
    expect(last().init.headers).not.toHaveProperty('Content-Type');
  });

  it('returns the response parsed by the contract', async () => {
    const { callApi } = setup({ respond: () => jsonResponse({ success: true, unread: '4', extra: 1 }) });
    await expect(callApi(getRoom, { params: { accountId: 1, roomId: 'r' } })).resolves.toEqual({
      success: true,
      unread: 4,
    });
  });

  it('maps an error body to ApiError', async () => {
    const { callApi } = setup({
      respond: () =>
        jsonResponse({ success: false, code: 'FORBIDDEN', message: 'Not yours' }, 403, 'Forbidden'),
    });
    const error = await callApi(endpoints.health).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Not yours' });
  });

  it('falls back to the status line when the error has no JSON body', async () => {
    const { callApi } = setup({
      respond: () => new Response('<html>upstream down</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(callApi(endpoints.health)).rejects.toMatchObject({
      status: 502,
      code: 'UNKNOWN',
      message: 'API Error: 502 - Bad Gateway',
    });
  });

  it('treats a 200 answer with success false as an error', async () => {
    const { callApi } = setup({
      respond: () => jsonResponse({ success: false, code: 'NOT_FOUND', message: 'No such room' }),
    });
    await expect(callApi(endpoints.health)).rejects.toMatchObject({ status: 200, code: 'NOT_FOUND' });
  });

  it('rejects a success answer that breaks the contract', async () => {
    const { callApi } = setup({ respond: () => jsonResponse({ success: true, unread: 'many' }) });
    await expect(callApi(getRoom, { params: { accountId: 1, roomId: 'r' } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Unexpected response from GET /api/v1/accounts/:accountId/rooms/:roomId',
    });
  });

  it('types the input from the contract', () => {
    const { callApi } = setup();
    // Compile-time only: `tsc` checks these lines; the function is never run.
    const typeChecks = () => {
      void callApi(endpoints.health);
      void callApi(endpoints.ipCorrelator, { body: { page: '/app' } });
      // @ts-expect-error the body is declared with a required field
      void callApi(endpoints.ipCorrelator);
      // @ts-expect-error health declares no body
      void callApi(endpoints.health, { body: { page: '/app' } });
      // @ts-expect-error params are required
      void callApi(getRoom, { query: { page: 1 } });
      // @ts-expect-error roomId is a number
      void callApi(renameRoom, { params: { roomId: 'x' }, body: { name: 'n' } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('encodeQuery', () => {
  it('skips undefined, null, empty strings and invalid numbers', () => {
    expect(encodeQuery({ a: undefined, b: null, c: '', d: Number.NaN, e: Infinity })).toBe('');
  });

  it('writes numbers, booleans, dates, arrays and objects', () => {
    const search = new URLSearchParams(
      encodeQuery({
        n: 0,
        yes: true,
        no: false,
        at: new Date(Date.UTC(2025, 0, 2)),
        ids: [1, 2, undefined],
        filters: { status: 'open' },
      }).slice(1),
    );
    expect(search.get('n')).toBe('0');
    expect(search.get('yes')).toBe('true');
    expect(search.get('no')).toBe('false');
    expect(search.get('at')).toBe('2025-01-02T00:00:00.000Z');
    expect(search.getAll('ids')).toEqual(['1', '2']);
    expect(search.get('filters')).toBe('{"status":"open"}');
  });
});
