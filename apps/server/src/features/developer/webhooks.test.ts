import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  walletEndpoints,
  type TaskView,
  type WebhookDeliveryView,
  type WebhookView,
} from '@switchboard/contract';
import { accounts, eq } from '@switchboard/db';
import {
  createAgentAccount,
  type ApiClient,
  startApp,
  textAgent,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';
import { effectsFor } from '../../jobs/effects.repo';
import { startJobWork } from '../../jobs/registry';
import { dialerDeps } from '../tasks/dialer.jobs';
import { placeTaskJob } from '../tasks/dialer.service';
import { verifyWebhook } from './webhook-signature';
import { webhookJobs } from './webhooks.jobs';
import { checkWebhookUrl } from './webhooks.service';
import { startReceiver, type Received } from './webhook-receiver.test-support';

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

async function deliveriesOf(client: ApiClient, webhookId: number) {
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

describe('conversation, task and payment events', () => {
  /** Checks each request of a delivery carries the same signed event, and answers the event's body. */
  function signedEvent(requests: Received[], secret: string, type: string) {
    expect(new Set(requests.map((entry) => entry.body)).size).toBe(1);
    expect(new Set(requests.map((entry) => entry.headers['x-switchboard-delivery-id'])).size).toBe(1);
    for (const entry of requests) {
      expect(entry.headers['x-switchboard-event']).toBe(type);
      expect(
        verifyWebhook({
          secret,
          body: entry.body,
          timestamp: entry.headers['x-switchboard-timestamp'] as string,
          signature: entry.headers['x-switchboard-signature'] as string,
        }),
      ).toBe(true);
    }
    const event = JSON.parse(requests[0]!.body) as { type: string; accountId: number; data: unknown };
    expect(event.type).toBe(type);
    return event;
  }

  async function settledAfterRetry(client: ApiClient, webhookId: number, failedWith: number) {
    let delivery: WebhookDeliveryView | undefined;
    await expect
      .poll(async () => {
        [delivery] = await deliveriesOf(client, webhookId);
        return delivery?.status;
      })
      .toBe('succeeded');
    expect(delivery?.attemptLog.map((attempt) => attempt.statusCode)).toEqual([failedWith, 200]);
  }

  it(
    'sends conversation.ended, task.finished and payment.received signed, retrying each after a failure',
    { timeout: 60_000 },
    async () => {
      // An agent of its own, so the events of the other tests' conversations never reach these endpoints.
      const agent = await createAgentAccount(acme, { name: 'Front desk events' });
      const number = '+15550107788';
      await kit.db.update(accounts).set({ vidaPhoneNumber: number }).where(eq(accounts.id, agent.id));
      const asAgent = acme.actingFor(agent.id);
      const endpointFor = async (path: string, event: string, failWith: number, client = asAgent) => {
        receiver.script(path, [failWith]);
        const made = await client.post<{ webhook: WebhookView; secret: string }>('/api/v2/webhooks', {
          url: `${base}${path}`,
          label: event,
          events: [event],
        });
        expect(made.status, made.text).toBe(201);
        return made.body;
      };
      const ended = await endpointFor('/ended', 'conversation.ended', 500);
      const finished = await endpointFor('/finished', 'task.finished', 502);
      // Money lands in the organization's wallet, so its payments are the organization's events.
      const paid = await endpointFor('/paid', 'payment.received', 503, acme);

      // A contact texts the agent; its thread's log is written with the agent's answer.
      const thread = await textAgent(
        kit,
        { to: agent.username, from: '+15557000505', text: 'Is parking free?' },
        { waitForReply: true },
      );

      // A text task is sent by the dialer and finishes.
      const created = await asAgent.post<{ task: TaskView }>('/api/v2/tasks', {
        type: 'text',
        target: '+14152019988',
        accountId: agent.id,
        message: 'Your table is ready.',
      });
      expect(created.status, created.text).toBe(200);
      const jobId = randomUUID();
      const deps = { ...dialerDeps(kit.services), now: () => new Date(Date.now() + 60_000) };
      expect(
        await placeTaskJob(deps, created.body.task.id, { effects: effectsFor(kit.db, jobId, `${jobId}:1`) }),
      ).toBe('sent');

      // The organization's wallet is topped up by card through the sandbox checkout.
      const urls = { cancelUrl: 'http://app.test/cancel', successUrl: 'http://app.test/success' };
      const checkout = await acme.call(walletEndpoints.checkoutVidaCredit, {
        body: { amount: 25, ...urls },
      });
      expect(checkout.status, checkout.text).toBe(200);
      const card = { number: '4242424242424242', expiry: '12 / 34', cvc: '123' };
      const payment = await kit.client().call(walletEndpoints.paySandboxCheckout, {
        params: { sessionId: checkout.body.sessionId },
        body: card,
      });
      expect(payment.status, payment.text).toBe(200);

      // Each first try fails; each event comes again, the same bytes, and is logged as delivered.
      const endedEvent = signedEvent(await receiver.waitFor('/ended', 2), ended.secret, 'conversation.ended');
      expect(endedEvent.accountId).toBe(agent.id);
      expect(endedEvent.data).toMatchObject({
        conversation: { roomId: thread.room.roomId, channel: 'sms', fromNumber: '+15557000505' },
      });
      await settledAfterRetry(asAgent, ended.webhook.id, 500);

      const finishedEvent = signedEvent(
        await receiver.waitFor('/finished', 2),
        finished.secret,
        'task.finished',
      );
      expect(finishedEvent.data).toMatchObject({
        task: { id: created.body.task.id, state: 'finished', outcome: 'sent', target: '+14152019988' },
      });
      await settledAfterRetry(asAgent, finished.webhook.id, 502);

      const paidEvent = signedEvent(await receiver.waitFor('/paid', 2), paid.secret, 'payment.received');
      expect(paidEvent.data).toMatchObject({
        payment: { accountId: kit.ids.acme, kind: 'top_up', amountCents: 2500, currency: 'usd' },
      });
      await settledAfterRetry(acme, paid.webhook.id, 503);

      // Each endpoint got its one event only, and another tenant sees none of it.
      expect(receiver.at('/ended')).toHaveLength(2);
      expect(receiver.at('/finished')).toHaveLength(2);
      expect(receiver.at('/paid')).toHaveLength(2);
      expect((await globex.get(`/api/v2/webhooks/${paid.webhook.id}/deliveries`)).status).toBe(404);
    },
  );
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
