// Hostile input is a 4xx that names the field, never a 500: NUL characters, deep JSON, long paths, numbers beyond
// what the database holds, and not-found messages that would otherwise echo whatever was sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { openSession } from '../runtime/session-client.test-support';

let kit: DemoApp;
let acme: SignedInClient;

beforeAll(async () => {
  kit = await startApp();
  acme = await kit.signIn('acme');
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => kit.close());

interface ErrorAnswer {
  success: boolean;
  code: string;
  message: string;
}

const call = (method: 'GET' | 'POST', url: string, payload?: string | object) =>
  method === 'GET'
    ? acme.get<ErrorAnswer>(url)
    : acme.post<ErrorAnswer>(url, payload, { headers: { 'content-type': 'application/json' } });

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('a NUL character', () => {
  it('in a body string is a 400 naming the field', async () => {
    const response = await call('POST', '/api/v2/contact', { name: 'Pat\u0000Smith' });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'body.name: must not contain a NUL character',
    });
  });

  it('in a key of free data is named by its path, the key quoted', async () => {
    const response = await call('POST', '/api/v2/contact', { name: 'Pat', data: { 'a\u0000b': 1 } });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe('body.data."a\\u0000b": must not contain a NUL character');
  });

  it('in a query value (%00) is a 400 naming it', async () => {
    const response = await call('GET', '/api/v2/contact?search=a%00b');
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe('query.search: must not contain a NUL character');
  });

  it('in a path parameter (%00) is a 400 naming it', async () => {
    const response = await call('GET', '/api/v2/templates/a%00b');
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe('params.id: must not contain a NUL character');
  });

  it('in a field a handler reads beside the contract (a log filter) is refused the same way', async () => {
    const response = await call('GET', '/api/v2/logs?direction=in%00bound');
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe('query.direction: must not contain a NUL character');
  });
});

describe('deeply nested JSON', () => {
  it('50,000 levels are a 400 before anything walks the body', async () => {
    const response = await call('POST', '/api/v2/contact', nested(50_000));
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The request body is nested more than 64 levels deep',
    });
  });

  it('64 levels pass the parser, 65 do not; brackets inside strings do not count', async () => {
    const body = (depth: number) =>
      `{"name":"Pat [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[","data":{"deep":${nested(depth - 2)}}}`;
    const deepest = await call('POST', '/api/v2/contact', body(64));
    expect(deepest.status, deepest.text).toBe(200);
    const deeper = await call('POST', '/api/v2/contact', body(65));
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toBe('The request body is nested more than 64 levels deep');
  });
});

describe('long paths and addresses', () => {
  it('a 10 kB path parameter reaches the contract, which names it', async () => {
    const response = await kit.client().get<ErrorAnswer>(`/api/v1/account/${'x'.repeat(10_240)}`);
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(response.body.message).toMatch(/^params\.username: /);
    expect(response.text.length).toBeLessThan(500);
  });

  it("a parameter beyond the router's limit is a 414 in the error shape", async () => {
    const response = await kit.client().get<ErrorAnswer>(`/api/v1/account/${'x'.repeat(20_000)}`);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({
      success: false,
      code: 'URI_TOO_LONG',
      message: 'A path parameter is longer than 16384 characters',
    });
  });

  it('a path that is not valid percent-encoding is a 400 in the error shape', async () => {
    const response = await kit.client().get<ErrorAnswer>('/api/v1/account/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it("a request line over Node's header limit is a 431 in the error shape", async () => {
    const { port } = kit.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: `/api/v2/contact?search=${'x'.repeat(20_000)}` },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'HEADERS_TOO_LARGE' });
  });
});

describe('not-found messages', () => {
  it('name what was not found and the field, never the value sent', async () => {
    const hostile = `<script>${'x'.repeat(50)}`;
    const response = await call('GET', `/api/v2/templates/${encodeURIComponent(hostile)}`);
    expect(response.status, response.text).toBe(404);
    expect(response.body.message).toBe('No template matches params.id');
  });

  it('of the tenant check name the field', async () => {
    const response = await call('GET', '/api/v2/contact/999999');
    expect(response.status, response.text).toBe(404);
    expect(response.body.message).toBe('No contact matches params.id');
  });

  it('of an unknown address cut the path short', async () => {
    const response = await kit.client().get<ErrorAnswer>(`/api/v9/${'y'.repeat(5000)}`);
    expect(response.status).toBe(404);
    expect(response.body.message.length).toBeLessThan(300);
  });
});

describe('numbers beyond what the database holds', () => {
  it('an id beyond a PostgreSQL integer is a 400 naming the field', async () => {
    const response = await call('GET', '/api/v2/contact/2147483648');
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toMatch(/^params\.id: /);
  });

  it('so is a room id holding one', async () => {
    const response = await call('GET', '/api/v1/conversations/2147483648');
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe('params.roomId: holds an id larger than 2147483647');
  });

  it('and a runPrompt agent', async () => {
    const response = await call('POST', '/api/v1/agent/runPrompt', {
      targetAgent: 2_147_483_648,
      promptText: 'hi',
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toMatch(/^body\.targetAgent: /);
  });

  it('a rejected value is quoted short, not echoed whole', async () => {
    const response = await call('GET', `/api/v2/contact?page=${'9'.repeat(5000)}`);
    expect(response.status).toBe(400);
    expect(response.body.message.length).toBeLessThan(200);
  });
});

describe('the live-update socket', () => {
  it('refuses an account id beyond a PostgreSQL integer with a 400', async () => {
    const { port } = kit.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(
        `ws://127.0.0.1:${port}/api/realtime?token=${acme.token}&targetAccountId=2147483648`,
      );
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => {
        socket.close();
        reject(new Error('the socket opened'));
      });
      socket.on('error', () => undefined);
    });
    expect(status).toBe(400);
  });
});

describe('the agent session socket', () => {
  it('answers a deeply nested message and a NUL character with an error, and keeps the socket', async () => {
    const session = await openSession(kit, acme.token);
    session.socket.send(nested(50_000));
    expect((await session.next('error')).message).toBe('The message is nested more than 64 levels deep');
    session.send({ type: 'text', text: 'a\u0000b' });
    expect((await session.next('error')).message).toBe('message.text: must not contain a NUL character');
    session.send({ type: 'played', turnId: '1' });
    expect((await session.next('error')).message).toBe('Send start first.');
    session.socket.close();
    await session.closed;
  });
});
