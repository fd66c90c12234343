import { billingEndpoints as b } from '@switchboard/contract';
import { accounts, billingEvents, eq } from '@switchboard/db';
import {
  startApp,
  startFakeStripeServer,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const secretKey = 'sk_test_billing_suite';
const webhookSecret = 'whsec_billing_suite';

let stripe: FakeStripeServer;
let kit: DemoApp;
let acme: SignedInClient;
let webhookUrl: string;

beforeAll(async () => {
  stripe = await startFakeStripeServer({ apiKey: secretKey });
  kit = await startApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
  acme = await kit.signIn('acme');
  // Stripe delivers over HTTP: the app listens on loopback for the fake's deliveries.
  webhookUrl = `${await kit.app.listen({ port: 0, host: '127.0.0.1' })}/api/stripe/webhook`;
});
afterAll(async () => {
  await kit.close();
  await stripe.close();
});

const signing = { secret: webhookSecret };
const billing = async () => (await acme.call(b.currentPlan)).body.billing;
const premium = async () =>
  (await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.agent1)))[0]?.vidaPremium;

describe('subscriptions through Stripe', () => {
  let subscriptionId = '';

  it('opens a subscription-mode Checkout Session through the SDK and follows the signed events once each', async () => {
    const start = await acme.call(b.subscribe, {
      body: {
        productPlanId: 'pplan-demo-123',
        cancelUrl: 'https://app.test/payment/cancel',
        successUrl: 'https://app.test/payment/success',
      },
    });
    expect(start.status, start.text).toBe(200);
    expect(start.body).toMatchObject({ sandbox: false, message: 'Success' });
    expect(start.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(sent?.headers['idempotency-key']).toMatch(
      new RegExp(`^subscribe:${kit.ids.acme}:pplan-demo-123:month:\\d+$`),
    );
    expect(sent?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '9900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Acme Partner Rate plan, monthly',
      'subscription_data[metadata][accountId]': String(kit.ids.acme),
      'subscription_data[metadata][productPlanId]': 'pplan-demo-123',
      success_url: 'https://app.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
    });

    const events = stripe.completeSubscriptionCheckout(start.body.sessionId, signing);
    const tampered = events[1]?.payload.replace('"status":"active"', '"status":"trialing"') ?? '';
    const refused = await stripe.deliver(
      [{ payload: tampered, signature: events[1]?.signature ?? '' }],
      webhookUrl,
    );
    expect(refused[0]?.status).toBe(400);
    expect((await billing()).status).toBe('none');

    const answers = await stripe.deliver(events, webhookUrl);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => (JSON.parse(answer.body) as { billing: string }).billing)).toEqual([
      'linked',
      'active',
      'paid',
    ]);
    const after = await billing();
    subscriptionId = after.subscriptionId ?? '';
    expect(subscriptionId).toMatch(/^sub_/);
    expect(after).toMatchObject({
      productPlanId: 'pplan-demo-123',
      term: 'month',
      status: 'active',
      subscribed: true,
      provider: 'stripe',
    });
    expect(after.createdDate).not.toBeNull();
    expect(await premium()).toBe(true);

    // A replayed delivery is answered and applied no second time.
    const replay = await stripe.deliver([events[2] ?? events[0]!], webhookUrl);
    expect(JSON.parse(replay[0]?.body ?? '{}')).toMatchObject({ billing: 'paid' });
    const recorded = await kit.db.select().from(billingEvents).where(eq(billingEvents.type, 'invoice.paid'));
    expect(recorded).toHaveLength(1);
  });

  it('never lets an older event undo a newer one', async () => {
    const older = stripe.subscriptionUpdated(subscriptionId, signing);
    const failed = stripe.renewSubscription(subscriptionId, 'retrying', signing);
    await stripe.deliver(failed, webhookUrl);
    expect((await billing()).status).toBe('past_due');
    // The active report created before the failure arrives late: it changes nothing.
    const late = await stripe.deliver([older], webhookUrl);
    expect(JSON.parse(late[0]?.body ?? '{}')).toMatchObject({ billing: 'stale' });
    expect((await billing()).status).toBe('past_due');
    expect(await premium()).toBe(true);
  });

  it('puts the organization unpaid after the last retry, and active again once the invoice is paid', async () => {
    await stripe.deliver(stripe.renewSubscription(subscriptionId, 'failed', signing), webhookUrl);
    expect(await billing()).toMatchObject({ status: 'unpaid', unpaid: true });
    expect(await premium()).toBe(false);
    const refused = await acme.call(b.subscribe, {
      body: {
        productPlanId: 'pplan-basic-monthly',
        cancelUrl: 'https://app.test/c',
        successUrl: 'https://app.test/s',
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('unpaid');
    await stripe.deliver(stripe.renewSubscription(subscriptionId, 'paid', signing), webhookUrl);
    expect(await billing()).toMatchObject({ status: 'active', unpaid: false });
    expect(await premium()).toBe(true);
  });

  it('cancels at the period’s end through the SDK and opens the Stripe billing portal', async () => {
    const cancel = await acme.call(b.cancelSubscription, {
      body: { reason: 'Switching provider', details: 'Moving to another phone system' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({
      cancelAtPeriodEnd: true,
      cancellationComment: 'Switching provider: Moving to another phone system',
    });
    const periodEnd = stripe.subscriptions.get(subscriptionId)?.periodEnd ?? 0;
    expect(cancel.body.cancelsAt).toBe(new Date(periodEnd * 1000).toISOString());
    expect(cancel.body.billing).toMatchObject({ canceled: true, status: 'active' });
    // Stripe's own report of the change agrees with what was applied.
    await stripe.deliver([stripe.subscriptionUpdated(subscriptionId, signing)], webhookUrl);
    expect(await billing()).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    const portal = await acme.call(b.billingPortalLink, { body: { redirectUrl: 'https://app.test/home' } });
    expect(portal.body).toMatchObject({ sandbox: false });
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const request = stripe.requests.find((sent) => sent.path === '/v1/billing_portal/sessions');
    expect(request?.form).toMatchObject({ return_url: 'https://app.test/home' });
  });

  it('ends the plan and premium when the subscription is deleted at the period’s end', async () => {
    await stripe.deliver([stripe.endSubscription(subscriptionId, signing)], webhookUrl);
    const ended = (await acme.call(b.currentPlan)).body;
    expect(ended.plan).toBeNull();
    expect(ended.billing).toMatchObject({ status: 'canceled', subscribed: false, canceled: true });
    expect(ended.billing.canceledDate).not.toBeNull();
    expect(await premium()).toBe(false);
    const cancel = await acme.call(b.cancelSubscription, { body: { reason: 'Again' } });
    expect(cancel.status).toBe(400);
  });
});
