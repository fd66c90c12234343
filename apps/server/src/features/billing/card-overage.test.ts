import { eq, ledgerTransfers, usageCharges } from '@switchboard/db';
import {
  stripeSignature,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
  type SignedStripeEvent,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeBillingApp, subscribeByCard, type StripeBillingApp } from './stripe-billing.test-support';
import { chargeUsage, usdToUnits, type Ledger } from '../ledger';

const secretKey = 'sk_test_card_overage';
const webhookSecret = 'whsec_card_overage';

let billing: StripeBillingApp;
let stripe: FakeStripeServer;
let kit: DemoApp;
let acme: SignedInClient;
let ledger: Ledger;
let webhookUrl: string;
let subscriptionId = '';

beforeAll(async () => {
  billing = await startStripeBillingApp({ secretKey, webhookSecret });
  ({ stripe, kit, ledger, webhookUrl } = billing);
  acme = await kit.signIn('acme');
  subscriptionId = await subscribeByCard(billing, acme);
});
afterAll(() => billing.close());

const signing = { secret: webhookSecret };
const wallet = () => ({ kind: 'wallet' as const, accountId: kit.ids.acme });
const receivable = { kind: 'platform' as const, name: 'card_receivable' as const };

/** The same event sent again by the provider under a new event id (Stripe may re-send a change). */
function resent(event: SignedStripeEvent): SignedStripeEvent {
  const body = JSON.parse(event.payload) as { id: string };
  const payload = JSON.stringify({ ...body, id: `${body.id}_again` });
  return { payload, signature: stripeSignature(payload, webhookSecret, Math.floor(Date.now() / 1000)) };
}

describe('overage on the card invoice', () => {
  it('puts the ended period’s overage on the subscription’s next invoice once, and records it owed once', async () => {
    expect(subscriptionId).toMatch(/^sub_/);
    const subscription = stripe.subscriptions.get(subscriptionId);
    const periodKey = `period:${new Date((subscription?.periodStart ?? 0) * 1000).toISOString().slice(0, 10)}`;
    const walletBefore = await ledger.balance(wallet());
    const receivableBefore = await ledger.balance(receivable);
    // 150 minutes in the period at the plan's tiers: 1-100 at 0.10, 101-150 at 0.07 (nothing included).
    for (const [n, minutes] of [90, 60].entries()) {
      const used = await chargeUsage(
        kit.db,
        ledger,
        {
          agentAccountId: kit.ids.agent1,
          conversationId: `card-overage-${String(n)}`,
          usageKey: 'pstn-inbound-voice',
          quantity: minutes,
          eventKey: `card-overage:${String(n)}`,
        },
        0n,
      );
      expect(used.charged).toBe(0n);
    }

    const renewal = stripe.renewSubscription(subscriptionId, 'paid', signing);
    const answers = await stripe.deliver(renewal, webhookUrl);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

    const key = `overage:${String(kit.ids.acme)}:${periodKey}`;
    expect(stripe.invoiceItems).toHaveLength(1);
    expect(stripe.invoiceItems[0]).toMatchObject({
      customer: subscription?.customer,
      subscription: subscriptionId,
      amount: 1350,
      currency: 'usd',
      invoice: null,
      description: `Usage beyond the plan, billing period from ${periodKey.slice(7)}`,
    });
    const sent = stripe.requests.filter((request) => request.path === '/v1/invoiceitems');
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([key]);

    const transfers = await kit.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, key));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: usdToUnits('13.50'), kind: 'usage', status: 'posted' });
    expect(transfers[0]?.metadata).toMatchObject({
      invoiceItemId: stripe.invoiceItems[0]?.id,
      amountCents: 1350,
    });
    expect(await ledger.balance(receivable)).toBe(receivableBefore - usdToUnits('13.50'));
    // The card pays it: the wallet is not debited.
    expect(await ledger.balance(wallet())).toBe(walletBefore);

    // The renewal delivered again, and re-sent under a new event id: nothing more at Stripe or in the ledger.
    await stripe.deliver([renewal[0]!, resent(renewal[0]!)], webhookUrl);
    expect(stripe.invoiceItems).toHaveLength(1);
    expect(await ledger.balance(receivable)).toBe(receivableBefore - usdToUnits('13.50'));

    // Had the usage's mark been lost after Stripe answered, the redelivered renewal sends the same key again:
    // Stripe adds nothing and the ledger replays its transfer.
    await kit.db
      .update(usageCharges)
      .set({ transferId: null })
      .where(eq(usageCharges.billingMonth, periodKey));
    await stripe.deliver([renewal[0]!], webhookUrl);
    expect(stripe.requests.filter((request) => request.path === '/v1/invoiceitems')).toHaveLength(2);
    expect(stripe.invoiceItems).toHaveLength(1);
    expect(
      await kit.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key)),
    ).toHaveLength(1);
    expect(await ledger.balance(receivable)).toBe(receivableBefore - usdToUnits('13.50'));
  });

  it('bills the item on the next renewal’s invoice, beside the plan’s price', async () => {
    const next = stripe.renewSubscription(subscriptionId, 'paid', signing);
    const invoice = (JSON.parse(next[0]?.payload ?? '{}') as { data: { object: Record<string, unknown> } })
      .data.object;
    expect(invoice).toMatchObject({ amount_paid: 9900 + 1350 });
    expect(stripe.invoiceItems[0]?.invoice).toBe(invoice.id);
    await stripe.deliver(next, webhookUrl);
    // The period just ended had no usage: nothing new is added.
    expect(stripe.invoiceItems).toHaveLength(1);
  });

  it('refuses an invoice item for another customer’s subscription at the fake, as Stripe does', async () => {
    const answer = await fetch(`${stripe.url}/v1/invoiceitems`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        customer: stripe.subscriptions.get(subscriptionId)?.customer ?? '',
        subscription: 'sub_unknown',
        amount: '100',
        currency: 'usd',
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('No such subscription');
  });
});
