import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryView, WebhookView } from '@switchboard/contract';
import { startApp, textAgent, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { startJobWork } from '../../jobs/registry';
import { verifyWebhook } from './webhook-signature';
import { webhookJobs } from './webhooks.jobs';
import { checkWebhookUrl } from './webhooks.service';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A receiver on loopback: records every request and answers each path from its script (200 when it runs out). */
function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = scripts.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      for (const waiter of [...waiters]) {
        if (waiter.test()) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  return {
    received,
    script: (path: string, statuses: number[]) => scripts.set(path, statuses),
    at: (path: string) => received.filter((entry) => entry.path === path),
    /** Resolves once `path` has had `count` requests. */
    waitFor(path: string, count: number): Promise<Received[]> {
      const test = () => received.filter((entry) => entry.path === path).length >= count;
      if (test()) return Promise.resolve(received.filter((entry) => entry.path === path));
      return new Promise((resolve) => {
        waiters.push({ test, resolve: () => resolve(received.filter((entry) => entry.path === path)) });
      });
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let kit: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
const receiver = startReceiver();
let base: string;

beforeAll(async () => {
  base = await receiver.listen();
  kit = await startApp({ env: { WEBHOOK_RETRY_BASE_MS: '200' } });
  ({ acme, globex } = await kit.signInEach('acme', 'globex'));
  await startJobWork(kit.services, [webhookJobs], { recoverInterrupted: false });
});
afterAll(async () => {
  await kit.close();
  await receiver.close();
});

async function addWebhook(client: SignedInClient, path: string, events: string[]) {
  const made = await client.post<{ webhook: WebhookView; secret: string }>('/api/v2/webhooks', {
    url: `${base}${path}`,
    label: path,
    events,
  });
  expect(made.status, made.text).toBe(201);
  return made.body;
}

async function deliveriesOf(client: SignedInClient, webhookId: number) {
  const listed = await client.get<{ deliveries: WebhookDeliveryView[] }>(
    `/api/v2/webhooks/${webhookId}/deliveries`,
  );
  expect(listed.status, listed.text).toBe(200);
  return listed.body.deliveries;
}

const parsed = (entry: Received) =>
  JSON.parse(entry.body) as {
    id: string;
    type: string;
    accountId: number;
    data: { message?: { text: string; from: string }; conversation?: unknown };
  };

describe('event webhooks', () => {
  it('delivers signed events in the order they happened, and only to the tenant they belong to', async () => {
    const { webhook, secret } = await addWebhook(acme, '/acme', ['message.received']);
    await addWebhook(globex, '/globex', ['message.received']);
    for (const text of ['first', 'second', 'third']) {
      await textAgent(kit, { to: 'agent1', from: '+15557000101', text: `Order ${text}` });
    }
    const got = await receiver.waitFor('/acme', 3);
    expect(got.map((entry) => parsed(entry).data.message?.text)).toEqual([
      'Order first',
      'Order second',
      'Order third',
    ]);
    const ids = got.map((entry) => Number(parsed(entry).id.replace('evt_', '')));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const entry of got) {
      expect(entry.headers['x-switchboard-event']).toBe('message.received');
      expect(entry.headers['x-switchboard-signature-version']).toBe('v1');
      expect(
        verifyWebhook({
          secret,
          body: entry.body,
          timestamp: entry.headers['x-switchboard-timestamp'] as string,
          signature: entry.headers['x-switchboard-signature'] as string,
        }),
      ).toBe(true);
      // A body changed on the way fails the check.
      expect(
        verifyWebhook({
          secret,
          body: entry.body.replace('Order', 'Odder'),
          timestamp: entry.headers['x-switchboard-timestamp'] as string,
          signature: entry.headers['x-switchboard-signature'] as string,
        }),
      ).toBe(false);
      expect(parsed(entry).accountId).toBe(kit.ids.agent1);
      expect(parsed(entry).data.message?.from).toBe('+15557000101');
    }
    expect(receiver.at('/globex')).toEqual([]);
    // The receiver answered before the last attempt was recorded: wait for the log to say so.
    await expect
      .poll(async () => (await deliveriesOf(acme, webhook.id)).map((entry) => entry.status))
      .toEqual(['succeeded', 'succeeded', 'succeeded']);
    const log = await deliveriesOf(acme, webhook.id);
    expect(log.every((entry) => entry.lastStatusCode === 200)).toBe(true);
    expect(log[0]?.attemptLog).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, error: null }),
    ]);
    // Another tenant sees neither the endpoint nor its deliveries.
    expect((await globex.get(`/api/v2/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
    expect((await globex.post(`/api/v2/webhooks/deliveries/${log[0]?.id}/replay`, {})).status).toBe(404);
    const theirs = await globex.get<{ webhooks: WebhookView[] }>('/api/v2/webhooks');
    expect(theirs.body.webhooks.map((entry) => entry.id)).not.toContain(webhook.id);
  });

  it('retries a failed delivery with growing delays, the same event each time, and logs every attempt', async () => {
    receiver.script('/flaky', [500, 503]);
    const { webhook } = await addWebhook(globex, '/flaky', ['message.received']);
    await textAgent(kit, { to: 'agent3', from: '+15557000202', text: 'Retry me' });
    const got = await receiver.waitFor('/flaky', 3);
    expect(new Set(got.map((entry) => entry.body)).size).toBe(1);
    expect(new Set(got.map((entry) => entry.headers['x-switchboard-delivery-id'])).size).toBe(1);
    // 200 ms, then 4 × 200 ms (the sweep runs every 2 s, so a retry may wait for it).
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(200);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(800);
    let delivery: WebhookDeliveryView | undefined;
    await expect
      .poll(async () => {
        [delivery] = await deliveriesOf(globex, webhook.id);
        return delivery?.status;
      })
      .toBe('succeeded');
    expect(delivery?.attempts).toBe(3);
    expect(delivery?.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);
    expect(delivery?.attemptLog[0]?.error).toBe('The receiver answered 500');
  });

  it('sends a delivery again on request, with the same event id', async () => {
    const { webhook } = await addWebhook(acme, '/replay', ['conversation.started']);
    await textAgent(kit, { to: 'agent2', from: '+15557000303', text: 'Hello there' });
    const [first] = await receiver.waitFor('/replay', 1);
    expect(parsed(first!).data.conversation).toMatchObject({ channel: 'sms', contact: '+15557000303' });
    const [original] = await deliveriesOf(acme, webhook.id);
    const replay = await acme.post<{ delivery: WebhookDeliveryView }>(
      `/api/v2/webhooks/deliveries/${original!.id}/replay`,
      {},
    );
    expect(replay.status, replay.text).toBe(201);
    expect(replay.body.delivery).toMatchObject({ replayOf: original!.id, status: 'pending' });
    const got = await receiver.waitFor('/replay', 2);
    expect(parsed(got[1]!).id).toBe(parsed(got[0]!).id);
    expect(got[1]!.body).toBe(got[0]!.body);
  });

  it('turns the endpoint off when the receiver answers 410 Gone', async () => {
    receiver.script('/gone', [410]);
    const { webhook } = await addWebhook(acme, '/gone', ['message.received']);
    await textAgent(kit, { to: 'agent1', from: '+15557000404', text: 'Anyone there' });
    await receiver.waitFor('/gone', 1);
    await expect
      .poll(async () => (await acme.get<{ webhooks: WebhookView[] }>('/api/v2/webhooks')).body.webhooks)
      .toContainEqual(expect.objectContaining({ id: webhook.id, enabled: false }));
    const [delivery] = await deliveriesOf(acme, webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', lastStatusCode: 410 });
    const replay = await acme.post<{ message: string }>(
      `/api/v2/webhooks/deliveries/${delivery!.id}/replay`,
      {},
    );
    expect(replay.status).toBe(409);
    const on = await acme.patch<{ webhook: WebhookView }>(`/api/v2/webhooks/${webhook.id}`, {
      enabled: true,
    });
    expect(on.body.webhook).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('refuses bad endpoints with the reason, and removes an endpoint with its pending deliveries', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'ftp://example.com/x', label: 'x', events: ['call.ended'] }, /url/],
      [{ url: 'https://example.com/x', label: 'x', events: [] }, /at least one event/],
      [{ url: 'https://example.com/x', label: 'x', events: ['call.started'] }, /events/],
      [{ url: 'https://example.com/x', events: ['call.ended'] }, /label/],
    ];
    for (const [body, reason] of cases) {
      const refused = await acme.post<{ message: string }>('/api/v2/webhooks', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(reason);
    }
    const { webhook, secret } = await addWebhook(acme, '/removed', ['payment.received']);
    const revealed = await acme.get<{ secret: string }>(`/api/v2/webhooks/${webhook.id}/secret`);
    expect(revealed.body.secret).toBe(secret);
    expect((await globex.get(`/api/v2/webhooks/${webhook.id}/secret`)).status).toBe(404);
    expect((await globex.delete(`/api/v2/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await acme.delete(`/api/v2/webhooks/${webhook.id}`)).status).toBe(200);
    expect((await acme.get(`/api/v2/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
  });
});

describe('webhook addresses in production', () => {
  const production = (resolved: string[]) => ({
    db: kit.db,
    secrets: { seal: (value: string) => value, open: (value: string) => value },
    production: true,
    allowPrivateNetwork: false,
    resolveHost: () => Promise.resolve(resolved),
  });

  it.each([
    ['http://hooks.example.com/in', ['93.184.216.34'], /https/],
    ['https://127.0.0.1/in', [], /loopback/],
    ['https://[::ffff:169.254.169.254]/in', [], /refused/],
    ['https://10.1.2.3/in', [], /refused/],
    ['https://internal.example.com/in', ['192.168.1.20'], /refused/],
    ['https://user:secret@hooks.example.com/in', ['93.184.216.34'], /user name or password/],
  ])('refuses %s', async (url, resolved, reason) => {
    await expect(checkWebhookUrl(production(resolved), url)).rejects.toThrow(reason);
  });

  it('accepts an https address that resolves to public addresses only', async () => {
    await expect(
      checkWebhookUrl(production(['93.184.216.34']), 'https://hooks.example.com/in'),
    ).resolves.toBeUndefined();
  });
});
