import { usageEndpoints as u } from '@switchboard/contract';
import { organizationBilling, usageCharges } from '@switchboard/db';
import {
  createOrganization,
  createReseller,
  startApp,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usdToUnits } from '../ledger';
import { counterOf } from './usage-stats.service';

let kit: DemoApp;
let people: Record<'acme' | 'globex' | 'reseller' | 'partner' | 'agent1', SignedInClient>;
let siblingOrgId: number;

const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const previousMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
const day = (at: Date) => at.toISOString().slice(0, 10);
let made = 0;

async function used(input: {
  agent: number;
  payer: number;
  key: string;
  quantity: number;
  price: string;
  at: Date;
}) {
  made += 1;
  await kit.db.insert(usageCharges).values({
    eventKey: `usage-stats-test:${String(made)}`,
    accountId: input.agent,
    payerAccountId: input.payer,
    usageKey: input.key,
    quantity: input.quantity,
    amount: usdToUnits(input.price) * BigInt(input.quantity),
    planId: 'pplan-basic-monthly',
    billingMonth: input.at.toISOString().slice(0, 7),
    createdAt: input.at,
  });
}

beforeAll(async () => {
  kit = await startApp();
  people = await kit.signInEach('acme', 'globex', 'reseller', 'partner', 'agent1');
  const sibling = await createReseller(people.partner, { name: 'Sibling Reseller' });
  siblingOrgId = (await createOrganization(people.partner, { name: 'Sibling Org', resellerId: sibling.id }))
    .id;
  const { acme, globex, agent1, agent2, agent3 } = kit.ids;
  const early = monthStart;
  const late = new Date(now.getTime() - 1000);
  await used({
    agent: agent1,
    payer: acme,
    key: 'pstn-inbound-voice',
    quantity: 3,
    price: '0.12',
    at: early,
  });
  await used({
    agent: agent1,
    payer: acme,
    key: 'gpt4o-input-tokens',
    quantity: 1200,
    price: '0.0000025',
    at: early,
  });
  await used({
    agent: agent2,
    payer: acme,
    key: 'sms-outbound-message',
    quantity: 2,
    price: '0.01',
    at: late,
  });
  await used({
    agent: agent2,
    payer: acme,
    key: 'sms-inbound-message',
    quantity: 1,
    price: '0.01',
    at: late,
  });
  await used({
    agent: agent1,
    payer: acme,
    key: 'pstn-outbound-voice',
    quantity: 5,
    price: '0.12',
    at: previousMonth,
  });
  await used({
    agent: agent3,
    payer: globex,
    key: 'pstn-inbound-voice',
    quantity: 7,
    price: '0.10',
    at: late,
  });
  await used({
    agent: siblingOrgId,
    payer: siblingOrgId,
    key: 'pstn-inbound-voice',
    quantity: 11,
    price: '0.10',
    at: late,
  });
});
afterAll(() => kit.close());

describe('usage statistics', () => {
  it('maps usage keys onto the counters', () => {
    expect(counterOf('pstn-inbound-voice')).toBe('voice');
    expect(counterOf('sip-outbound-advancedVoice')).toBe('advancedVoice');
    expect(counterOf('gpt4oRealtime-input-cachedTokens')).toBe('tokens');
    expect(counterOf('client-inbound-message')).toBe('inbound-message');
    expect(counterOf('mms-outbound-message')).toBe('outbound-message');
    expect(counterOf('byo-number')).toBe('number');
    expect(counterOf('agents')).toBeNull();
  });

  it('fills the current period with zero counters by day, with costs, the cost so far and its projection', async () => {
    const response = await people.acme.call(u.usageStats, { query: { billingPeriod: 'current' } });
    expect(response.status, response.text).toBe(200);
    const { usage } = response.body;
    const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    expect(Object.keys(usage.results)).toHaveLength(daysInMonth);
    expect(usage.billingPeriod).toMatchObject({ basis: 'month', start: monthStart.toISOString() });
    const first = usage.results[day(monthStart)];
    expect(first).toMatchObject({
      voice: 3,
      tokens: 1200,
      number: 0,
      'cost:voice': '0.36',
      'cost:tokens': '0.003',
    });
    const today = usage.results[day(new Date(now.getTime() - 1000))];
    expect(today).toMatchObject({
      'outbound-message': 2,
      'inbound-message': 1,
      'cost:outbound-message': '0.02',
    });
    const emptyDay = Object.entries(usage.results).find(([key]) => key > day(now))?.[1];
    if (emptyDay) expect(emptyDay).toMatchObject({ voice: 0, tokens: 0, 'cost:voice': '0.00' });
    // Last month's five minutes are not this period's.
    expect(usage.totals).toMatchObject({
      voice: 3,
      tokens: 1200,
      'outbound-message': 2,
      'inbound-message': 1,
    });
    // Each usage key's own quantity, which the plan's tiers count by; last month's outbound minutes are not in it.
    expect(usage.usageKeys).toEqual({
      'pstn-inbound-voice': 3,
      'gpt4o-input-tokens': 1200,
      'sms-outbound-message': 2,
      'sms-inbound-message': 1,
    });
    expect(usage.billingPeriod.costSoFarUsd).toBe('0.393');
    const soFar = 0.393;
    const elapsedDays = Math.max(1, (now.getTime() - monthStart.getTime()) / 86_400_000);
    expect(Number(usage.billingPeriod.projectedCostUsd)).toBeCloseTo((soFar * daysInMonth) / elapsedDays, 2);
  });

  it('reads the previous period, weeks and months, costs apart or left out', async () => {
    const previous = await people.acme.call(u.usageStats, { query: { billingPeriod: 'previous' } });
    expect(previous.body.usage.totals).toMatchObject({ voice: 5, 'cost:voice': '0.60', tokens: 0 });
    const monthly = await people.acme.call(u.usageStats, {
      query: { startDate: day(previousMonth), endDate: day(now), frequency: 'month', combineCosts: false },
    });
    expect(monthly.status, monthly.text).toBe(200);
    const prevKey = day(new Date(Date.UTC(previousMonth.getUTCFullYear(), previousMonth.getUTCMonth(), 1)));
    expect(Object.keys(monthly.body.usage.results)).toEqual([prevKey, day(monthStart)]);
    expect(monthly.body.usage.results[prevKey]).toEqual({
      number: 0,
      tokens: 0,
      voice: 5,
      advancedVoice: 0,
      'outbound-message': 0,
      'inbound-message': 0,
    });
    expect(monthly.body.usage.costs?.[prevKey]?.['cost:voice']).toBe('0.60');
    const weekly = await people.acme.call(u.usageStats, { query: { frequency: 'week', giveCosts: 'false' } });
    for (const key of Object.keys(weekly.body.usage.results)) {
      expect(new Date(`${key}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    expect(weekly.body.usage.totals).not.toHaveProperty('cost:voice');
    expect(weekly.body.usage.billingPeriod.costSoFarUsd).toBeUndefined();
    const single = await people.acme.call(u.usageStats, { query: { timeseries: false } });
    expect(Object.keys(single.body.usage.results)).toEqual([day(monthStart)]);
    expect(single.body.usage.results[day(monthStart)]).toMatchObject({ voice: 3, 'outbound-message': 2 });
  });

  it('segments by agent, organization, reseller and partner; a sibling tenant sees none of it', async () => {
    const totals = async (client: SignedInClient, targetAccountId?: number) => {
      const response = await client.call(u.usageStats, { ...(targetAccountId ? { targetAccountId } : {}) });
      expect(response.status, response.text).toBe(200);
      return response.body.usage;
    };
    expect((await totals(people.agent1)).totals).toMatchObject({
      voice: 3,
      tokens: 1200,
      'outbound-message': 0,
    });
    expect((await totals(people.globex)).totals).toMatchObject({
      voice: 7,
      tokens: 0,
      'outbound-message': 0,
    });
    const reseller = await totals(people.reseller);
    expect(reseller).toMatchObject({ accountType: 'reseller', totals: { voice: 10, tokens: 1200 } });
    expect((await totals(people.partner)).totals).toMatchObject({ voice: 21, tokens: 1200 });
    expect((await totals(people.reseller, kit.ids.acme)).totals).toMatchObject({ voice: 3 });
    const sibling = await people.globex.call(u.usageStats, { targetAccountId: kit.ids.acme });
    expect([403, 404]).toContain(sibling.status);
    const otherReseller = await people.reseller.call(u.usageStats, { targetAccountId: siblingOrgId });
    expect([403, 404]).toContain(otherReseller.status);
  });

  it('follows the subscription’s anniversary period and fills 30 days after its first', async () => {
    const start = new Date(now.getTime() - 3 * 86_400_000);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    await kit.db.insert(organizationBilling).values({
      accountId: kit.ids.globex,
      productPlanId: 'pplan-basic-monthly',
      term: 'month',
      provider: 'sandbox',
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      subscribedAt: start,
    });
    const response = await people.globex.call(u.usageStats, { query: { billingPeriod: 'current' } });
    const { usage } = response.body;
    expect(usage.billingPeriod).toMatchObject({ basis: 'subscription', start: start.toISOString() });
    const keys = Object.keys(usage.results);
    expect(keys[0]).toBe(day(start));
    const lastFilled = new Date(
      Math.min(end.getTime() - 1, new Date(`${day(start)}T00:00:00Z`).getTime() + 30 * 86_400_000),
    );
    expect(keys.at(-1)).toBe(day(lastFilled));
    expect(usage.totals).toMatchObject({ voice: 7, 'cost:voice': '0.70' });
  });

  it('refuses a bad frequency, a reversed range and a date that is not one, naming the field', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ frequency: 'year' }, /frequency/],
      [{ startDate: '2026-11-20', endDate: '2026-11-01' }, /startDate/],
      [{ startDate: 'yesterday' }, /startDate/],
      [{ billingPeriod: 'next' }, /billingPeriod/],
      [{ giveCosts: 'maybe' }, /giveCosts/],
      [{ startDate: '2000-01-01', endDate: '2026-01-01' }, /narrow startDate/],
    ];
    for (const [query, message] of cases) {
      const response = await people.acme.call(u.usageStats, { query });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.text).toMatch(message);
    }
  });
});
