import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  demoEmail,
  inviteMember,
  startApp,
  type ApiClient,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';
import { eq, memberships, users } from '@switchboard/db';

type AdminUser = {
  id: number;
  email: string | null;
  name: string | null;
  isOwner: boolean;
  createdAt: string;
};
type Outbox = { items: { to: string; subject: string | null; text: string }[] };

const adminUsers = async (client: ApiClient, target?: number) => {
  const response = await client.get<{ success: boolean; users: AdminUser[] }>(
    `/api/v2/listAdminUsers${target ? `?targetAccountId=${target}` : ''}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.users;
};

const userIdOf = async (kit: DemoApp, email: string) => {
  const [row] = await kit.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

describe('admin users', () => {
  let kit: DemoApp;
  let as: Record<'reseller' | 'acme' | 'globex' | 'agent1', SignedInClient>;

  beforeAll(async () => {
    kit = await startApp({ env: { PUBLIC_URL: 'https://switchboard.example.test' } });
    as = await kit.signInEach('reseller', 'acme', 'globex', 'agent1');
  });
  afterAll(() => kit.close());

  it("lists the organization's own owner", async () => {
    const list = await adminUsers(as.acme);
    const createdAt = list[0]?.createdAt ?? '';
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(list).toEqual([
      {
        id: await userIdOf(kit, demoEmail('acme')),
        email: demoEmail('acme'),
        name: 'Acme Dental',
        isOwner: true,
        createdAt,
      },
    ]);
    expect(await adminUsers(as.reseller, kit.ids.acme)).toEqual(list);
  });

  it("refuses another tenant's organization", async () => {
    expect((await as.globex.get(`/api/v2/listAdminUsers?targetAccountId=${kit.ids.acme}`)).status).toBe(403);
    expect((await as.agent1.get(`/api/v2/listAdminUsers?targetAccountId=${kit.ids.acme}`)).status).toBe(403);
  });

  it('invites a new person, who signs in with their own email and reaches the organization', async () => {
    const invite = await as.acme.post('/api/v2/inviteAdminUser', {
      email: ' Dana@Example.test ',
      redirectUrl: 'https://portal.example.test/welcome',
    });
    expect(invite.status, invite.text).toBe(201);
    expect(invite.body).toEqual({ success: true, message: 'Invitation sent' });

    const outbox = await kit.client().get<Outbox>('/api/dev/outbox?to=dana@example.test');
    const [mail] = outbox.body.items;
    expect(mail?.subject).toContain('Acme Dental');
    expect(mail?.text).toContain('Acme Dental');
    expect(mail?.text).toContain('https://portal.example.test/welcome');
    expect(mail?.text).toContain('dana@example.test');

    const list = await adminUsers(as.acme);
    expect(list.map((user) => [user.email, user.isOwner])).toEqual([
      [demoEmail('acme'), true],
      ['dana@example.test', false],
    ]);
    const [person] = await kit.db.select().from(users).where(eq(users.email, 'dana@example.test'));
    expect(person?.accountId).toBeNull();

    const dana = await kit.signIn('dana@example.test');
    const acme = await dana.get(`/api/v1/account?targetAccountId=${kit.ids.acme}`);
    expect(acme.status).toBe(200);
    expect(acme.body).toMatchObject({
      account: { username: 'acme' },
      user: { email: 'dana@example.test' },
    });
    const agents = await dana.get(`/api/v2/listAccounts?targetAccountId=${kit.ids.acme}`);
    expect(agents.body).toMatchObject({ totalAccounts: 2 });
    expect((await dana.get(`/api/v1/account?targetAccountId=${kit.ids.globex}`)).status).toBe(403);
  });

  it('links to the app when no redirectUrl is given, and can make an owner', async () => {
    const invite = await as.globex.post('/api/v2/inviteAdminUser', {
      email: 'owen@example.test',
      isOwner: true,
    });
    expect(invite.status).toBe(201);
    const outbox = await kit.client().get<Outbox>('/api/dev/outbox?to=owen@example.test');
    const [mail] = outbox.body.items;
    expect(mail?.text).toContain('https://switchboard.example.test/app');
    expect(mail?.text).toContain('Globex Plumbing');
    expect(mail?.text).toContain('as an owner');
    const list = await adminUsers(as.globex);
    expect(list.find((user) => user.email === 'owen@example.test')?.isOwner).toBe(true);
  });

  it('refuses an invalid email, a non-web redirect and a second invitation', async () => {
    const bad = await as.acme.post('/api/v2/inviteAdminUser', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    const script = await as.acme.post('/api/v2/inviteAdminUser', {
      email: 'eve@example.test',
      redirectUrl: 'javascript:alert(1)',
    });
    expect(script.status).toBe(400);
    const again = await as.acme.post('/api/v2/inviteAdminUser', {
      email: 'DANA@example.test',
    });
    expect(again.status).toBe(409);
    const owner = await as.acme.post('/api/v2/inviteAdminUser', { email: demoEmail('acme') });
    expect(owner.status).toBe(409);
    const sibling = await as.globex.post(`/api/v2/inviteAdminUser?targetAccountId=${kit.ids.acme}`, {
      email: 'mallory@example.test',
    });
    expect(sibling.status).toBe(403);
    const invited = await kit.db.select().from(users).where(eq(users.email, 'mallory@example.test'));
    expect(invited).toEqual([]);
  });

  it('invites a person who already has an account elsewhere', async () => {
    const invite = await as.globex.post('/api/v2/inviteAdminUser', {
      email: demoEmail('agent1'),
    });
    expect(invite.status).toBe(201);
    const agentOwner = await kit.signIn('agent1');
    expect((await agentOwner.get(`/api/v1/account?targetAccountId=${kit.ids.globex}`)).status).toBe(200);
    const [home] = await kit.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('agent1')));
    expect(home?.accountId).toBe(kit.ids.agent1);

    // globex can remove them again although their own account is acme's agent1.
    const removed = await as.globex.delete('/api/v2/deleteAdminUser', {
      targetUserId: home?.id,
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await agentOwner.get(`/api/v1/account?targetAccountId=${kit.ids.globex}`)).status).toBe(403);
  });

  it('removes an admin user, who then loses access', async () => {
    const danaId = await userIdOf(kit, 'dana@example.test');
    const dana = await kit.signIn('dana@example.test');
    const removed = await as.acme.delete('/api/v2/deleteAdminUser', { targetUserId: danaId });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({
      success: true,
      message: 'Admin user successfully removed from your organization',
    });
    expect((await adminUsers(as.acme)).map((user) => user.email)).toEqual([demoEmail('acme')]);
    expect((await dana.get(`/api/v1/account?targetAccountId=${kit.ids.acme}`)).status).toBe(403);
    const again = await as.acme.delete('/api/v2/deleteAdminUser', { targetUserId: danaId });
    expect(again.status).toBe(404);
  });

  it('answers 404 for unknown people, people of another tenant and people who are not admins here', async () => {
    const unknown = await as.acme.delete('/api/v2/deleteAdminUser', {
      targetUserId: 99_999_999,
    });
    expect(unknown.status).toBe(404);
    const globexOwner = await userIdOf(kit, demoEmail('globex'));
    const foreign = await as.acme.delete('/api/v2/deleteAdminUser', {
      targetUserId: globexOwner,
    });
    expect(foreign.status).toBe(404);
    const [still] = await kit.db.select().from(users).where(eq(users.id, globexOwner));
    expect(still?.accountId).toBe(kit.ids.globex);
    // agent1's owner is in acme's tree but administers agent1, not acme.
    const agentOwner = await userIdOf(kit, demoEmail('agent1'));
    const notAdmin = await as.acme.delete('/api/v2/deleteAdminUser', {
      targetUserId: agentOwner,
    });
    expect(notAdmin.status).toBe(404);
    expect((await as.acme.delete('/api/v2/deleteAdminUser', { targetUserId: 'x' })).status).toBe(400);
  });

  it('keeps the last owner, and lets an owner leave once another owner exists', async () => {
    const initechId = (await createOrganization(as.reseller, { name: 'Initech', email: 'bill@initech.test' }))
      .id;
    const bill = await kit.signIn('bill@initech.test');
    const billId = await userIdOf(kit, 'bill@initech.test');

    const last = await bill.delete<{ message: string }>('/api/v2/deleteAdminUser', { targetUserId: billId });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('You cannot remove the last owner of this organization');

    await inviteMember(bill, { email: 'peter@initech.test', isOwner: true });
    const peter = await kit.signIn('peter@initech.test');
    const peterId = await userIdOf(kit, 'peter@initech.test');
    // A co-owner has no more say than Bill, so cannot remove him; Bill can leave.
    const removed = await peter.delete<{ message: string }>('/api/v2/deleteAdminUser', {
      targetUserId: billId,
    });
    expect(removed.status).toBe(403);
    expect(removed.body.message).toBe(
      'You can remove only admin users with less say over this organization than you',
    );
    const leave = await bill.delete('/api/v2/deleteAdminUser', { targetUserId: billId });
    expect(leave.status).toBe(200);
    const [billRow] = await kit.db.select().from(users).where(eq(users.id, billId));
    expect(billRow?.accountId).toBeNull();
    expect((await bill.get(`/api/v1/account?targetAccountId=${initechId}`)).status).toBe(403);

    const peterLast = await peter.delete('/api/v2/deleteAdminUser', {
      targetUserId: peterId,
    });
    expect(peterLast.status).toBe(409);
    const rows = await kit.db.select().from(memberships).where(eq(memberships.accountId, initechId));
    expect(rows.map((row) => [row.userId, row.isOwner])).toEqual([[peterId, true]]);
  });
});

describe('admin user permissions', () => {
  let kit: DemoApp;
  let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;

  beforeAll(async () => {
    kit = await startApp({ env: { TEST_ACCOUNT_USERNAMES: 'agent1,globex' } });
    as = await kit.signInEach('acme', 'globex', 'agent1');
  });
  afterAll(() => kit.close());

  it('lets a test account see its admin users but not invite or remove them', async () => {
    expect((await adminUsers(as.globex)).map((user) => user.email)).toEqual([demoEmail('globex')]);
    const invite = await as.globex.post<{ message: string }>('/api/v2/inviteAdminUser', {
      email: 'x@example.test',
    });
    expect(invite.status).toBe(403);
    expect(invite.body.message).toBe('You do not have permission to invite admin users to this account');
    const owner = await userIdOf(kit, demoEmail('globex'));
    const remove = await as.globex.delete<{ message: string }>('/api/v2/deleteAdminUser', {
      targetUserId: owner,
    });
    expect(remove.status).toBe(403);
    expect(remove.body.message).toBe('You do not have permission to manage the admin users of this account');
    const outbox = await kit.client().get<Outbox>('/api/dev/outbox?to=x@example.test');
    expect(outbox.body.items).toEqual([]);
  });

  it('keeps an agent account test user out of user management, and out of its organization', async () => {
    const invite = await as.agent1.post('/api/v2/inviteAdminUser', {
      email: 'y@example.test',
    });
    expect(invite.status).toBe(403);
    const up = await as.agent1.post(`/api/v2/inviteAdminUser?targetAccountId=${kit.ids.acme}`, {
      email: 'y@example.test',
    });
    expect(up.status).toBe(403);
  });

  it('still lets a regular organization manage its admin users', async () => {
    const invite = await as.acme.post('/api/v2/inviteAdminUser', { email: 'z@example.test' });
    expect(invite.status).toBe(201);
    const z = await userIdOf(kit, 'z@example.test');
    expect((await as.acme.delete('/api/v2/deleteAdminUser', { targetUserId: z })).status).toBe(200);
  });
});
