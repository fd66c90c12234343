import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { accounts, eq, memberships, seedDemoData, users } from '@switchboard/db';

type AdminUser = {
  id: number;
  email: string | null;
  name: string | null;
  isOwner: boolean;
  createdAt: string;
};
type Outbox = { items: { to: string; subject: string | null; text: string }[] };

async function demoIds(t: TestApp) {
  const ids: Record<string, number> = {};
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    ids[row.username] = row.id;
  }
  return ids;
}

const call = (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}token=${token}`,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const adminUsers = async (t: TestApp, token: string, target?: number) => {
  const response = await call(
    t,
    'GET',
    `/api/v2/listAdminUsers${target ? `?targetAccountId=${target}` : ''}`,
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: boolean; users: AdminUser[] }>().users;
};

const userIdOf = async (t: TestApp, email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

describe('admin users', () => {
  let t: TestApp;
  let id: Record<string, number>;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      env: { SIGNIN_CODES_PER_IP: '1000', PUBLIC_URL: 'https://switchboard.example.test' },
    });
    await seedDemoData(t.db);
    id = await demoIds(t);
    for (const who of ['reseller', 'acme', 'globex', 'agent1']) {
      token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
    }
  });
  afterAll(() => t.close());

  it("lists the organization's own owner", async () => {
    const list = await adminUsers(t, token.acme!);
    const createdAt = list[0]?.createdAt ?? '';
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(list).toEqual([
      {
        id: await userIdOf(t, demoEmail('acme')),
        email: demoEmail('acme'),
        name: 'Acme Dental',
        isOwner: true,
        createdAt,
      },
    ]);
    expect(await adminUsers(t, token.reseller!, id.acme)).toEqual(list);
  });

  it("refuses another tenant's organization", async () => {
    expect(
      (await call(t, 'GET', `/api/v2/listAdminUsers?targetAccountId=${id.acme}`, token.globex!)).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'GET', `/api/v2/listAdminUsers?targetAccountId=${id.acme}`, token.agent1!)).statusCode,
    ).toBe(403);
  });

  it('invites a new person, who signs in with their own email and reaches the organization', async () => {
    const invite = await call(t, 'POST', '/api/v2/inviteAdminUser', token.acme!, {
      email: ' Dana@Example.test ',
      redirectUrl: 'https://portal.example.test/welcome',
    });
    expect(invite.statusCode, invite.body).toBe(201);
    expect(invite.json()).toEqual({ success: true, message: 'Invitation sent' });

    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=dana@example.test' });
    const [mail] = outbox.json<Outbox>().items;
    expect(mail?.subject).toContain('Acme Dental');
    expect(mail?.text).toContain('Acme Dental');
    expect(mail?.text).toContain('https://portal.example.test/welcome');
    expect(mail?.text).toContain('dana@example.test');

    const list = await adminUsers(t, token.acme!);
    expect(list.map((user) => [user.email, user.isOwner])).toEqual([
      [demoEmail('acme'), true],
      ['dana@example.test', false],
    ]);
    const [person] = await t.db.select().from(users).where(eq(users.email, 'dana@example.test'));
    expect(person?.accountId).toBeNull();

    const dana = await signInByEmail(t.app, 'dana@example.test');
    const acme = await call(t, 'GET', `/api/v1/account?targetAccountId=${id.acme}`, dana.token);
    expect(acme.statusCode).toBe(200);
    expect(acme.json()).toMatchObject({
      account: { username: 'acme' },
      user: { email: 'dana@example.test' },
    });
    const agents = await call(t, 'GET', `/api/v2/listAccounts?targetAccountId=${id.acme}`, dana.token);
    expect(agents.json()).toMatchObject({ totalAccounts: 2 });
    expect(
      (await call(t, 'GET', `/api/v1/account?targetAccountId=${id.globex}`, dana.token)).statusCode,
    ).toBe(403);
  });

  it('links to the app when no redirectUrl is given, and can make an owner', async () => {
    const invite = await call(t, 'POST', '/api/v2/inviteAdminUser', token.globex!, {
      email: 'owen@example.test',
      isOwner: true,
    });
    expect(invite.statusCode).toBe(201);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=owen@example.test' });
    const [mail] = outbox.json<Outbox>().items;
    expect(mail?.text).toContain('https://switchboard.example.test/app');
    expect(mail?.text).toContain('Globex Plumbing');
    expect(mail?.text).toContain('as an owner');
    const list = await adminUsers(t, token.globex!);
    expect(list.find((user) => user.email === 'owen@example.test')?.isOwner).toBe(true);
  });

  it('refuses an invalid email, a non-web redirect and a second invitation', async () => {
    const bad = await call(t, 'POST', '/api/v2/inviteAdminUser', token.acme!, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const script = await call(t, 'POST', '/api/v2/inviteAdminUser', token.acme!, {
      email: 'eve@example.test',
      redirectUrl: 'javascript:alert(1)',
    });
    expect(script.statusCode).toBe(400);
    const again = await call(t, 'POST', '/api/v2/inviteAdminUser', token.acme!, {
      email: 'DANA@example.test',
    });
    expect(again.statusCode).toBe(409);
    const owner = await call(t, 'POST', '/api/v2/inviteAdminUser', token.acme!, { email: demoEmail('acme') });
    expect(owner.statusCode).toBe(409);
    const sibling = await call(
      t,
      'POST',
      `/api/v2/inviteAdminUser?targetAccountId=${id.acme}`,
      token.globex!,
      {
        email: 'mallory@example.test',
      },
    );
    expect(sibling.statusCode).toBe(403);
    const invited = await t.db.select().from(users).where(eq(users.email, 'mallory@example.test'));
    expect(invited).toEqual([]);
  });

  it('invites a person who already has an account elsewhere', async () => {
    const invite = await call(t, 'POST', '/api/v2/inviteAdminUser', token.globex!, {
      email: demoEmail('agent1'),
    });
    expect(invite.statusCode).toBe(201);
    const agentOwner = await signInByEmail(t.app, demoEmail('agent1'));
    expect(
      (await call(t, 'GET', `/api/v1/account?targetAccountId=${id.globex}`, agentOwner.token)).statusCode,
    ).toBe(200);
    const [home] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('agent1')));
    expect(home?.accountId).toBe(id.agent1);

    // globex can remove them again although their own account is acme's agent1.
    const removed = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.globex!, {
      targetUserId: home?.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await call(t, 'GET', `/api/v1/account?targetAccountId=${id.globex}`, agentOwner.token)).statusCode,
    ).toBe(403);
  });

  it('removes an admin user, who then loses access', async () => {
    const danaId = await userIdOf(t, 'dana@example.test');
    const dana = await signInByEmail(t.app, 'dana@example.test');
    const removed = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, { targetUserId: danaId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      success: true,
      message: 'Admin user successfully removed from your organization',
    });
    expect((await adminUsers(t, token.acme!)).map((user) => user.email)).toEqual([demoEmail('acme')]);
    expect((await call(t, 'GET', `/api/v1/account?targetAccountId=${id.acme}`, dana.token)).statusCode).toBe(
      403,
    );
    const again = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, { targetUserId: danaId });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for unknown people, people of another tenant and people who are not admins here', async () => {
    const unknown = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, {
      targetUserId: 99_999_999,
    });
    expect(unknown.statusCode).toBe(404);
    const globexOwner = await userIdOf(t, demoEmail('globex'));
    const foreign = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, {
      targetUserId: globexOwner,
    });
    expect(foreign.statusCode).toBe(404);
    const [still] = await t.db.select().from(users).where(eq(users.id, globexOwner));
    expect(still?.accountId).toBe(id.globex);
    // agent1's owner is in acme's tree but administers agent1, not acme.
    const agentOwner = await userIdOf(t, demoEmail('agent1'));
    const notAdmin = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, {
      targetUserId: agentOwner,
    });
    expect(notAdmin.statusCode).toBe(404);
    expect(
      (await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, { targetUserId: 'x' })).statusCode,
    ).toBe(400);
  });

  it('keeps the last owner, and lets an owner leave once another owner exists', async () => {
    const created = await call(t, 'POST', '/api/v2/createOrganization', token.reseller!, {
      orgName: 'Initech',
      email: 'bill@initech.test',
    });
    expect(created.statusCode).toBe(201);
    const initechId = created.json<{ organization: { id: number } }>().organization.id;
    const bill = await signInByEmail(t.app, 'bill@initech.test');
    const billId = await userIdOf(t, 'bill@initech.test');

    const last = await call(t, 'DELETE', '/api/v2/deleteAdminUser', bill.token, { targetUserId: billId });
    expect(last.statusCode).toBe(409);
    expect(last.json<{ message: string }>().message).toBe(
      'You cannot remove the last owner of this organization',
    );

    await call(t, 'POST', '/api/v2/inviteAdminUser', bill.token, {
      email: 'peter@initech.test',
      isOwner: true,
    });
    const peter = await signInByEmail(t.app, 'peter@initech.test');
    const peterId = await userIdOf(t, 'peter@initech.test');
    // A co-owner has no more say than Bill, so cannot remove him; Bill can leave.
    const removed = await call(t, 'DELETE', '/api/v2/deleteAdminUser', peter.token, { targetUserId: billId });
    expect(removed.statusCode).toBe(403);
    expect(removed.json<{ message: string }>().message).toBe(
      'You can remove only admin users with less say over this organization than you',
    );
    const leave = await call(t, 'DELETE', '/api/v2/deleteAdminUser', bill.token, { targetUserId: billId });
    expect(leave.statusCode).toBe(200);
    const [billRow] = await t.db.select().from(users).where(eq(users.id, billId));
    expect(billRow?.accountId).toBeNull();
    expect(
      (await call(t, 'GET', `/api/v1/account?targetAccountId=${initechId}`, bill.token)).statusCode,
    ).toBe(403);

    const peterLast = await call(t, 'DELETE', '/api/v2/deleteAdminUser', peter.token, {
      targetUserId: peterId,
    });
    expect(peterLast.statusCode).toBe(409);
    const rows = await t.db.select().from(memberships).where(eq(memberships.accountId, initechId));
    expect(rows.map((row) => [row.userId, row.isOwner])).toEqual([[peterId, true]]);
  });
});

describe('admin user permissions', () => {
  let t: TestApp;
  let id: Record<string, number>;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      env: { SIGNIN_CODES_PER_IP: '1000', TEST_ACCOUNT_USERNAMES: 'agent1,globex' },
    });
    await seedDemoData(t.db);
    id = await demoIds(t);
    for (const who of ['acme', 'globex', 'agent1'])
      token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  });
  afterAll(() => t.close());

  it('lets a test account see its admin users but not invite or remove them', async () => {
    expect((await adminUsers(t, token.globex!)).map((user) => user.email)).toEqual([demoEmail('globex')]);
    const invite = await call(t, 'POST', '/api/v2/inviteAdminUser', token.globex!, {
      email: 'x@example.test',
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json<{ message: string }>().message).toBe(
      'You do not have permission to invite admin users to this account',
    );
    const owner = await userIdOf(t, demoEmail('globex'));
    const remove = await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.globex!, { targetUserId: owner });
    expect(remove.statusCode).toBe(403);
    expect(remove.json<{ message: string }>().message).toBe(
      'You do not have permission to manage the admin users of this account',
    );
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=x@example.test' });
    expect(outbox.json<Outbox>().items).toEqual([]);
  });

  it('keeps an agent account test user out of user management, and out of its organization', async () => {
    const invite = await call(t, 'POST', '/api/v2/inviteAdminUser', token.agent1!, {
      email: 'y@example.test',
    });
    expect(invite.statusCode).toBe(403);
    const up = await call(t, 'POST', `/api/v2/inviteAdminUser?targetAccountId=${id.acme}`, token.agent1!, {
      email: 'y@example.test',
    });
    expect(up.statusCode).toBe(403);
  });

  it('still lets a regular organization manage its admin users', async () => {
    const invite = await call(t, 'POST', '/api/v2/inviteAdminUser', token.acme!, { email: 'z@example.test' });
    expect(invite.statusCode).toBe(201);
    const z = await userIdOf(t, 'z@example.test');
    expect(
      (await call(t, 'DELETE', '/api/v2/deleteAdminUser', token.acme!, { targetUserId: z })).statusCode,
    ).toBe(200);
  });
});
