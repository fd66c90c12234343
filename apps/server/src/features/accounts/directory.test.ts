import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DemoApp, type DemoUsername, type SignedInClient } from '@switchboard/testing';
import { accounts, eq, usageEvents } from '@switchboard/db';

let kit: DemoApp;
let as: Record<'superadmin' | 'reseller' | 'acme' | 'globex' | 'agent1', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('superadmin', 'reseller', 'acme', 'globex', 'agent1');
});
afterAll(() => kit.close());

type Summary = { id: number; username: string; displayName: string; accountType: string };
type List = {
  success: boolean;
  accounts: Summary[];
  totalAccounts: number;
  pageSize: number;
  pageNumber: number;
};

const usernames = (body: { accounts: Summary[] }) => body.accounts.map((account) => account.username);

describe('GET /api/v2/searchOrganizations', () => {
  it('lists the organizations under the acting account, in the list shape', async () => {
    const response = await as.reseller.get<List>('/api/v2/searchOrganizations');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({ success: true, totalAccounts: 2, pageSize: 20, pageNumber: 0 });
    expect(usernames(body)).toEqual(['acme', 'globex']);
    expect(body.accounts[0]).toMatchObject({ accountType: 'organization', displayName: 'Acme Dental' });
  });

  it('shows an organization only itself, and an agent account nothing', async () => {
    expect(usernames((await as.acme.get<List>('/api/v2/searchOrganizations')).body)).toEqual(['acme']);
    expect((await as.agent1.get<List>('/api/v2/searchOrganizations')).body.totalAccounts).toBe(0);
  });

  it('lets a super admin search every organization', async () => {
    const body = (await as.superadmin.get<List>('/api/v2/searchOrganizations?queryText=plumb')).body;
    expect(usernames(body)).toEqual(['globex']);
    const all = (await as.superadmin.get<List>('/api/v2/searchOrganizations')).body;
    expect(all.totalAccounts).toBeGreaterThanOrEqual(2);
  });

  it('filters by text (username, email, orgName), premium and active', async () => {
    const byName = (await as.reseller.get<List>('/api/v2/searchOrganizations?queryText=DENTAL')).body;
    expect(usernames(byName)).toEqual(['acme']);
    const byEmail = (await as.reseller.get<List>(`/api/v2/searchOrganizations?queryText=globex%40demo`)).body;
    expect(usernames(byEmail)).toEqual(['globex']);
    const wildcard = (await as.reseller.get<List>('/api/v2/searchOrganizations?queryText=%25')).body;
    expect(wildcard.totalAccounts).toBe(0);
    const premium = (await as.reseller.get<List>('/api/v2/searchOrganizations?subscribed=true')).body;
    expect(usernames(premium)).toEqual(['acme']);
    const free = (await as.reseller.get<List>('/api/v2/searchOrganizations?subscribed=false')).body;
    expect(usernames(free)).toEqual(['globex']);
    const inactive = (await as.reseller.get<List>('/api/v2/searchOrganizations?active=false')).body;
    expect(inactive.totalAccounts).toBe(0);
  });

  it('filters by finished onboarding and external id', async () => {
    await kit.db
      .update(accounts)
      .set({ settings: { onboarding: { onboardingComplete: true } }, externalAccountId: 'crm-42' })
      .where(eq(accounts.id, kit.ids.acme));
    await kit.db
      .update(accounts)
      .set({ settings: { onboarding: 'not an object' } })
      .where(eq(accounts.id, kit.ids.globex));
    const done = await as.reseller.get<List>('/api/v2/searchOrganizations?onboardingComplete=true');
    expect(usernames(done.body)).toEqual(['acme']);
    const pending = await as.reseller.get<List>('/api/v2/searchOrganizations?onboardingComplete=false');
    expect(usernames(pending.body)).toEqual(['globex']);
    const crm = await as.reseller.get<List>('/api/v2/searchOrganizations?externalAccountId=crm-42');
    expect(usernames(crm.body)).toEqual(['acme']);
    await kit.db.update(accounts).set({ settings: {} }).where(eq(accounts.id, kit.ids.globex));
  });

  it('filters by reseller, refusing a reseller outside the caller tree', async () => {
    const mine = await as.reseller.get<List>(`/api/v2/searchOrganizations?resellerId=${kit.ids.reseller}`);
    expect(mine.body.totalAccounts).toBe(2);
    const foreign = await as.globex.get(`/api/v2/searchOrganizations?resellerId=${kit.ids.reseller}`);
    expect(foreign.status).toBe(403);
  });

  it('filters by creation time in epoch milliseconds', async () => {
    await kit.db
      .update(accounts)
      .set({ createdAt: new Date('2020-01-15T00:00:00Z') })
      .where(eq(accounts.id, kit.ids.globex));
    const old = await as.reseller.get<List>(
      `/api/v2/searchOrganizations?createdStart=${Date.UTC(2020, 0, 1)}&createdEnd=${Date.UTC(2020, 1, 1)}`,
    );
    expect(usernames(old.body)).toEqual(['globex']);
    const recent = await as.reseller.get<List>(
      `/api/v2/searchOrganizations?createdStart=${Date.UTC(2021, 0, 1)}`,
    );
    expect(usernames(recent.body)).toEqual(['acme']);
    const backwards = await as.reseller.get('/api/v2/searchOrganizations?createdStart=10&createdEnd=5');
    expect(backwards.status).toBe(400);
  });

  it('filters by usage of the organization and its agents, this month, last month and all time', async () => {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const event = (
      account: DemoUsername,
      organization: DemoUsername,
      unit: string,
      quantity: number,
      at: Date,
      key: string,
    ) => ({
      accountId: kit.ids[account],
      organizationId: kit.ids[organization],
      unit,
      quantity,
      occurredAt: at,
      idempotencyKey: key,
    });
    await kit.db
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
      usernames((await as.reseller.get<List>(`/api/v2/searchOrganizations?${query}`)).body);
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
    const first = (await as.reseller.get<List>('/api/v2/searchOrganizations?pageSize=1&page=1')).body;
    expect(first).toMatchObject({ totalAccounts: 2, pageSize: 1, pageNumber: 1 });
    expect(usernames(first)).toEqual(['globex']);
    const all = (await as.reseller.get<List>('/api/v2/searchOrganizations?pageSize=1&pagination=false')).body;
    expect(all).toMatchObject({ totalAccounts: 2, pageSize: 2, pageNumber: 0 });
  });

  it("refuses a sibling tenant's targetAccountId, and bad filters by name", async () => {
    expect((await as.globex.get(`/api/v2/searchOrganizations?targetAccountId=${kit.ids.acme}`)).status).toBe(
      403,
    );
    const bad = await as.reseller.get<{ message: string }>('/api/v2/searchOrganizations?subscribed=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('query.subscribed');
  });
});

describe('POST /api/v2/searchAccount and /enhanced', () => {
  it('finds accounts of every tier under the caller, exact username first', async () => {
    const response = await as.reseller.post<{ success: boolean; accounts: Summary[] }>(
      '/api/v2/searchAccount',
      { phrase: 'acme' },
    );
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.success).toBe(true);
    expect(usernames(body)).toEqual(['acme', 'agent1', 'agent2']);
    const agents = await as.reseller.post<List>('/api/v2/searchAccount', { phrase: 'AGENT' });
    expect(usernames(agents.body)).toEqual(['agent1', 'agent2', 'agent3']);
    const exact = await as.reseller.post<List>('/api/v2/searchAccount', { phrase: 'agent2' });
    expect(usernames(exact.body)[0]).toBe('agent2');
  });

  it('matches display names and emails', async () => {
    const byName = await as.reseller.post<List>('/api/v2/searchAccount', { phrase: 'after hours' });
    expect(usernames(byName.body)).toEqual(['agent2']);
    const byEmail = await as.reseller.post<List>('/api/v2/searchAccount', { phrase: 'agent3@demo' });
    expect(usernames(byEmail.body)).toEqual(['agent3']);
  });

  it("never shows another tenant's accounts", async () => {
    const sibling = await as.globex.post<{ accounts: Summary[] }>('/api/v2/searchAccount', {
      phrase: 'acme',
    });
    expect(sibling.body.accounts).toEqual([]);
    const mine = await as.acme.post<List>('/api/v2/searchAccount', { phrase: 'agent' });
    expect(usernames(mine.body)).toEqual(['agent1', 'agent2']);
    const target = await as.globex.post(`/api/v2/searchAccount?targetAccountId=${kit.ids.acme}`, {
      phrase: 'a',
    });
    expect(target.status).toBe(403);
  });

  it('matches phone numbers without punctuation only in the enhanced search', async () => {
    await kit.db.update(accounts).set({ phoneNumber: '+15557654321' }).where(eq(accounts.id, kit.ids.agent3));
    const plain = await as.reseller.post<{ accounts: Summary[] }>('/api/v2/searchAccount', {
      phrase: '(555) 010-0001',
    });
    expect(plain.body.accounts).toEqual([]);
    const byVidaNumber = await as.reseller.post<List>('/api/v2/searchAccount/enhanced', {
      phrase: '(555) 010-0001',
    });
    expect(usernames(byVidaNumber.body)).toEqual(['agent1']);
    const byPhone = await as.reseller.post<List>('/api/v2/searchAccount/enhanced', { phrase: '765-4321' });
    expect(usernames(byPhone.body)).toEqual(['agent3']);
    const stillText = await as.reseller.post<List>('/api/v2/searchAccount/enhanced', { phrase: 'globex' });
    expect(usernames(stillText.body)).toEqual(['globex', 'agent3']);
    const fromSibling = await as.acme.post<{ accounts: Summary[] }>('/api/v2/searchAccount/enhanced', {
      phrase: '765-4321',
    });
    expect(fromSibling.body.accounts).toEqual([]);
  });

  it('requires a phrase', async () => {
    const empty = await as.reseller.post<{ message: string }>('/api/v2/searchAccount', { phrase: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('body.phrase');
  });
});
