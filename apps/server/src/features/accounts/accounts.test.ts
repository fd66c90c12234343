import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, eq } from '@switchboard/db';
import { demoEmail, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
let as: Record<
  'superadmin' | 'partner' | 'reseller' | 'acme' | 'globex' | 'agent1' | 'agent2',
  SignedInClient
>;

beforeAll(async () => {
  kit = await startApp({ env: { TEST_ACCOUNT_USERNAMES: 'agent2' } });
  as = await kit.signInEach('superadmin', 'partner', 'reseller', 'acme', 'globex', 'agent1', 'agent2');
});
afterAll(() => kit.close());

type View = {
  account: {
    id: number;
    username: string;
    role: string;
    permissions: Record<string, boolean>;
    displayName: string;
  };
};

describe('the account view', () => {
  it('carries the derived fields and the caller permissions', async () => {
    const response = await as.acme.get<View & { user: { email: string } }>('/api/v1/account');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.account).toMatchObject({
      username: 'acme',
      displayName: 'Acme Dental',
      role: 'organization',
    });
    expect(Object.values(body.account.permissions).every(Boolean)).toBe(true);
    expect(body.user.email).toBe(demoEmail('acme'));
  });

  it('limits a test account to viewing and editing', async () => {
    const { account } = (await as.agent2.get<View>('/api/v1/account')).body;
    expect(account.permissions).toEqual({
      canViewOrg: true,
      canEditOrg: true,
      canManageUsers: false,
      canInviteUsers: false,
      canManageBilling: false,
      canDeleteOrg: false,
      canViewBilling: false,
    });
  });
});

describe('acting on behalf down the tree', () => {
  it('lets the reseller act for its organizations and their agents', async () => {
    const org = await as.reseller.get<View>(`/api/v1/account?targetAccountId=${kit.ids.acme}`);
    expect(org.body.account.username).toBe('acme');
    const agent = await as.reseller.get<View>(`/api/v1/account?targetAccountId=${kit.ids.agent1}`);
    expect(agent.body.account.username).toBe('agent1');
    expect(agent.body.account.role).toBe('reseller');
  });

  it('lets the partner reach all the way down', async () => {
    const agent = await as.partner.get(`/api/v1/account?targetAccountId=${kit.ids.agent3}`);
    expect(agent.status).toBe(200);
  });

  it('refuses an organization acting for its sibling, or upwards', async () => {
    expect((await as.acme.get(`/api/v1/account?targetAccountId=${kit.ids.globex}`)).status).toBe(403);
    expect((await as.acme.get(`/api/v1/account?targetAccountId=${kit.ids.agent3}`)).status).toBe(403);
    expect((await as.acme.get(`/api/v1/account?targetAccountId=${kit.ids.reseller}`)).status).toBe(403);
    expect((await as.agent1.get(`/api/v1/account?targetAccountId=${kit.ids.acme}`)).status).toBe(403);
  });

  it('lets a super admin act for any account, also through adminToken', async () => {
    const url = `/api/v1/account?adminToken=${as.superadmin.token}&targetAccountId=${kit.ids.agent3}`;
    const response = await kit.client().get<View>(url);
    expect(response.body.account.username).toBe('agent3');
  });
});

describe('creating and listing the tiers', () => {
  it('creates an organization under the reseller, and an agent under it, with ancestor ids', async () => {
    const created = await as.reseller.post<{
      organization: {
        id: number;
        resellerId: number;
        partnerId: number;
        organizationId: number;
        username: string;
      };
    }>('/api/v2/createOrganization', {
      orgName: 'Initech',
      email: 'boss@initech.test',
      accountName: 'Initech Desk',
    });
    expect(created.status).toBe(201);
    const organization = created.body.organization;
    expect(organization).toMatchObject({
      resellerId: kit.ids.reseller,
      partnerId: kit.ids.partner,
      organizationId: organization.id,
      username: 'initech',
    });

    const agents = await as.reseller.get(`/api/v2/listAccounts?targetAccountId=${organization.id}`);
    expect(agents.body).toMatchObject({
      totalAccounts: 1,
      accounts: [{ displayName: 'Initech Desk', organizationId: organization.id }],
    });

    const owner = await kit.signIn('boss@initech.test');
    expect(owner.id).toBe(organization.id);
  });

  it('refuses to create a tier under the wrong kind of account', async () => {
    const response = await as.partner.post<{ message: string }>(
      `/api/v2/createOrganization?targetResellerId=${kit.ids.partner}`,
      { orgName: 'Wrong' },
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Account ${kit.ids.partner} is not a reseller`);
  });

  it('pages organizations, 0-based, with the total', async () => {
    const first = await as.reseller.get<{
      accounts: { username: string }[];
      totalAccounts: number;
      pageNumber: number;
    }>('/api/v2/listOrganizations?pageSize=2&page=0');
    const body = first.body;
    expect(body.totalAccounts).toBe(3);
    expect(body.accounts.map((a) => a.username)).toEqual(['acme', 'globex']);
    const second = await as.reseller.get<{ accounts: { username: string }[] }>(
      '/api/v2/listOrganizations?pageSize=2&page=1',
    );
    expect(second.body.accounts.map((a) => a.username)).toEqual(['initech']);
  });

  it('lists the resellers of a partner', async () => {
    const response = await as.partner.get('/api/v2/listResellers');
    expect(response.body).toMatchObject({
      totalAccounts: 1,
      accounts: [{ username: 'reseller', type: 'reseller' }],
    });
  });
});

describe('changing and deleting', () => {
  it('saves settings by merging keys', async () => {
    await as.acme.post('/api/v1/accountSetting', {
      settings: { lastAccountId: { agent: kit.ids.agent1 }, walkthrough: { version: 1, completed: [] } },
    });
    const saved = await as.acme.post('/api/v1/accountSetting', {
      settings: { walkthrough: null, onboarding: { onboardingComplete: true } },
    });
    expect(saved.body).toEqual({
      success: true,
      settings: { lastAccountId: { agent: kit.ids.agent1 }, onboarding: { onboardingComplete: true } },
    });
  });

  it("writes only the settings the caller's role may change, naming each refused key", async () => {
    const unknown = await as.acme.post<{ message: string }>('/api/v1/accountSetting', {
      settings: { theme: 'dark', mobileCheckIn: { value: 'forged' }, constructor: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'body.settings.theme: is not a setting this call can change; ' +
        'body.settings.mobileCheckIn: is not a setting this call can change; ' +
        'body.settings.constructor: is not a setting this call can change',
    );
    const reserved = await as.acme.post<{ message: string }>('/api/v1/accountSetting', {
      settings: { smsMessaging: false },
    });
    expect(reserved.status).toBe(403);
    expect(reserved.body.message).toBe(
      'body.settings.smsMessaging: only partners and resellers can change it',
    );
    const byReseller = await as.reseller.post(`/api/v1/accountSetting?targetAccountId=${kit.ids.acme}`, {
      settings: { smsMessaging: false },
    });
    expect(byReseller.status).toBe(200);
    expect(byReseller.body).toMatchObject({ settings: { smsMessaging: false } });
    const after = await as.acme.post<{ settings: Record<string, unknown> }>('/api/v1/accountSetting', {
      settings: {},
    });
    expect(after.body.settings).not.toHaveProperty('theme');
  });

  it('updates the profile and refuses another tier name key', async () => {
    const ok = await as.acme.post<View>('/api/v1/account', {
      orgName: 'Acme Dental Care',
      description: 'Smiles',
    });
    expect(ok.body.account.displayName).toBe('Acme Dental Care');
    const wrong = await as.acme.post('/api/v1/account', { resellerName: 'Nope' });
    expect(wrong.status).toBe(400);
  });

  it('lets the reseller change an organization, answering what applied', async () => {
    const response = await as.reseller.post(
      `/api/v2/updateOrganization?targetOrganizationId=${kit.ids.globex}`,
      {
        vidaPremium: true,
        email: 'not-an-email',
      },
    );
    expect(response.body).toMatchObject({
      success: true,
      updatedSettings: ['vidaPremium'],
      failedSettings: ['email'],
    });
    const own = await as.globex.post('/api/v2/updateOrganization', { vidaPremium: true });
    expect(own.status).toBe(403);
  });

  it('keeps deletion to those allowed, and keeps the data', async () => {
    const refused = await as.agent2.delete(`/api/v2/deleteAccount`, { targetAccountId: kit.ids.agent2 });
    expect(refused.status).toBe(403);
    const deleted = await as.acme.delete('/api/v2/deleteAccount', { targetAccountId: kit.ids.agent2 });
    expect(deleted.body).toEqual({ success: true, message: 'Account deleted' });
    const [row] = await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.agent2));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.enabled).toBe(false);
    const listed = await as.acme.get<{ accounts: { username: string }[] }>('/api/v2/listAccounts');
    expect(listed.body.accounts.map((a) => a.username)).toEqual(['agent1']);
  });
});
