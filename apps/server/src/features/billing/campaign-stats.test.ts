import { usageEndpoints as u } from '@switchboard/contract';
import { campaigns, conversationLogs, eq, usageCharges } from '@switchboard/db';
import { createReseller, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let kit: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
let reseller: SignedInClient;
let partner: SignedInClient;
let agent1: SignedInClient;
let sibling: SignedInClient;
const campaignOf: Record<string, string> = {};

const day = '2025-03-03';
const at = (time: string) => new Date(`${day}T${time}Z`);
let logs = 0;
const log = (accountId: number, values: Partial<typeof conversationLogs.$inferInsert>) => ({
  uuid: `campaign-stats-${String(++logs)}`,
  accountId,
  agentId: accountId,
  timestamp: at('10:00:00'),
  direction: 'inbound' as const,
  channel: 'phone' as const,
  ...values,
});

beforeAll(async () => {
  kit = await startApp();
  ({ acme, globex, reseller, partner, agent1 } = await kit.signInEach(
    'acme',
    'globex',
    'reseller',
    'partner',
    'agent1',
  ));
  await createReseller(partner, { name: 'Sibling Stats Reseller', email: 'owner@sibling-stats.test' });
  sibling = await kit.signIn('owner@sibling-stats.test');
  for (const username of ['agent1', 'agent2', 'agent3'] as const) {
    const [row] = await kit.db
      .select({ campaignId: campaigns.campaignId })
      .from(campaigns)
      .where(eq(campaigns.agentAccountId, kit.ids[username]));
    if (!row) throw new Error(`the demo agent ${username} has no campaign`);
    campaignOf[username] = row.campaignId;
  }
  await kit.db.insert(conversationLogs).values([
    log(kit.ids.agent1, { duration: 61, appointmentBooked: true }),
    log(kit.ids.agent1, { duration: 30, direction: 'outbound', transfer: '+15550109999' }),
    log(kit.ids.agent1, { channel: 'sms', direction: 'outbound', timestamp: at('23:59:59') }),
    // Not counted: a test conversation, and one the next day (UTC).
    log(kit.ids.agent1, { duration: 600, isTest: true }),
    log(kit.ids.agent1, { duration: 600, timestamp: new Date('2025-03-04T00:00:00Z') }),
    log(kit.ids.agent2, { channel: 'chat' }),
    log(kit.ids.agent3, { duration: 120 }),
  ]);
  await kit.db.insert(usageCharges).values({
    eventKey: 'campaign-stats-cost',
    accountId: kit.ids.agent1,
    payerAccountId: kit.ids.acme,
    usageKey: 'pstn-inbound-voice',
    quantity: 2,
    amount: 240_000_000n,
    planId: 'pplan-demo-standard',
    billingMonth: '2026-11',
    createdAt: at('10:01:00'),
  });
});
afterAll(() => kit.close());

describe('campaign stats', () => {
  it('counts one campaign’s conversations, minutes, outcomes and cost on a day', async () => {
    const answer = await acme.call(u.campaignStats, {
      params: { date: day },
      query: { campaignId: campaignOf.agent1 ?? '' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      date: day,
      campaignId: campaignOf.agent1,
      agentAccountId: kit.ids.agent1,
      name: 'Acme Front Desk',
      stats: {
        conversations: 3,
        calls: 2,
        texts: 1,
        inbound: 1,
        outbound: 2,
        minutes: 3,
        appointmentsBooked: 1,
        transfers: 1,
        costUsd: '0.24',
      },
    });
    // The agent account reads its own campaign.
    const own = await agent1.call(u.campaignStats, {
      params: { date: day },
      query: { campaignId: campaignOf.agent1 ?? '' },
    });
    expect(own.body.stats.conversations).toBe(3);
    const quiet = await acme.call(u.campaignStats, {
      params: { date: '2025-03-02' },
      query: { campaignId: campaignOf.agent1 ?? '' },
    });
    expect(quiet.body.stats).toMatchObject({ conversations: 0, costUsd: '0.00' });
  });

  it('never shows another tenant’s campaign', async () => {
    for (const [client, campaign] of [
      [acme, campaignOf.agent3],
      [globex, campaignOf.agent1],
      [agent1, campaignOf.agent2],
      [sibling, campaignOf.agent1],
    ] as const) {
      const refused = await client.call(u.campaignStats, {
        params: { date: day },
        query: { campaignId: campaign ?? '' },
      });
      expect(refused.status).toBe(404);
      expect(refused.text).toContain(`campaignId: no campaign ${campaign ?? ''} in this account`);
    }
    const range = await sibling.call(u.campaignStatsRange, {
      body: { startDate: day, endDate: day, campaignIds: [campaignOf.agent1 ?? ''] },
    });
    expect(range.status).toBe(404);
    const none = await sibling.call(u.campaignStatsRange, { body: { startDate: day, endDate: day } });
    expect(none.body.campaigns).toEqual([]);
  });

  it('gives every campaign below the acting account by day over a range, with totals', async () => {
    const answer = await reseller.call(u.campaignStatsRange, {
      body: { startDate: '2025-03-02', endDate: '2025-03-04' },
    });
    expect(answer.status, answer.text).toBe(200);
    const byId = Object.fromEntries(answer.body.campaigns.map((campaign) => [campaign.campaignId, campaign]));
    expect(Object.keys(byId).sort()).toEqual(
      [campaignOf.agent1, campaignOf.agent2, campaignOf.agent3].sort(),
    );
    const front = byId[campaignOf.agent1 ?? ''];
    expect(front?.byDay.map((entry) => [entry.date, entry.conversations])).toEqual([
      ['2025-03-02', 0],
      [day, 3],
      ['2025-03-04', 1],
    ]);
    expect(front?.totals).toMatchObject({ conversations: 4, calls: 3, minutes: 13, costUsd: '0.24' });
    expect(byId[campaignOf.agent3 ?? '']?.totals).toMatchObject({ conversations: 1, minutes: 2 });
    // An organization sees its own agents' campaigns only.
    const acmeOnly = await acme.call(u.campaignStatsRange, { body: { startDate: day, endDate: day } });
    expect(acmeOnly.body.campaigns.map((campaign) => campaign.campaignId).sort()).toEqual(
      [campaignOf.agent1, campaignOf.agent2].sort(),
    );
  });

  it('refuses bad days and ranges with a 400 naming the field', async () => {
    const badDay = await acme.get(`/api/v1/stats/campaigns/2026-02-30?campaignId=${campaignOf.agent1 ?? ''}`);
    expect(badDay.status).toBe(400);
    expect(badDay.text).toContain('date');
    expect(badDay.text).toContain('is not a real day');
    const noCampaign = await acme.get(`/api/v1/stats/campaigns/${day}`);
    expect(noCampaign.status).toBe(400);
    expect(noCampaign.text).toContain('campaignId');
    for (const [body, message] of [
      [{ startDate: '2026-11-05', endDate: '2026-11-01' }, 'must not be before startDate'],
      [{ startDate: '2026-01-01', endDate: '2026-11-01' }, 'must be at most 92 days after startDate'],
      [{ startDate: 'yesterday', endDate: '2026-11-01' }, 'startDate'],
    ] as const) {
      const refused = await acme.post('/api/v1/stats/campaigns', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.text).toContain(message);
    }
  });
});
