import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, eq, seedDemoData } from '@switchboard/db';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';

let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000', TEST_ACCOUNT_USERNAMES: 'agent2' } });
  await seedDemoData(t.db);
  for (const row of await t.db.select().from(accounts)) ids[row.username] = row.id;
  for (const who of ['superadmin', 'partner', 'reseller', 'acme', 'globex', 'agent1', 'agent2']) {
    tokens[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  }
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}token=${tokens[who] ?? ''}`,
    ...(payload ? { payload } : {}),
  });

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
    const response = await call('GET', '/api/v1/account', 'acme');
    expect(response.statusCode).toBe(200);
    const body = response.json<View & { user: { email: string } }>();
    expect(body.account).toMatchObject({
      username: 'acme',
      displayName: 'Acme Dental',
      role: 'organization',
    });
    expect(Object.values(body.account.permissions).every(Boolean)).toBe(true);
    expect(body.user.email).toBe(demoEmail('acme'));
  });

  it('limits a test account to viewing and editing', async () => {
    const { account } = (await call('GET', '/api/v1/account', 'agent2')).json<View>();
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
    const org = await call('GET', `/api/v1/account?targetAccountId=${ids.acme}`, 'reseller');
    expect(org.json<View>().account.username).toBe('acme');
    const agent = await call('GET', `/api/v1/account?targetAccountId=${ids.agent1}`, 'reseller');
    expect(agent.json<View>().account.username).toBe('agent1');
    expect(agent.json<View>().account.role).toBe('reseller');
  });

  it('lets the partner reach all the way down', async () => {
    const agent = await call('GET', `/api/v1/account?targetAccountId=${ids.agent3}`, 'partner');
    expect(agent.statusCode).toBe(200);
  });

  it('refuses an organization acting for its sibling, or upwards', async () => {
    expect((await call('GET', `/api/v1/account?targetAccountId=${ids.globex}`, 'acme')).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/account?targetAccountId=${ids.agent3}`, 'acme')).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/account?targetAccountId=${ids.reseller}`, 'acme')).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/v1/account?targetAccountId=${ids.acme}`, 'agent1')).statusCode).toBe(403);
  });

  it('lets a super admin act for any account, also through adminToken', async () => {
    const url = `/api/v1/account?adminToken=${tokens.superadmin ?? ''}&targetAccountId=${ids.agent3}`;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.json<View>().account.username).toBe('agent3');
  });
});

describe('creating and listing the tiers', () => {
  it('creates an organization under the reseller, and an agent under it, with ancestor ids', async () => {
    const created = await call('POST', '/api/v2/createOrganization', 'reseller', {
      orgName: 'Initech',
      email: 'boss@initech.test',
      accountName: 'Initech Desk',
    });
    expect(created.statusCode).toBe(201);
    const organization = created.json<{
      organization: {
        id: number;
        resellerId: number;
        partnerId: number;
        organizationId: number;
        username: string;
      };
    }>().organization;
    expect(organization).toMatchObject({
      resellerId: ids.reseller,
      partnerId: ids.partner,
      organizationId: organization.id,
      username: 'initech',
    });

    const agents = await call('GET', `/api/v2/listAccounts?targetAccountId=${organization.id}`, 'reseller');
    expect(agents.json()).toMatchObject({
      totalAccounts: 1,
      accounts: [{ displayName: 'Initech Desk', organizationId: organization.id }],
    });

    const owner = await signInByEmail(t.app, 'boss@initech.test');
    expect(owner.id).toBe(organization.id);
  });

  it('refuses to create a tier under the wrong kind of account', async () => {
    const response = await call(
      'POST',
      `/api/v2/createOrganization?targetResellerId=${ids.partner}`,
      'partner',
      { orgName: 'Wrong' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(`Account ${ids.partner} is not a reseller`);
  });

  it('pages organizations, 0-based, with the total', async () => {
    const first = await call('GET', '/api/v2/listOrganizations?pageSize=2&page=0', 'reseller');
    const body = first.json<{
      accounts: { username: string }[];
      totalAccounts: number;
      pageNumber: number;
    }>();
    expect(body.totalAccounts).toBe(3);
    expect(body.accounts.map((a) => a.username)).toEqual(['acme', 'globex']);
    const second = await call('GET', '/api/v2/listOrganizations?pageSize=2&page=1', 'reseller');
    expect(second.json<{ accounts: { username: string }[] }>().accounts.map((a) => a.username)).toEqual([
      'initech',
    ]);
  });

  it('lists the resellers of a partner', async () => {
    const response = await call('GET', '/api/v2/listResellers', 'partner');
    expect(response.json()).toMatchObject({
      totalAccounts: 1,
      accounts: [{ username: 'reseller', type: 'reseller' }],
    });
  });
});

describe('changing and deleting', () => {
  it('saves settings by merging keys', async () => {
    await call('POST', '/api/v1/accountSetting', 'acme', {
      settings: { lastAccountId: { agent: ids.agent1 }, walkthrough: { version: 1, completed: [] } },
    });
    const saved = await call('POST', '/api/v1/accountSetting', 'acme', {
      settings: { walkthrough: null, onboarding: { onboardingComplete: true } },
    });
    expect(saved.json()).toEqual({
      success: true,
      settings: { lastAccountId: { agent: ids.agent1 }, onboarding: { onboardingComplete: true } },
    });
  });

  it("writes only the settings the caller's role may change, naming each refused key", async () => {
    const unknown = await call('POST', '/api/v1/accountSetting', 'acme', {
      settings: { theme: 'dark', mobileCheckIn: { value: 'forged' }, constructor: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(
      'body.settings.theme: is not a setting this call can change; ' +
        'body.settings.mobileCheckIn: is not a setting this call can change; ' +
        'body.settings.constructor: is not a setting this call can change',
    );
    const reserved = await call('POST', '/api/v1/accountSetting', 'acme', {
      settings: { smsMessaging: false },
    });
    expect(reserved.statusCode).toBe(403);
    expect(reserved.json<{ message: string }>().message).toBe(
      'body.settings.smsMessaging: only partners and resellers can change it',
    );
    const byReseller = await call('POST', `/api/v1/accountSetting?targetAccountId=${ids.acme}`, 'reseller', {
      settings: { smsMessaging: false },
    });
    expect(byReseller.statusCode).toBe(200);
    expect(byReseller.json()).toMatchObject({ settings: { smsMessaging: false } });
    const after = await call('POST', '/api/v1/accountSetting', 'acme', { settings: {} });
    expect(after.json<{ settings: Record<string, unknown> }>().settings).not.toHaveProperty('theme');
  });

  it('updates the profile and refuses another tier name key', async () => {
    const ok = await call('POST', '/api/v1/account', 'acme', {
      orgName: 'Acme Dental Care',
      description: 'Smiles',
    });
    expect(ok.json<View>().account.displayName).toBe('Acme Dental Care');
    const wrong = await call('POST', '/api/v1/account', 'acme', { resellerName: 'Nope' });
    expect(wrong.statusCode).toBe(400);
  });

  it('lets the reseller change an organization, answering what applied', async () => {
    const response = await call(
      'POST',
      `/api/v2/updateOrganization?targetOrganizationId=${ids.globex}`,
      'reseller',
      {
        vidaPremium: true,
        email: 'not-an-email',
      },
    );
    expect(response.json()).toMatchObject({
      success: true,
      updatedSettings: ['vidaPremium'],
      failedSettings: ['email'],
    });
    const own = await call('POST', '/api/v2/updateOrganization', 'globex', { vidaPremium: true });
    expect(own.statusCode).toBe(403);
  });

  it('keeps deletion to those allowed, and keeps the data', async () => {
    const refused = await call('DELETE', `/api/v2/deleteAccount`, 'agent2', { targetAccountId: ids.agent2 });
    expect(refused.statusCode).toBe(403);
    const deleted = await call('DELETE', '/api/v2/deleteAccount', 'acme', { targetAccountId: ids.agent2 });
    expect(deleted.json()).toEqual({ success: true, message: 'Account deleted' });
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, ids.agent2 ?? 0));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.enabled).toBe(false);
    const listed = await call('GET', '/api/v2/listAccounts', 'acme');
    expect(listed.json<{ accounts: { username: string }[] }>().accounts.map((a) => a.username)).toEqual([
      'agent1',
    ]);
  });
});
