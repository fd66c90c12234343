import { walletEndpoints as w } from '@switchboard/contract';
import {
  startApp,
  startFakeStripeServer,
  stripeSignature,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceSource } from './price-source.test-helper';

const secretKey = 'sk_test_webhook_suite';
const webhookSecret = 'whsec_webhook_suite';

let stripe: FakeStripeServer;
let prices: Awaited<ReturnType<typeof startPriceSource>>;
let kit: DemoApp;
let acme: SignedInClient;

beforeAll(async () => {
  stripe = await startFakeStripeServer({ apiKey: secretKey });
  prices = await startPriceSource({ status: 503 });
  kit = await startApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
      EXCHANGE_RATE_URL: prices.url,
    },
  });
  acme = await kit.signIn('acme');
});
afterAll(async () => {
  await kit.close();
  await Promise.all([stripe.close(), prices.close()]);
});

const deliver = (payload: string, signature?: string) =>
  kit.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
    payload,
  });

const balance = async () => (await acme.call(w.recentTransactions)).body.balanceUsd;
const cents = (usd: string) => Math.round(Number(usd) * 100);

describe('card top-ups through Stripe', () => {
  it('opens a Checkout Session through the SDK and credits the signed completion once', async () => {
    const opening = await balance();
    const start = await acme.call(w.checkoutVidaCredit, {
      body: { amount: 40, cancelUrl: 'https://app.test/cancel', successUrl: 'https://app.test/done' },
    });
    expect(start.status).toBe(200);
    expect(start.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(sent?.headers['idempotency-key']).toMatch(/^checkout:wallet_top_up:\d+:4000:\d+$/);
    expect(sent?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '4000',
      'metadata[accountId]': String(kit.ids.acme),
      'metadata[purpose]': 'wallet_top_up',
      success_url: 'https://app.test/done?session_id={CHECKOUT_SESSION_ID}',
    });
    // A double click within the minute opens the same session.
    const again = await acme.call(w.checkoutVidaCredit, {
      body: { amount: 40, cancelUrl: 'https://app.test/cancel', successUrl: 'https://app.test/done' },
    });
    expect(again.body.sessionId).toBe(start.body.sessionId);

    const event = stripe.completeSession(start.body.sessionId, { secret: webhookSecret });
    const tampered = await deliver(
      event.payload.replace('"amount_total":4000', '"amount_total":400000'),
      event.signature,
    );
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('Stripe-Signature');
    const stale = stripe.completeSession(start.body.sessionId, {
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await deliver(stale.payload, stale.signature)).statusCode).toBe(400);
    expect((await deliver(event.payload)).statusCode).toBe(400);
    const forged = stripeSignature(event.payload, 'whsec_not_ours', Math.floor(Date.now() / 1000));
    expect((await deliver(event.payload, forged)).statusCode).toBe(400);
    expect(await balance()).toBe(opening);

    const first = await deliver(event.payload, event.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, credited: true, replayed: false });
    const replay = await deliver(event.payload, event.signature);
    expect(replay.json()).toMatchObject({ credited: true, replayed: true });
    // The same session reported by a second event (Stripe retries with new ids too) still credits once.
    const second = stripe.completeSession(start.body.sessionId, { secret: webhookSecret });
    expect((await deliver(second.payload, second.signature)).json()).toMatchObject({ replayed: true });
    expect(cents(await balance()) - cents(opening)).toBe(4000);

    const status = await acme.call(w.checkoutSession, { query: { sessionId: start.body.sessionId } });
    expect(status.body.session).toMatchObject({ status: 'complete', credited: true, amountUsd: '40.00' });
  });

  it('answers events it does not act on, and refuses the sandbox pages', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { object: 'customer' } },
    });
    const answer = await deliver(
      payload,
      stripeSignature(payload, webhookSecret, Math.floor(Date.now() / 1000)),
    );
    expect(answer.json()).toMatchObject({ received: true, credited: false });
    const sandbox = await kit
      .client()
      .call(w.sandboxCheckout, { params: { sessionId: `cs_test_sandbox_${'a'.repeat(24)}` } });
    expect(sandbox.status).toBe(404);
  });

  it('falls back to 0.00043 USD per sat when the price source fails', async () => {
    expect((await acme.call(w.exchangeRates)).body).toMatchObject({ satToUsd: 0.00043, source: 'fallback' });
  });
});
