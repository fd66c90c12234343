import { billingEndpoints as b, usageEndpoints as u, walletEndpoints as w } from '@switchboard/contract';
import {
  eq,
  ilike,
  ledgerTransfers,
  organizationBilling,
  planAssignments,
  pricePlans,
  usageCharges,
} from '@switchboard/db';
import {
  createReseller,
  stripeSignature,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
  type SignedStripeEvent,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../providers/payments/types';
import { auditLedger, chargeUsage, usdToUnits as usd, type Ledger } from '../ledger';
import { settlePaidOverage } from './card-receivable.service';
import { applySubscriptionEvent } from './subscription-events';
import { startStripeBillingApp, type StripeBillingApp } from './stripe-billing.test-support';

const webhookSecret = 'whsec_overage_resale';
const signing = { secret: webhookSecret };

let billing: StripeBillingApp;
let stripe: FakeStripeServer;
let kit: DemoApp;
let ledger: Ledger;
let acme: SignedInClient;
let sibling: SignedInClient;
let siblingId: number;
let webhookUrl: string;
let subscriptionId = '';

const periodStart = new Date(Date.UTC(2026, 9, 5, 14, 30));
const renewedAt = new Date(Date.UTC(2026, 10, 5, 14, 30));
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const tiers = (...prices: [number, number | null, string][]) =>
  prices.map(([quantityMin, quantityMax, price]) => ({ quantityMin, quantityMax, price }));
const items = (voice: object[], tokens: object[], included?: number) => ({
  'pstn-inbound-voice': { type: 'usage', unit: 'minute', pricing: voice, ...(included ? { included } : {}) },
  'gpt4o-input-tokens': { type: 'usage', unit: 'token', pricing: tokens },
});

beforeAll(async () => {
  billing = await startStripeBillingApp({ secretKey: 'sk_test_overage_resale', webhookSecret });
  ({ stripe, kit, ledger, webhookUrl } = billing);
  let partner: SignedInClient;
  ({ acme, partner } = await kit.signInEach('acme', 'partner'));
  siblingId = (await createReseller(partner, { name: 'Sibling Seller', email: 'owner@sibling-overage.test' }))
    .id;
  sibling = await kit.signIn('owner@sibling-overage.test');
  // The platform's price for the partner, the partner's wholesale price for the reseller, the reseller's retail plan.
  await kit.db.insert(pricePlans).values([
    {
      id: 'pplan-overage-platform-rate',
      name: 'Platform rate',
      productItems: items(tiers([1, 250, '0.03'], [251, null, '0.02']), tiers([1, null, '0.000001'])),
    },
    {
      id: 'pplan-overage-wholesale',
      name: 'Wholesale',
      ownerAccountId: kit.ids.partner,
      productItems: items(tiers([1, 200, '0.05'], [201, null, '0.04']), tiers([1, null, '0.0000015'])),
    },
    {
      id: 'pplan-overage-retail',
      name: 'Retail with minutes',
      ownerAccountId: kit.ids.reseller,
      productItems: items(
        tiers([1, 150, '0.12'], [151, 300, '0.10'], [301, null, '0.08']),
        tiers([1, 1000, '0.000003'], [1001, null, '0.000002']),
        100,
      ),
    },
  ]);
  await kit.db.insert(planAssignments).values([
    { accountId: kit.ids.partner, planId: 'pplan-overage-platform-rate' },
    { accountId: kit.ids.reseller, planId: 'pplan-overage-wholesale' },
  ]);
});
afterAll(() => billing.close());

const wallet = (accountId: number) => ({ kind: 'wallet' as const, accountId });
const platform = (name: 'usage' | 'card_receivable' | 'card_deferred' | 'card_clearing') =>
  ({ kind: 'platform', name }) as const;
async function balances(organizationId: number) {
  return {
    organization: await ledger.balance(wallet(organizationId)),
    reseller: await ledger.balance(wallet(kit.ids.reseller)),
    partner: await ledger.balance(wallet(kit.ids.partner)),
    sibling: await ledger.balance(wallet(siblingId)),
    platform: await ledger.balance(platform('usage')),
    receivable: await ledger.balance(platform('card_receivable')),
    deferred: await ledger.balance(platform('card_deferred')),
    clearing: await ledger.balance(platform('card_clearing')),
  };
}
type Balances = Awaited<ReturnType<typeof balances>>;
const moved = (before: Balances, after: Balances) =>
  Object.fromEntries(
    Object.entries(after).map(([name, value]) => [name, value - before[name as keyof Balances]]),
  ) as Balances;
const nothing: Balances = {
  organization: 0n,
  reseller: 0n,
  partner: 0n,
  sibling: 0n,
  platform: 0n,
  receivable: 0n,
  deferred: 0n,
  clearing: 0n,
};

const use = (agentAccountId: number, usageKey: string, quantity: number, eventKey: string) =>
  chargeUsage(kit.db, ledger, { agentAccountId, conversationId: eventKey, usageKey, quantity, eventKey }, 0n);

const legsUnder = async (prefix: string) =>
  (
    await kit.db
      .select({
        key: ledgerTransfers.idempotencyKey,
        kind: ledgerTransfers.kind,
        amount: ledgerTransfers.amount,
      })
      .from(ledgerTransfers)
      .where(ilike(ledgerTransfers.idempotencyKey, `${prefix}%`))
  ).sort((x, y) => x.key.localeCompare(y.key));

async function expectBalanced() {
  expect(await auditLedger(kit.db)).toMatchObject({ total: 0n, mismatches: 0 });
}

/** The sibling reseller: its wallet unchanged and empty, the resold organization and the reseller out of reach. */
async function expectSiblingSeesNothing() {
  const own = await sibling.call(w.recentTransactions);
  expect(own.status, own.text).toBe(200);
  expect(own.body.transactions).toEqual([]);
  for (const targetAccountId of [kit.ids.reseller, kit.ids.globex, kit.ids.acme]) {
    expect([403, 404]).toContain((await sibling.call(w.recentTransactions, { targetAccountId })).status);
    expect([403, 404]).toContain((await sibling.call(u.usageStats, { targetAccountId })).status);
  }
}

function sandboxRenewal(id: string): PaymentEvent {
  return {
    id,
    type: 'invoice.paid',
    created: seconds(renewedAt),
    session: null,
    subscription: null,
    invoice: {
      id: 'in_sandbox_resale_renewal',
      subscriptionId: 'sub_sandbox_resale',
      customerId: 'cus_sandbox_resale',
      accountId: kit.ids.globex,
      status: 'paid',
      amountDueCents: 4900,
      amountPaidCents: 4900,
      currency: 'usd',
      attemptCount: 1,
      nextPaymentAttempt: null,
      periodStart: seconds(renewedAt),
      periodEnd: seconds(new Date(Date.UTC(2026, 11, 5, 14, 30))),
      hostedUrl: null,
      billingReason: 'subscription_cycle',
      items: [],
    },
  };
}

describe('resold overage from the wallet', () => {
  it('posts the organization’s retail overage and every seller’s margin in one set, once', async () => {
    await kit.db
      .insert(planAssignments)
      .values({ accountId: kit.ids.globex, planId: 'pplan-overage-retail' })
      .onConflictDoUpdate({ target: planAssignments.accountId, set: { planId: 'pplan-overage-retail' } });
    await kit.db.insert(organizationBilling).values({
      accountId: kit.ids.globex,
      productPlanId: 'pplan-overage-retail',
      term: 'month',
      provider: 'sandbox',
      subscriptionId: 'sub_sandbox_resale',
      customerId: 'cus_sandbox_resale',
      status: 'active',
      currentPeriodStart: periodStart,
      currentPeriodEnd: renewedAt,
      subscribedAt: periodStart,
      stateEventAt: seconds(periodStart),
    });
    const before = await balances(kit.ids.globex);
    // 350 minutes (the first 100 included) and 2,500 tokens: nothing moves while the period runs.
    for (const [n, minutes] of [120, 100, 130].entries())
      expect(
        (await use(kit.ids.agent3, 'pstn-inbound-voice', minutes, `resale-overage:${String(n)}`)).charged,
      ).toBe(0n);
    expect((await use(kit.ids.agent3, 'gpt4o-input-tokens', 2500, 'resale-overage:tokens')).charged).toBe(0n);
    expect(moved(before, await balances(kit.ids.globex))).toEqual(nothing);

    const deps = { db: kit.db, logger: kit.app.log, provider: 'sandbox' };
    expect((await applySubscriptionEvent(deps, sandboxRenewal('evt_resale_renewal_1'))).outcome).toBe('paid');
    // Retail: minutes 101-150 at 0.12, 151-300 at 0.10, 301-350 at 0.08; tokens 1-1000 at 0.000003, then 0.000002.
    // Wholesale (the reseller's cost) for the same units: minutes 101-200 at 0.05, 201-350 at 0.04; tokens 0.0000015.
    // The platform's price (the partner's cost): minutes 101-250 at 0.03, 251-350 at 0.02; tokens 0.000001.
    const retail = usd('6.00') + usd('15.00') + usd('4.00') + usd('0.003') + usd('0.003');
    const wholesale = usd('5.00') + usd('6.00') + usd('0.00375');
    const platformCost = usd('4.50') + usd('2.00') + usd('0.0025');
    const after = await balances(kit.ids.globex);
    expect(moved(before, after)).toEqual({
      ...nothing,
      organization: -usd('25.006'),
      reseller: usd('14.00225'),
      partner: usd('4.50125'),
      platform: usd('6.5025'),
    });
    expect(retail - wholesale).toBe(usd('14.00225'));
    expect(wholesale - platformCost).toBe(usd('4.50125'));
    const key = `overage:${String(kit.ids.globex)}:period:2026-10-05`;
    expect(await legsUnder(key)).toEqual([
      { key, kind: 'usage', amount: retail },
      { key: `${key}:wholesale:${String(kit.ids.partner)}`, kind: 'wholesale', amount: platformCost },
      { key: `${key}:wholesale:${String(kit.ids.reseller)}`, kind: 'wholesale', amount: wholesale },
    ]);

    // Delivered again, re-sent under a new event id, and once more with the period's mark lost: nothing more.
    await applySubscriptionEvent(deps, sandboxRenewal('evt_resale_renewal_1'));
    await applySubscriptionEvent(deps, sandboxRenewal('evt_resale_renewal_2'));
    await kit.db
      .update(usageCharges)
      .set({ transferId: null })
      .where(eq(usageCharges.payerAccountId, kit.ids.globex));
    await applySubscriptionEvent(deps, sandboxRenewal('evt_resale_renewal_3'));
    expect(await balances(kit.ids.globex)).toEqual(after);
    expect(await legsUnder(key)).toHaveLength(3);
    await expectBalanced();
    await expectSiblingSeesNothing();
  });
});

const invoiceOf = (event: SignedStripeEvent | undefined) =>
  (JSON.parse(event?.payload ?? '{}') as { data: { object: { id: string } } }).data.object;

function resent(event: SignedStripeEvent): SignedStripeEvent {
  const body = JSON.parse(event.payload) as { id: string };
  const payload = JSON.stringify({ ...body, id: `${body.id}_again` });
  return { payload, signature: stripeSignature(payload, webhookSecret, Math.floor(Date.now() / 1000)) };
}

describe('resold overage on the card invoice', () => {
  it('holds the sellers’ shares while the invoice is unpaid and posts them, in cents, once it is paid', async () => {
    const start = await acme.call(b.subscribe, {
      body: {
        productPlanId: 'pplan-demo-123',
        cancelUrl: 'https://app.test/payment/cancel',
        successUrl: 'https://app.test/payment/success',
      },
    });
    expect(start.status, start.text).toBe(200);
    await stripe.deliver(stripe.completeSubscriptionCheckout(start.body.sessionId, signing), webhookUrl);
    subscriptionId = (await acme.call(b.currentPlan)).body.billing.subscriptionId ?? '';
    expect(subscriptionId).toMatch(/^sub_/);
    const periodKey = `period:${new Date((stripe.subscriptions.get(subscriptionId)?.periodStart ?? 0) * 1000).toISOString().slice(0, 10)}`;
    const before = await balances(kit.ids.acme);
    // The reseller's plan for acme: minutes 1-100 at 0.10, 101-150 at 0.07 (13.50); 2,000 tokens at 0.0000025.
    await use(kit.ids.agent1, 'pstn-inbound-voice', 90, 'card-resale:1');
    await use(kit.ids.agent1, 'pstn-inbound-voice', 60, 'card-resale:2');
    await use(kit.ids.agent1, 'gpt4o-input-tokens', 2000, 'card-resale:3');
    const renewal = stripe.renewSubscription(subscriptionId, 'paid', signing);
    await stripe.deliver(renewal, webhookUrl);
    // 13.505 retail rounds to 13.51 on the invoice; the ledger holds it owed by the card, no seller paid yet.
    expect(stripe.invoiceItems.at(-1)).toMatchObject({ amount: 1351, invoice: null });
    const owed = await balances(kit.ids.acme);
    expect(moved(before, owed)).toEqual({ ...nothing, receivable: -usd('13.51'), deferred: usd('13.51') });

    // The invoice carrying it fails for good: still nothing for the sellers.
    const failed = stripe.renewSubscription(subscriptionId, 'failed', signing);
    await stripe.deliver(failed, webhookUrl);
    expect((await acme.call(b.currentPlan)).body.billing.status).toBe('unpaid');
    expect(await balances(kit.ids.acme)).toEqual(owed);

    // Paid late: the payment and the split post together, each part in whole cents, summing to the charge.
    const payment = stripe.payInvoice(invoiceOf(failed[0]).id, signing);
    await stripe.deliver(payment, webhookUrl);
    const paid = await balances(kit.ids.acme);
    // Wholesale 150 minutes at 0.05 + tokens at 0.0000015 = 7.503 → 7.50; the platform's 4.50 + 0.002 → 4.50.
    expect(moved(before, paid)).toEqual({
      ...nothing,
      reseller: usd('13.51') - usd('7.50'),
      partner: usd('7.50') - usd('4.50'),
      platform: usd('4.50'),
      clearing: -usd('13.51'),
    });
    const key = `overage-paid:${String(kit.ids.acme)}:${periodKey}`;
    expect(await legsUnder(key)).toEqual([
      { key, kind: 'payment', amount: usd('13.51') },
      { key: `${key}:retail`, kind: 'usage', amount: usd('13.51') },
      { key: `${key}:wholesale:${String(kit.ids.partner)}`, kind: 'wholesale', amount: usd('4.50') },
      { key: `${key}:wholesale:${String(kit.ids.reseller)}`, kind: 'wholesale', amount: usd('7.50') },
    ]);

    // Every event again, and re-sent: nothing more at Stripe or in the ledger.
    await stripe.deliver(
      [renewal[0]!, resent(renewal[0]!), failed[0]!, ...payment, resent(payment[0]!)],
      webhookUrl,
    );
    expect(stripe.invoiceItems.filter((item) => item.amount === 1351)).toHaveLength(1);
    expect(await balances(kit.ids.acme)).toEqual(paid);
    expect(await legsUnder(key)).toHaveLength(4);
    await expectBalanced();
    await expectSiblingSeesNothing();
  });

  it('splits once when the payment is recorded before the receivable (events out of order)', async () => {
    const periodKey = `period:${new Date((stripe.subscriptions.get(subscriptionId)?.periodStart ?? 0) * 1000).toISOString().slice(0, 10)}`;
    const before = await balances(kit.ids.acme);
    await use(kit.ids.agent1, 'pstn-inbound-voice', 60, 'card-resale:4');
    // The payment of the item (6.00) arrives first: it settles the card, and nobody is paid a share yet.
    const early = await settlePaidOverage({ ledger, logger: kit.app.log, provider: 'stripe' }, kit.ids.acme, {
      id: 'in_early',
      subscriptionId,
      customerId: null,
      accountId: kit.ids.acme,
      status: 'paid',
      amountDueCents: 600,
      amountPaidCents: 600,
      currency: 'usd',
      attemptCount: 1,
      nextPaymentAttempt: null,
      periodStart: null,
      periodEnd: null,
      hostedUrl: null,
      billingReason: 'manual',
      items: [
        {
          invoiceItemId: 'ii_early',
          amountCents: 600,
          metadata: { accountId: String(kit.ids.acme), periodKey },
        },
      ],
    });
    expect(early).toMatchObject([{ amountCents: 600, replayed: false }]);
    expect(moved(before, await balances(kit.ids.acme))).toEqual({
      ...nothing,
      receivable: usd('6.00'),
      clearing: -usd('6.00'),
    });
    // The renewal then posts the receivable and, the payment being in, the split: 60 minutes at 0.10, 0.05, 0.03.
    const renewal = stripe.renewSubscription(subscriptionId, 'paid', signing);
    await stripe.deliver([...renewal, ...renewal], webhookUrl);
    const after = await balances(kit.ids.acme);
    expect(moved(before, after)).toEqual({
      ...nothing,
      reseller: usd('3.00'),
      partner: usd('1.20'),
      platform: usd('1.80'),
      clearing: -usd('6.00'),
    });
    expect(await legsUnder(`overage-paid:${String(kit.ids.acme)}:${periodKey}`)).toHaveLength(4);
    await expectBalanced();
  });
});
