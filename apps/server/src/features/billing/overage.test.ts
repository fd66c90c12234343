import {
  and,
  eq,
  ledgerTransfers,
  organizationBilling,
  planAssignments,
  pricePlans,
  usageCharges,
} from '@switchboard/db';
import { startApp, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../providers/payments/types';
import { chargeUsage, createLedger, usdToUnits, type Ledger } from '../ledger';
import { applySubscriptionEvent } from './subscription-events';

let kit: DemoApp;
let ledger: Ledger;
const planId = 'pplan-overage-test';
const periodStart = new Date(Date.UTC(2026, 9, 5, 14, 30));
const renewedAt = new Date(Date.UTC(2026, 10, 5, 14, 30));
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const wallet = () => ({ kind: 'wallet' as const, accountId: kit.ids.globex });

beforeAll(async () => {
  kit = await startApp();
  ledger = createLedger(kit.db);
  await kit.db.insert(pricePlans).values({
    id: planId,
    name: 'Overage test',
    productItems: {
      'pstn-inbound-voice': {
        type: 'usage',
        unit: 'minute',
        included: 100,
        pricing: [
          { quantityMin: 1, quantityMax: 150, price: '0.12' },
          { quantityMin: 151, quantityMax: 300, price: '0.10' },
          { quantityMin: 301, quantityMax: null, price: '0.08' },
        ],
      },
      'gpt4o-input-tokens': {
        type: 'usage',
        unit: 'token',
        pricing: [
          { quantityMin: 1, quantityMax: 1000, price: '0.000003' },
          { quantityMin: 1001, quantityMax: null, price: '0.000002' },
        ],
      },
    },
  });
  await kit.db
    .insert(planAssignments)
    .values({ accountId: kit.ids.globex, planId })
    .onConflictDoUpdate({ target: planAssignments.accountId, set: { planId } });
  await kit.db.insert(organizationBilling).values({
    accountId: kit.ids.globex,
    productPlanId: planId,
    term: 'month',
    provider: 'sandbox',
    subscriptionId: 'sub_sandbox_overage',
    customerId: 'cus_sandbox_overage',
    status: 'active',
    currentPeriodStart: periodStart,
    currentPeriodEnd: renewedAt,
    subscribedAt: periodStart,
    stateEventAt: seconds(periodStart),
  });
});
afterAll(() => kit.close());

const use = (usageKey: string, quantity: number, n: number) =>
  chargeUsage(
    kit.db,
    ledger,
    {
      agentAccountId: kit.ids.agent3,
      conversationId: `overage-${String(n)}`,
      usageKey,
      quantity,
      eventKey: `overage-test:${String(n)}`,
    },
    0n,
  );

function renewal(id: string): PaymentEvent {
  return {
    id,
    type: 'invoice.paid',
    created: seconds(renewedAt),
    session: null,
    subscription: null,
    invoice: {
      id: 'in_sandbox_overage_renewal',
      subscriptionId: 'sub_sandbox_overage',
      customerId: 'cus_sandbox_overage',
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

const overageTransfers = () =>
  kit.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.idempotencyKey, `overage:${String(kit.ids.globex)}:period:2026-10-05`)));

describe('overage at renewal', () => {
  it('charges nothing while the period runs, then the usage above the included amounts once, across tiers', async () => {
    const before = await ledger.balance(wallet());
    // 350 minutes in three calls (the first 100 included), and 2,500 tokens (none included).
    expect((await use('pstn-inbound-voice', 120, 1)).charged).toBe(0n);
    expect((await use('pstn-inbound-voice', 100, 2)).charged).toBe(0n);
    expect((await use('pstn-inbound-voice', 130, 3)).charged).toBe(0n);
    expect((await use('gpt4o-input-tokens', 2500, 4)).charged).toBe(0n);
    expect(await ledger.balance(wallet())).toBe(before);
    const rows = await kit.db
      .select()
      .from(usageCharges)
      .where(eq(usageCharges.payerAccountId, kit.ids.globex));
    expect(new Set(rows.map((row) => row.billingMonth))).toEqual(new Set(['period:2026-10-05']));

    const logger = kit.app.log;
    const first = await applySubscriptionEvent(
      { db: kit.db, logger, provider: 'sandbox' },
      renewal('evt_renewal_1'),
    );
    expect(first.outcome).toBe('paid');
    // Minutes 101-150 at 0.12, 151-300 at 0.10, 301-350 at 0.08; tokens 1-1000 at 0.000003, 1001-2500 at 0.000002.
    const expected =
      usdToUnits('0.12') * 50n +
      usdToUnits('0.10') * 150n +
      usdToUnits('0.08') * 50n +
      usdToUnits('0.000003') * 1000n +
      usdToUnits('0.000002') * 1500n;
    expect(expected).toBe(usdToUnits('25.006'));
    expect(await ledger.balance(wallet())).toBe(before - expected);
    const [transfer] = await overageTransfers();
    expect(transfer?.amount).toBe(expected);

    // The same renewal delivered again, and re-sent under a new event id: nothing more.
    await applySubscriptionEvent({ db: kit.db, logger, provider: 'sandbox' }, renewal('evt_renewal_1'));
    await applySubscriptionEvent({ db: kit.db, logger, provider: 'sandbox' }, renewal('evt_renewal_2'));
    expect(await ledger.balance(wallet())).toBe(before - expected);
    expect(await overageTransfers()).toHaveLength(1);
  });

  it('rates the new period from its first unit again, its included minutes free', async () => {
    const before = await ledger.balance(wallet());
    expect((await use('pstn-inbound-voice', 90, 5)).charged).toBe(0n);
    const [row] = await kit.db.select().from(usageCharges).where(eq(usageCharges.eventKey, 'overage-test:5'));
    expect(row).toMatchObject({ billingMonth: 'period:2026-11-05', amount: 0n, transferId: null });
    expect(await ledger.balance(wallet())).toBe(before);
  });
});
