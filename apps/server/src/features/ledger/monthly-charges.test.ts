import { startApp, type DemoApp } from '@switchboard/testing';
import { eq, ilike, ledgerTransfers, planAssignments, pricePlans, sql, usageCharges } from '@switchboard/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../accounts/accounts.repo';
import { createChildAccount } from '../accounts/accounts.service';
import {
  billingPeriod,
  createLedger,
  describeMonthlyItem,
  itemsDue,
  monthlyEventKey,
  sweepMonthlyCharges,
  usdToUnits,
  type Ledger,
} from './index';

const usd = usdToUnits;
const wallet = (accountId: number) => ({ kind: 'wallet' as const, accountId });
/** A month far from the one the test runs in, so charges made when the demo was set up do not count. */
const november = new Date('2031-11-02T00:05:00Z');

describe('monthly charges for numbers and agents', () => {
  let t: DemoApp;
  let ledger: Ledger;
  beforeAll(async () => {
    t = await startApp();
    ledger = createLedger(t.db);
  });
  afterAll(() => t.close());

  const monthlyTransfers = (period: string) =>
    t.db
      .select()
      .from(ledgerTransfers)
      .where(ilike(ledgerTransfers.idempotencyKey, `monthly:%:${period}`));

  it('names each line so a person understands it', () => {
    expect(describeMonthlyItem({ usageKey: 'us-number', label: '+14155550101' }, '2026-11')).toBe(
      'Phone number +1 415 555 0101, November 2026',
    );
    expect(describeMonthlyItem({ usageKey: 'byo-number', label: '+442071838750' }, '2027-01')).toBe(
      'Brought phone number +442071838750, January 2027',
    );
    expect(describeMonthlyItem({ usageKey: 'agents', label: 'Front desk' }, '2026-02')).toBe(
      'Agent Front desk, February 2026',
    );
  });

  it('charges every held number and agent once for the month, from its organization, however often it runs', async () => {
    const due = await itemsDue(t.db, '2031-11');
    const acmeItems = due.filter((item) => [t.ids.agent1, t.ids.agent2].includes(item.agentAccountId));
    expect(acmeItems.filter((item) => item.kind === 'agent')).toHaveLength(2);
    const price = { 'us-number': usd('1.50'), 'byo-number': usd('0.50'), agents: usd('10.00') };
    const expected = acmeItems.reduce((sum, item) => sum + price[item.usageKey], 0n);
    const before = await ledger.balance(wallet(t.ids.acme));
    await ledger.transfer({
      idempotencyKey: 'monthly-test-top-up-globex-november',
      from: { kind: 'platform', name: 'card_clearing' },
      to: wallet(t.ids.globex),
      amount: usd('20'),
      kind: 'top_up',
      reason: 'Card top-up',
    });

    // Two processes sweeping at once, then a rerun the next day: each item of the month posts exactly once.
    const [first, second] = await Promise.all([
      sweepMonthlyCharges(t.db, ledger, november),
      sweepMonthlyCharges(t.db, ledger, november),
    ]);
    expect(first.period).toBe('2031-11');
    expect(first.charged + second.charged).toBeGreaterThanOrEqual(due.length);
    const rerun = await sweepMonthlyCharges(t.db, ledger, new Date('2031-11-03T00:05:00Z'));
    expect(rerun).toEqual({ period: '2031-11', charged: 0, owed: 0, unmetered: 0 });

    expect(before - (await ledger.balance(wallet(t.ids.acme)))).toBe(expected);
    const transfers = await monthlyTransfers('2031-11');
    expect(transfers).toHaveLength(due.length);
    const agentLine = transfers.find((row) => row.idempotencyKey === `monthly:agent:${t.ids.agent1}:2031-11`);
    expect(agentLine).toMatchObject({ kind: 'fee', amount: usd('10.00') });
    expect(agentLine?.reason).toMatch(/^Agent .+, November 2031$/);
    const numberLine = transfers.find((row) => row.idempotencyKey.startsWith('monthly:number:'));
    expect(numberLine?.reason).toMatch(/^Phone number \+1 \d{3} \d{3} \d{4}, November 2031$/);
    const history = await ledger.history(t.ids.acme, { limit: 20, kinds: ['fee'] });
    expect(history.map((line) => line.reason)).toContain(agentLine?.reason);
  });

  it('records a charge the wallet cannot pay as owed, never below zero, and collects it after a top-up', async () => {
    const globex = t.ids.globex;
    // Acme can pay its own months; Globex cannot.
    await ledger.transfer({
      idempotencyKey: 'monthly-test-top-up-acme',
      from: { kind: 'platform', name: 'card_clearing' },
      to: wallet(t.ids.acme),
      amount: usd('200'),
      kind: 'top_up',
      reason: 'Card top-up',
    });
    await ledger.transfer({
      idempotencyKey: 'monthly-test-drain-globex',
      from: wallet(globex),
      to: { kind: 'platform', name: 'usage' },
      amount: await ledger.balance(wallet(globex)),
      kind: 'correction',
      reason: 'Emptied for the test',
    });
    const december = new Date('2031-12-01T00:05:00Z');
    const swept = await sweepMonthlyCharges(t.db, ledger, december);
    expect(swept.owed).toBeGreaterThanOrEqual(1);
    expect(await ledger.balance(wallet(globex))).toBe(0n);
    const key = monthlyEventKey({ kind: 'agent', itemId: t.ids.agent3 }, '2031-12');
    const [owed] = await t.db.select().from(usageCharges).where(eq(usageCharges.eventKey, key));
    expect(owed).toMatchObject({ amount: usd('10.00'), transferId: null, payerAccountId: globex });

    await ledger.transfer({
      idempotencyKey: 'monthly-test-top-up-globex',
      from: { kind: 'platform', name: 'card_clearing' },
      to: wallet(globex),
      amount: usd('50'),
      kind: 'top_up',
      reason: 'Card top-up',
    });
    // The next month's first sweep collects December's owed charge as well as January's.
    const january = await sweepMonthlyCharges(t.db, ledger, new Date('2032-01-01T00:05:00Z'));
    expect(january.owed).toBe(0);
    const [collected] = await t.db.select().from(usageCharges).where(eq(usageCharges.eventKey, key));
    expect(collected?.transferId).not.toBeNull();
    const [line] = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
    expect(line?.reason).toBe('Agent Globex Reception, December 2031');
    const globexDue = (await itemsDue(t.db, '2032-01', t.ids.agent3)).length;
    expect(globexDue).toBe(0);
  });

  it('charges the first month when an agent is created, at the tier of the organization’s nth agent', async () => {
    await t.db.insert(pricePlans).values({
      id: 'pplan-monthly-tiers',
      name: 'Tiered agents',
      isDefault: false,
      productItems: {
        agents: {
          type: 'recurring',
          unit: 'agent',
          pricing: [
            { quantityMin: 1, quantityMax: 1, price: '20.00' },
            { quantityMin: 2, quantityMax: null, price: '5.00' },
          ],
        },
      },
    });
    const reseller = await findAccount(t.db, t.ids.reseller);
    if (!reseller) throw new Error('no demo reseller');
    const organization = await createChildAccount(t.db, {
      type: 'organization',
      parent: reseller,
      name: 'Tiered Dental',
    });
    await t.db.insert(planAssignments).values({ accountId: organization.id, planId: 'pplan-monthly-tiers' });
    await ledger.transfer({
      idempotencyKey: `monthly-test-top-up-${organization.id}`,
      from: { kind: 'platform', name: 'card_clearing' },
      to: wallet(organization.id),
      amount: usd('100'),
      kind: 'top_up',
      reason: 'Card top-up',
    });
    const first = await createChildAccount(t.db, { type: 'agent', parent: organization, name: 'Desk One' });
    const second = await createChildAccount(t.db, { type: 'agent', parent: organization, name: 'Desk Two' });
    const period = billingPeriod(new Date());
    const lines = await t.db
      .select()
      .from(ledgerTransfers)
      .where(ilike(ledgerTransfers.idempotencyKey, `monthly:agent:%:${period}`));
    const lineOf = (id: number) =>
      lines.find((row) => row.idempotencyKey === `monthly:agent:${id}:${period}`);
    expect(lineOf(first.id)).toMatchObject({ amount: usd('20.00'), kind: 'fee' });
    expect(lineOf(second.id)).toMatchObject({ amount: usd('5.00') });
    expect(lineOf(second.id)?.reason).toMatch(/^Agent Desk Two, \w+ \d{4}$/);
    expect(await ledger.balance(wallet(organization.id))).toBe(usd('75'));
    // The sweep later in the month finds nothing more to charge for them.
    expect(await itemsDue(t.db, period, first.id)).toEqual([]);
  });

  it('never charges an organization without a plan', async () => {
    const reseller = await findAccount(t.db, t.ids.reseller);
    if (!reseller) throw new Error('no demo reseller');
    const organization = await createChildAccount(t.db, {
      type: 'organization',
      parent: reseller,
      name: 'Unplanned Bakery',
    });
    const agent = await createChildAccount(t.db, {
      type: 'agent',
      parent: organization,
      name: 'Bakery Desk',
    });
    const swept = await sweepMonthlyCharges(t.db, ledger, new Date('2031-11-20T00:05:00Z'));
    expect(swept.unmetered).toBeGreaterThanOrEqual(1);
    const charges = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageCharges)
      .where(eq(usageCharges.accountId, agent.id));
    expect(charges[0]?.n).toBe(0);
    expect(await ledger.balance(wallet(organization.id))).toBe(0n);
  });
});
