import { billingEndpoints as b } from '@switchboard/contract';
import {
  startApp,
  startFakeStripeServer,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
} from '@switchboard/testing';
import { expect } from 'vitest';
import { createLedger, type Ledger } from '../ledger';

/** The demo platform billing through Stripe (the wire-level fake on loopback), listening for its webhooks. */
export interface StripeBillingApp {
  stripe: FakeStripeServer;
  kit: DemoApp;
  ledger: Ledger;
  /** Where the fake delivers Stripe's signed events. */
  webhookUrl: string;
  signing: { secret: string };
  close(): Promise<void>;
}

export async function startStripeBillingApp(keys: {
  secretKey: string;
  webhookSecret: string;
}): Promise<StripeBillingApp> {
  const stripe = await startFakeStripeServer({ apiKey: keys.secretKey });
  const kit = await startApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
  const webhookUrl = `${await kit.app.listen({ port: 0, host: '127.0.0.1' })}/api/stripe/webhook`;
  return {
    stripe,
    kit,
    ledger: createLedger(kit.db),
    webhookUrl,
    signing: { secret: keys.webhookSecret },
    close: async () => {
      await kit.close();
      await stripe.close();
    },
  };
}

/** Subscribes the client's organization to the demo plan by card (a completed checkout); its subscription id. */
export async function subscribeByCard(app: StripeBillingApp, client: SignedInClient): Promise<string> {
  const start = await client.call(b.subscribe, {
    body: {
      productPlanId: 'pplan-demo-123',
      cancelUrl: 'https://app.test/payment/cancel',
      successUrl: 'https://app.test/payment/success',
    },
  });
  expect(start.status, start.text).toBe(200);
  await app.stripe.deliver(
    app.stripe.completeSubscriptionCheckout(start.body.sessionId, app.signing),
    app.webhookUrl,
  );
  return (await client.call(b.currentPlan)).body.billing.subscriptionId ?? '';
}
