import { billingEndpoints as b } from '@switchboard/contract';
import { eq, ledgerTransfers } from '@switchboard/db';
import {
  stripeSignature,
  type DemoApp,
  type FakeStripeServer,
  type SignedInClient,
  type SignedStripeEvent,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeBillingApp, subscribeByCard, type StripeBillingApp } from './stripe-billing.test-support';
import { auditLedger, chargeUsage, usdToUnits, type Ledger } from '../ledger';
import type { InvoiceSnapshot } from '../../providers/payments/types';
import { settlePaidOverage } from './card-receivable.service';

const webhookSecret = 'whsec_card_receivable';
const signing = { secret: webhookSecret };

let billing: StripeBillingApp;
let stripe: FakeStripeServer;
let kit: DemoApp;
let acme: SignedInClient;
let ledger: Ledger;
let webhookUrl: string;
let subscriptionId = '';

beforeAll(async () => {
  billing = await startStripeBillingApp({ secretKey: 'sk_test_card_receivable', webhookSecret });
  ({ stripe, kit, ledger, webhookUrl } = billing);
  acme = await kit.signIn('acme');
  subscriptionId = await subscribeByCard(billing, acme);
});
afterAll(() => billing.close());

const receivable = { kind: 'platform' as const, name: 'card_receivable' as const };
const clearing = { kind: 'platform' as const, name: 'card_clearing' as const };

type Invoice = {
  id: string;
  lines: { data: { parent?: { invoice_item_details?: { invoice_item: string } } }[] };
};
const invoiceOf = (event: SignedStripeEvent | undefined) =>
  (JSON.parse(event?.payload ?? '{}') as { data: { object: Invoice } }).data.object;

/** The same event sent again by the provider under a new event id. */
function resent(event: SignedStripeEvent): SignedStripeEvent {
  const body = JSON.parse(event.payload) as { id: string };
  const payload = JSON.stringify({ ...body, id: `${body.id}_again` });
  return { payload, signature: stripeSignature(payload, webhookSecret, Math.floor(Date.now() / 1000)) };
}

/** Minutes of inbound calls in the current period, charged to the plan (nothing from the wallet). */
async function useMinutes(tag: string, minutes: number) {
  const used = await chargeUsage(
    kit.db,
    ledger,
    {
      agentAccountId: kit.ids.agent1,
      conversationId: `card-receivable-${tag}`,
      usageKey: 'pstn-inbound-voice',
      quantity: minutes,
      eventKey: `card-receivable:${tag}`,
    },
    0n,
  );
  expect(used.charged).toBe(0n);
}

/** The period now running, as the overage keys name it. */
const currentPeriodKey = () =>
  `period:${new Date((stripe.subscriptions.get(subscriptionId)?.periodStart ?? 0) * 1000).toISOString().slice(0, 10)}`;

const transfersUnder = (key: string) =>
  kit.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));

async function expectBalanced() {
  const audit = await auditLedger(kit.db);
  expect(audit.total).toBe(0n);
  expect(audit.mismatches).toBe(0);
}

describe('the card receivable settled by the paid invoice', () => {
  it('settles the overage once when the invoice carrying it is paid; replays settle nothing more', async () => {
    expect(subscriptionId).toMatch(/^sub_/);
    const periodKey = currentPeriodKey();
    const receivableBefore = await ledger.balance(receivable);
    const clearingBefore = await ledger.balance(clearing);
    // 150 minutes at the plan's tiers (1-100 at 0.10, 101-150 at 0.07): 13.50 on the next invoice.
    await useMinutes('a1', 90);
    await useMinutes('a2', 60);
    await stripe.deliver(stripe.renewSubscription(subscriptionId, 'paid', signing), webhookUrl);
    const item = stripe.invoiceItems.at(-1);
    expect(item).toMatchObject({ amount: 1350, invoice: null });
    expect(await ledger.balance(receivable)).toBe(receivableBefore - usdToUnits('13.50'));

    // The next renewal's invoice takes the item; paid, it settles the receivable from card clearing.
    const next = stripe.renewSubscription(subscriptionId, 'paid', signing);
    const invoice = invoiceOf(next[0]);
    expect(invoice.lines.data.map((line) => line.parent?.invoice_item_details?.invoice_item)).toContain(
      item?.id,
    );
    expect((await stripe.deliver(next, webhookUrl)).map((answer) => answer.status)).toEqual([200, 200]);
    const key = `overage-paid:${String(kit.ids.acme)}:${periodKey}`;
    const settled = await transfersUnder(key);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ amount: usdToUnits('13.50'), kind: 'payment', status: 'posted' });
    expect(settled[0]?.metadata).toMatchObject({
      invoiceId: invoice.id,
      invoiceItemId: item?.id,
      amountCents: 1350,
      overageKey: `overage:${String(kit.ids.acme)}:${periodKey}`,
    });
    expect(await ledger.balance(receivable)).toBe(receivableBefore);
    expect(await ledger.balance(clearing)).toBe(clearingBefore - usdToUnits('13.50'));

    // Delivered again, and re-sent under a new event id: nothing more.
    await stripe.deliver([next[0]!, resent(next[0]!)], webhookUrl);
    expect(await transfersUnder(key)).toHaveLength(1);
    expect(await ledger.balance(receivable)).toBe(receivableBefore);
    expect(await ledger.balance(clearing)).toBe(clearingBefore - usdToUnits('13.50'));
    await expectBalanced();
  });

  it('leaves the receivable open while the invoice fails for good, and settles it once when it is paid late', async () => {
    const periodKey = currentPeriodKey();
    const receivableBefore = await ledger.balance(receivable);
    const clearingBefore = await ledger.balance(clearing);
    // 60 minutes at 0.10: 6.00 on the next invoice.
    await useMinutes('b1', 60);
    await stripe.deliver(stripe.renewSubscription(subscriptionId, 'paid', signing), webhookUrl);
    const item = stripe.invoiceItems.at(-1);
    expect(item).toMatchObject({ amount: 600, invoice: null });
    expect(await ledger.balance(receivable)).toBe(receivableBefore - usdToUnits('6.00'));

    // The next invoice takes the item and fails through Stripe's retries: the organization is unpaid, still owing.
    const failed = stripe.renewSubscription(subscriptionId, 'failed', signing);
    const invoice = invoiceOf(failed[0]);
    expect(item?.invoice).toBe(invoice.id);
    await stripe.deliver(failed, webhookUrl);
    expect((await acme.call(b.currentPlan)).body.billing.status).toBe('unpaid');
    const key = `overage-paid:${String(kit.ids.acme)}:${periodKey}`;
    expect(await transfersUnder(key)).toHaveLength(0);
    expect(await ledger.balance(receivable)).toBe(receivableBefore - usdToUnits('6.00'));

    // Paid later (the same invoice): settled once; the failure delivered again afterwards changes nothing.
    const paid = stripe.payInvoice(invoice.id, signing);
    expect(invoiceOf(paid[0]).id).toBe(invoice.id);
    await stripe.deliver(paid, webhookUrl);
    expect((await acme.call(b.currentPlan)).body.billing.status).toBe('active');
    await stripe.deliver([failed[0]!, paid[0]!, resent(paid[0]!)], webhookUrl);
    const settled = await transfersUnder(key);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ amount: usdToUnits('6.00'), kind: 'payment' });
    expect(settled[0]?.metadata).toMatchObject({ invoiceId: invoice.id, invoiceItemId: item?.id });
    expect(await ledger.balance(receivable)).toBe(receivableBefore);
    expect(await ledger.balance(clearing)).toBe(clearingBefore - usdToUnits('6.00'));
    await expectBalanced();
  });

  it('settles only the items whose metadata name the paying organization and a period', async () => {
    const invoice: InvoiceSnapshot = {
      id: 'in_other_organization',
      subscriptionId,
      customerId: null,
      accountId: kit.ids.acme,
      status: 'paid',
      amountDueCents: 500,
      amountPaidCents: 500,
      currency: 'usd',
      attemptCount: 1,
      nextPaymentAttempt: null,
      periodStart: null,
      periodEnd: null,
      hostedUrl: null,
      billingReason: 'manual',
      items: [
        {
          invoiceItemId: 'ii_other',
          amountCents: 500,
          metadata: { accountId: String(kit.ids.globex), periodKey: 'period:2026-01-01' },
        },
        { invoiceItemId: 'ii_not_ours', amountCents: 500, metadata: {} },
        {
          invoiceItemId: 'ii_ours',
          amountCents: 250,
          metadata: { accountId: String(kit.ids.acme), periodKey: 'period:2026-01-01' },
        },
      ],
    };
    const settled = await settlePaidOverage(
      { ledger, logger: kit.app.log, provider: 'stripe' },
      kit.ids.acme,
      invoice,
    );
    expect(settled).toMatchObject([{ invoiceItemId: 'ii_ours', amountCents: 250, replayed: false }]);
    expect(await transfersUnder(`overage-paid:${String(kit.ids.globex)}:period:2026-01-01`)).toHaveLength(0);
    const ours = await transfersUnder(`overage-paid:${String(kit.ids.acme)}:period:2026-01-01`);
    expect(ours.map((transfer) => transfer.amount)).toEqual([usdToUnits('2.50')]);
  });
});
