import { startFakeStripeServer, stripeSignature, type FakeStripeServer } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePayments } from './stripe';
import { WebhookSignatureError } from './types';

const secretKey = 'sk_test_provider';
const webhookSecret = 'whsec_provider_test';

let fake: FakeStripeServer;
let stripe: StripePayments;

beforeAll(async () => {
  fake = await startFakeStripeServer({ apiKey: secretKey });
  stripe = new StripePayments({ secretKey, webhookSecret, apiUrl: fake.url });
});
afterAll(() => fake.close());

const request = (key: string, amountCents = 2500) => ({
  idempotencyKey: key,
  amountCents,
  currency: 'usd' as const,
  description: 'Wallet top-up',
  accountId: 42,
  purpose: 'wallet_top_up' as const,
  successUrl: 'https://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://app.test/billing/cancel',
});

describe('Stripe checkout through the SDK', () => {
  it('creates a payment-mode session in cents with the account and purpose in its metadata', async () => {
    const session = await stripe.createCheckout(request('top-up:1'));
    const sent = fake.requests.at(-1);
    expect(sent?.headers['idempotency-key']).toBe('top-up:1');
    expect(sent?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'metadata[accountId]': '42',
      'metadata[purpose]': 'wallet_top_up',
    });
    expect(session).toMatchObject({
      amountCents: 2500,
      accountId: 42,
      purpose: 'wallet_top_up',
      status: 'open',
      successUrl: `https://app.test/billing/success?session_id=${session.id}`,
    });
    expect(await stripe.getCheckout(session.id)).toMatchObject({ id: session.id, paymentStatus: 'unpaid' });
    expect(await stripe.getCheckout('cs_test_unknown')).toBeNull();
  });

  it('replays a retried request with the same idempotency key instead of opening a second session', async () => {
    const first = await stripe.createCheckout(request('top-up:2'));
    const again = await stripe.createCheckout(request('top-up:2'));
    expect(again.id).toBe(first.id);
    await expect(stripe.createCheckout(request('top-up:2', 9900))).rejects.toThrow(/same parameters/);
  });

  it('accepts a signed event and refuses a tampered, stale, unsigned or wrongly keyed one', async () => {
    const session = await stripe.createCheckout(request('top-up:3'));
    const event = fake.completeSession(session.id, { secret: webhookSecret });
    const parsed = stripe.verifyWebhook(Buffer.from(event.payload), event.signature);
    expect(parsed).toMatchObject({
      type: 'checkout.session.completed',
      session: { id: session.id, paymentStatus: 'paid', accountId: 42, amountCents: 2500 },
    });

    const tampered = event.payload.replace('"amount_total":2500', '"amount_total":250000');
    expect(() => stripe.verifyWebhook(Buffer.from(tampered), event.signature)).toThrow(WebhookSignatureError);
    const stale = fake.completeSession(session.id, {
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(() => stripe.verifyWebhook(Buffer.from(stale.payload), stale.signature)).toThrow(/tolerance/);
    expect(() => stripe.verifyWebhook(Buffer.from(event.payload), undefined)).toThrow(WebhookSignatureError);
    const otherKey = stripeSignature(event.payload, 'whsec_someone_else', Math.floor(Date.now() / 1000));
    expect(() => stripe.verifyWebhook(Buffer.from(event.payload), otherKey)).toThrow(WebhookSignatureError);
  });
});
