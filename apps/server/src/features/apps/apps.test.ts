import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appInstalls, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedConversation, openSession } from '../../runtime/session-client.test-support';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An order service on loopback: the system a custom app reaches. */
async function startOrderService() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const order = /^\/orders\/([^/?]+)$/.exec(request.url ?? '');
      if (request.headers.authorization !== 'Bearer key-123') json(401, { error: 'unauthorized' });
      else if (request.url === '/me') json(200, { account: 'acme' });
      else if (order?.[1] === '1234') json(200, { number: '1234', status: 'shipped', carrier: 'UPS' });
      else json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function orderDesk(base: string, apiKey = 'key-123') {
  return {
    name: 'Order desk',
    description: 'Order lookups from our warehouse system.',
    category: 'Commerce',
    dependencies: {
      providers: {
        auth: {
          api: {
            title: 'API',
            parameters: {
              type: 'object',
              properties: {
                apiKey: { type: 'string', title: 'API key', secret: true, required: true, value: apiKey },
              },
            },
          },
        },
      },
    },
    functions: [
      {
        name: 'order_status',
        title: 'Order status',
        description: 'Look up an order by its number and say where it is.',
        parameters: {
          type: 'object',
          properties: { orderNumber: { type: 'string', description: 'The order number.' } },
          required: ['orderNumber'],
        },
        examples: ['where is my order', 'has my order shipped', 'track my order'],
        request: {
          method: 'GET',
          url: `${base}/orders/{{args.orderNumber}}`,
          headers: { Authorization: 'Bearer {{auth.apiKey}}' },
        },
        messages: {
          complete: 'Order {{response.number}} has {{response.status}} with {{response.carrier}}.',
          failed: 'I could not find order {{args.orderNumber}}.',
        },
      },
    ],
    check: { method: 'GET', url: `${base}/me`, headers: { Authorization: 'Bearer {{auth.apiKey}}' } },
  };
}

const shopifyCredentials = (shopDomain: string, accessToken: string) => ({
  dependencies: {
    providers: {
      auth: {
        adminApi: {
          parameters: {
            properties: { shopDomain: { value: shopDomain }, accessToken: { value: accessToken } },
          },
        },
      },
    },
  },
});

describe('apps and integrations', () => {
  let kit: DemoApp;
  let acme: SignedInClient;
  let globex: SignedInClient;
  let agent1: number;
  let orders: Awaited<ReturnType<typeof startOrderService>>;

  beforeAll(async () => {
    kit = await startApp();
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await kit.signIn('acme');
    globex = await kit.signIn('globex');
    agent1 = kit.ids.agent1;
    orders = await startOrderService();
  });
  afterAll(async () => {
    await orders.close();
    await kit.close();
  });

  it('lists the catalogue with nothing installed', async () => {
    const response = await acme.get<{ apps: { appId: string; installed: boolean; builtIn: boolean }[] }>(
      '/api/v2/apps',
    );
    expect(response.status).toBe(200);
    const apps = response.body.apps;
    expect(apps.map((app) => app.appId)).toEqual(
      expect.arrayContaining(['webhook', 'slack', 'zapier', 'shopify', 'squareUp', 'hubspot']),
    );
    expect(apps.every((app) => app.builtIn && !app.installed)).toBe(true);
  });

  it('installs a built-in app: required credentials checked, secrets never answered', async () => {
    const missing = await acme.post<{ message: string }>('/api/v2/apps/shopify/v1', {
      app: shopifyCredentials('acme.myshopify.com', ''),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Admin API access token is required');

    const unknown = await acme.post<{ message: string }>('/api/v2/apps/shopify/v1', {
      app: {
        dependencies: {
          providers: { auth: { x: { parameters: { properties: { password: { value: 'p' } } } } } },
        },
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('password is not a setting of Shopify');

    const installed = await acme.post<{ app: Record<string, unknown> }>('/api/v2/apps/shopify/v1', {
      app: shopifyCredentials('acme.myshopify.com', 'shpat_secret'),
    });
    expect(installed.status, installed.text).toBe(201);
    const app = installed.body.app;
    expect(app).toMatchObject({ installed: true, setupComplete: true, builtIn: true });
    expect(installed.text).not.toContain('shpat_secret');
    expect(app.dependencies).toMatchObject({
      providers: {
        auth: {
          adminApi: {
            parameters: {
              properties: {
                shopDomain: { value: 'acme.myshopify.com', configured: true },
                accessToken: { value: '', configured: true, secret: true },
              },
            },
          },
        },
      },
    });

    const again = await acme.post('/api/v2/apps/shopify/v1', {
      app: shopifyCredentials('a.myshopify.com', 'x'),
    });
    expect(again.status).toBe(409);

    // A secret sent empty keeps its value; the other value changes.
    const updated = await acme.put('/api/v2/apps/shopify/v1', {
      app: shopifyCredentials('acme-2.myshopify.com', ''),
    });
    expect(updated.status, updated.text).toBe(200);
    const [row] = await kit.db.select().from(appInstalls).where(eq(appInstalls.appId, 'shopify'));
    // Secrets are stored sealed.
    expect(row?.appData.shopDomain).toBe('acme-2.myshopify.com');
    expect(row?.appData.accessToken).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(row?.appData)).not.toContain('shpat_secret');
  });

  it('reads and writes integration data by slug', async () => {
    const read = await acme.get('/api/v2/integration/shopify');
    expect(read.body).toEqual({
      success: true,
      message: 'Integration data',
      appId: 'shopify',
      appVersion: 'v1',
      appData: { shopDomain: 'acme-2.myshopify.com', accessToken: '' },
    });
    const noData = await acme.post('/api/v2/integration/shopify', {});
    expect(noData.status).toBe(400);
    expect(noData.body).toMatchObject({ message: 'appData is required' });
    const saved = await acme.post('/api/v2/integration/shopify', {
      appData: { shopDomain: 'acme.myshopify.com' },
    });
    expect(saved.body).toMatchObject({
      message: 'Integration data updated successfully',
      appData: { shopDomain: 'acme.myshopify.com' },
    });
    const missing = await acme.get('/api/v2/integration/slack');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Integration data not found' });
  });

  it('installs only on organizations: an agent account is the wrong account type', async () => {
    const response = await acme.post<{ message: string }>(`/api/v2/apps/slack/v1?targetAccountId=${agent1}`, {
      app: {
        dependencies: {
          providers: {
            auth: {
              incomingWebhook: {
                parameters: { properties: { webhookUrl: { value: 'https://hooks.slack.com/x' } } },
              },
            },
          },
        },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Account type does not match');
    // Reading as the agent shows its organization's apps.
    const listed = await acme.get<{ apps: { appId: string }[] }>(
      `/api/v2/apps?installed=true&targetAccountId=${agent1}`,
    );
    expect(listed.body.apps.map((app) => app.appId)).toEqual(['shopify']);
  });

  it('defines a custom app, checks its connection, and keeps it to its organization', async () => {
    const invalid = await acme.post('/api/v2/apps/orderDesk/v1', {
      app: { ...orderDesk(orders.base), functions: [] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ message: 'body.app.functions: needs at least one function' });
    const badRequired = orderDesk(orders.base);
    badRequired.functions[0]!.parameters.required = ['order'];
    const refused = await acme.post<{ message: string }>('/api/v2/apps/orderDesk/v1', { app: badRequired });
    expect(refused.body.message).toContain('names no parameter "order"');

    const created = await acme.post('/api/v2/apps/orderDesk/v1', {
      app: orderDesk(orders.base),
      reload: true,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      app: { appId: 'orderDesk', builtIn: false, installed: true, setupComplete: true },
      check: { ok: true, status: 200, message: 'Connected to Order desk.' },
    });
    const wrongKey = await acme.put('/api/v2/apps/orderDesk/v1', {
      app: orderDesk(orders.base, 'nope'),
      reload: true,
    });
    expect(wrongKey.body).toMatchObject({
      check: { ok: false, status: 401, message: 'Order desk refused the credentials (status 401).' },
    });
    await acme.put('/api/v2/apps/orderDesk/v1', { app: orderDesk(orders.base) });

    // Another organization neither sees nor changes it.
    expect((await globex.get('/api/v2/apps/orderDesk/v1')).status).toBe(404);
    expect((await globex.delete('/api/v2/apps/orderDesk/v1')).status).toBe(404);
    const theirs = await globex.get<{ apps: { appId: string; installed: boolean }[] }>('/api/v2/apps');
    expect(theirs.body.apps.some((app) => app.installed)).toBe(false);
  });

  it('runs an app function in a conversation: arguments asked for, the request made, the answer spoken and logged', async () => {
    const saved = await acme.post(`/api/v2/campaign?targetAccountId=${agent1}`, {
      apps: [{ appId: 'orderDesk', version: 'v1', instructions: 'When a caller asks about an order.' }],
      enabledFunctions: { 'orderDesk:v1': ['order_status'] },
    });
    expect(saved.status, saved.text).toBe(200);
    const usage = await acme.get('/api/v2/apps/orderDesk/v1');
    expect(usage.body).toMatchObject({ app: { usedByAgents: 1 } });

    const session = await openSession(kit, acme.token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'chat', config: 'staging' });
    const ready = await session.next('ready');
    const greeting = await session.next('agent-text');

    session.send({ type: 'text', text: 'Where is my order?' });
    const ask = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
    expect(ask.text).toBe('Could you tell me the order number?');

    session.send({ type: 'text', text: 'It is 1234' });
    const tool = await session.next('tool');
    expect(tool).toMatchObject({
      name: 'orderDesk__order_status',
      ok: true,
      arguments: { orderNumber: '1234' },
    });
    const answer = await session.next('agent-text', (m) => m.text.startsWith('Order'));
    expect(answer.text).toBe('Order 1234 has shipped with UPS. Is there anything else I can help you with?');
    const request = orders.received.find((entry) => entry.url === '/orders/1234');
    expect(request).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer key-123' } });

    // A number the system does not know: the function's failure message.
    session.send({ type: 'text', text: 'And has order 9999 shipped?' });
    const missed = await session.next('tool', (m) => m.name === 'orderDesk__order_status' && !m.ok);
    expect(missed.arguments).toEqual({ orderNumber: '9999' });
    const sorry = await session.next('agent-text', (m) => m.text.includes('9999'));
    expect(sorry.text).toContain('I could not find order 9999.');

    session.send({ type: 'text', text: "That's all, bye" });
    await session.next('ended');
    const log = await loggedConversation(kit, ready.conversationUuid);
    expect(log?.toolCalls.map((entry) => [entry.name, entry.ok])).toEqual([
      ['orderDesk__order_status', true],
      ['orderDesk__order_status', false],
      ['end_conversation', true],
    ]);
  });

  it('uninstalls: credentials deleted, the custom app gone, agents stop offering its functions', async () => {
    const removed = await acme.delete('/api/v2/apps/orderDesk/v1');
    expect(removed.body).toEqual({ success: true, message: 'App uninstalled' });
    expect((await acme.get('/api/v2/apps/orderDesk/v1')).status).toBe(404);
    expect((await acme.delete('/api/v2/apps/orderDesk/v1')).status).toBe(404);

    const session = await openSession(kit, acme.token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'chat', config: 'staging' });
    const greeting = await session.next('agent-text');
    session.send({ type: 'text', text: 'Where is my order 1234?' });
    const reply = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
    expect(reply.text).not.toContain('shipped');
    expect(session.received.some((m) => m.type === 'tool')).toBe(false);
    session.socket.close();
  });
});
