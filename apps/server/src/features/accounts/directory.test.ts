import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { accounts, eq, seedDemoData, usageEvents } from '@switchboard/db';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  for (const who of ['superadmin', 'reseller', 'acme', 'globex', 'agent1']) {
    token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  }
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
});
afterAll(() => t.close());

type Summary = { id: number; username: string; displayName: string; accountType: string };
type List = {
  success: boolean;
  accounts: Summary[];
  totalAccounts: number;
  pageSize: number;
  pageNumber: number;
};

const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}` });
const post = (url: string, who: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}`,
    payload: payload as Record<string, unknown>,
  });
const usernames = (body: { accounts: Summary[] }) => body.accounts.map((account) => account.username);

describe('GET /api/v2/searchOrganizations', () => {
  it('lists the organizations under the acting account, in the list shape', async () => {
    const response = await get('/api/v2/searchOrganizations', 'reseller');
    expect(response.statusCode).toBe(200);
    const body = response.json<List>();
    expect(body).toMatchObject({ success: true, totalAccounts: 2, pageSize: 20, pageNumber: 0 });
    expect(usernames(body)).toEqual(['acme', 'globex']);
    expect(body.accounts[0]).toMatchObject({ accountType: 'organization', displayName: 'Acme Dental' });
  });

  it('shows an organization only itself, and an agent account nothing', async () => {
    expect(usernames((await get('/api/v2/searchOrganizations', 'acme')).json<List>())).toEqual(['acme']);
    expect((await get('/api/v2/searchOrganizations', 'agent1')).json<List>().totalAccounts).toBe(0);
  });

  it('lets a super admin search every organization', async () => {
    const body = (await get('/api/v2/searchOrganizations?queryText=plumb', 'superadmin')).json<List>();
    expect(usernames(body)).toEqual(['globex']);
    const all = (await get('/api/v2/searchOrganizations', 'superadmin')).json<List>();
    expect(all.totalAccounts).toBeGreaterThanOrEqual(2);
  });

  it('filters by text (username, email, orgName), premium and active', async () => {
    const byName = (await get('/api/v2/searchOrganizations?queryText=DENTAL', 'reseller')).json<List>();
    expect(usernames(byName)).toEqual(['acme']);
    const byEmail = (
      await get(`/api/v2/searchOrganizations?queryText=globex%40demo`, 'reseller')
    ).json<List>();
    expect(usernames(byEmail)).toEqual(['globex']);
    const wildcard = (await get('/api/v2/searchOrganizations?queryText=%25', 'reseller')).json<List>();
    expect(wildcard.totalAccounts).toBe(0);
    const premium = (await get('/api/v2/searchOrganizations?subscribed=true', 'reseller')).json<List>();
    expect(usernames(premium)).toEqual(['acme']);
    const free = (await get('/api/v2/searchOrganizations?subscribed=false', 'reseller')).json<List>();
    expect(usernames(free)).toEqual(['globex']);
    const inactive = (await get('/api/v2/searchOrganizations?active=false', 'reseller')).json<List>();
    expect(inactive.totalAccounts).toBe(0);
  });

  it('filters by finished onboarding and external id', async () => {
    await t.db
      .update(accounts)
      .set({ settings: { onboarding: { onboardingComplete: true } }, externalAccountId: 'crm-42' })
      .where(eq(accounts.id, id.acme!));
    await t.db
      .update(accounts)
      .set({ settings: { onboarding: 'not an object' } })
      .where(eq(accounts.id, id.globex!));
    const done = await get('/api/v2/searchOrganizations?onboardingComplete=true', 'reseller');
    expect(usernames(done.json<List>())).toEqual(['acme']);
    const pending = await get('/api/v2/searchOrganizations?onboardingComplete=false', 'reseller');
    expect(usernames(pending.json<List>())).toEqual(['globex']);
    const crm = await get('/api/v2/searchOrganizations?externalAccountId=crm-42', 'reseller');
    expect(usernames(crm.json<List>())).toEqual(['acme']);
    await t.db.update(accounts).set({ settings: {} }).where(eq(accounts.id, id.globex!));
  });

  it('filters by reseller, refusing a reseller outside the caller tree', async () => {
    const mine = await get(`/api/v2/searchOrganizations?resellerId=${id.reseller}`, 'reseller');
    expect(mine.json<List>().totalAccounts).toBe(2);
    const foreign = await get(`/api/v2/searchOrganizations?resellerId=${id.reseller}`, 'globex');
    expect(foreign.statusCode).toBe(403);
  });

  it('filters by creation time in epoch milliseconds', async () => {
    await t.db
      .update(accounts)
      .set({ createdAt: new Date('2020-01-15T00:00:00Z') })
      .where(eq(accounts.id, id.globex!));
    const old = await get(
      `/api/v2/searchOrganizations?createdStart=${Date.UTC(2020, 0, 1)}&createdEnd=${Date.UTC(2020, 1, 1)}`,
      'reseller',
    );
    expect(usernames(old.json<List>())).toEqual(['globex']);
    const recent = await get(`/api/v2/searchOrganizations?createdStart=${Date.UTC(2021, 0, 1)}`, 'reseller');
    expect(usernames(recent.json<List>())).toEqual(['acme']);
    const backwards = await get('/api/v2/searchOrganizations?createdStart=10&createdEnd=5', 'reseller');
    expect(backwards.statusCode).toBe(400);
  });

  it('filters by usage of the organization and its agents, this month, last month and all time', async () => {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const event = (
      account: string,
      organization: string,
      unit: string,
      quantity: number,
      at: Date,
      key: string,
    ) => ({
      accountId: id[account]!,
      organizationId: id[organization]!,
      unit,
      quantity,
      occurredAt: at,
      idempotencyKey: key,
    });
    await t.db
      .insert(usageEvents)
      .values([
        event('agent1', 'acme', 'inbound-message', 3, now, 'u1'),
        event('agent2', 'acme', 'outbound-message', 2, now, 'u2'),
        event('agent1', 'acme', 'voice', 600, now, 'u3'),
        event('agent1', 'acme', 'llm-tokens', 5000, now, 'u4'),
        event('agent3', 'globex', 'inbound-message', 4, lastMonth, 'u5'),
        event('agent3', 'globex', 'voice', 90, lastMonth, 'u6'),
      ]);
    const search = async (query: string) =>
      usernames((await get(`/api/v2/searchOrganizations?${query}`, 'reseller')).json<List>());
    expect(await search('currentBillingPeriodMessagesMin=5')).toEqual(['acme']);
    expect(await search('currentBillingPeriodMessagesMin=6')).toEqual([]);
    expect(await search('currentBillingPeriodMessagesMax=0')).toEqual(['globex']);
    expect(await search('previousBillingPeriodMessagesMin=1')).toEqual(['globex']);
    expect(await search('allTimeMessagesMin=4&allTimeMessagesMax=4')).toEqual(['globex']);
    expect(await search('currentBillingPeriodVoiceMinutesMin=10')).toEqual(['acme']);
    expect(await search('allTimeVoiceMinutesMin=1&allTimeVoiceMinutesMax=2')).toEqual(['globex']);
    expect(await search('previousBillingPeriodVoiceMinutesMin=1')).toEqual(['globex']);
  });

  it('pages, and answers everything without pagination', async () => {
    const first = (await get('/api/v2/searchOrganizations?pageSize=1&page=1', 'reseller')).json<List>();
    expect(first).toMatchObject({ totalAccounts: 2, pageSize: 1, pageNumber: 1 });
    expect(usernames(first)).toEqual(['globex']);
    const all = (
      await get('/api/v2/searchOrganizations?pageSize=1&pagination=false', 'reseller')
    ).json<List>();
    expect(all).toMatchObject({ totalAccounts: 2, pageSize: 2, pageNumber: 0 });
  });

  it("refuses a sibling tenant's targetAccountId, and bad filters by name", async () => {
    expect((await get(`/api/v2/searchOrganizations?targetAccountId=${id.acme}`, 'globex')).statusCode).toBe(
      403,
    );
    const bad = await get('/api/v2/searchOrganizations?subscribed=maybe', 'reseller');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('query.subscribed');
  });
});

describe('POST /api/v2/searchAccount and /enhanced', () => {
  it('finds accounts of every tier under the caller, exact username first', async () => {
    const response = await post('/api/v2/searchAccount', 'reseller', { phrase: 'acme' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; accounts: Summary[] }>();
    expect(body.success).toBe(true);
    expect(usernames(body)).toEqual(['acme', 'agent1', 'agent2']);
    const agents = await post('/api/v2/searchAccount', 'reseller', { phrase: 'AGENT' });
    expect(usernames(agents.json())).toEqual(['agent1', 'agent2', 'agent3']);
    const exact = await post('/api/v2/searchAccount', 'reseller', { phrase: 'agent2' });
    expect(usernames(exact.json())[0]).toBe('agent2');
  });

  it('matches display names and emails', async () => {
    const byName = await post('/api/v2/searchAccount', 'reseller', { phrase: 'after hours' });
    expect(usernames(byName.json())).toEqual(['agent2']);
    const byEmail = await post('/api/v2/searchAccount', 'reseller', { phrase: 'agent3@demo' });
    expect(usernames(byEmail.json())).toEqual(['agent3']);
  });

  it("never shows another tenant's accounts", async () => {
    const sibling = await post('/api/v2/searchAccount', 'globex', { phrase: 'acme' });
    expect(sibling.json<{ accounts: Summary[] }>().accounts).toEqual([]);
    const mine = await post('/api/v2/searchAccount', 'acme', { phrase: 'agent' });
    expect(usernames(mine.json())).toEqual(['agent1', 'agent2']);
    const target = await post(`/api/v2/searchAccount?targetAccountId=${id.acme}`, 'globex', { phrase: 'a' });
    expect(target.statusCode).toBe(403);
  });

  it('matches phone numbers without punctuation only in the enhanced search', async () => {
    await t.db.update(accounts).set({ phoneNumber: '+15557654321' }).where(eq(accounts.id, id.agent3!));
    const plain = await post('/api/v2/searchAccount', 'reseller', { phrase: '(555) 010-0001' });
    expect(plain.json<{ accounts: Summary[] }>().accounts).toEqual([]);
    const byVidaNumber = await post('/api/v2/searchAccount/enhanced', 'reseller', {
      phrase: '(555) 010-0001',
    });
    expect(usernames(byVidaNumber.json())).toEqual(['agent1']);
    const byPhone = await post('/api/v2/searchAccount/enhanced', 'reseller', { phrase: '765-4321' });
    expect(usernames(byPhone.json())).toEqual(['agent3']);
    const stillText = await post('/api/v2/searchAccount/enhanced', 'reseller', { phrase: 'globex' });
    expect(usernames(stillText.json())).toEqual(['globex', 'agent3']);
    const fromSibling = await post('/api/v2/searchAccount/enhanced', 'acme', { phrase: '765-4321' });
    expect(fromSibling.json<{ accounts: Summary[] }>().accounts).toEqual([]);
  });

  it('requires a phrase', async () => {
    const empty = await post('/api/v2/searchAccount', 'reseller', { phrase: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('body.phrase');
  });
});
