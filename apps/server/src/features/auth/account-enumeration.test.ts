import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  authTokens,
  desc,
  eq,
  memberships,
  outboxMessages,
  rateLimitHits,
  sql,
  users,
  verificationCodes,
} from '@switchboard/db';
import { demoEmail, readCodeFromOutbox, startApp, type ApiClient, type DemoApp } from '@switchboard/testing';

// Whether an address has an account must not show in what the sign-in calls answer, nor in the work they do (the
// time they take follows the work: bench/sign-in-timing prints the medians).

let kit: DemoApp;
beforeAll(async () => {
  kit = await startApp();
});
afterAll(() => kit.close());

const tables = { users, accounts, memberships, verificationCodes, outboxMessages, rateLimitHits, authTokens };

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await kit.db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** A call's status, body and the rows it added to every table it could write (by someone not signed in). */
async function observe(url: string, payload: Record<string, unknown>, client: ApiClient = kit.client()) {
  const before = await rowCounts();
  const response = await client.post(url, payload);
  const after = await rowCounts();
  const added = Object.fromEntries(
    Object.keys(before).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]),
  );
  return { status: response.status, body: response.body, added };
}

const lastMessageTo = async (to: string) => {
  const [message] = await kit.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return message;
};

const oneCodeOneMessage = {
  users: 0,
  accounts: 0,
  memberships: 0,
  verificationCodes: 1,
  outboxMessages: 1,
  rateLimitHits: 2,
  authTokens: 0,
};

describe('asking for a sign-in code', () => {
  it('answers and works alike for an email address with an account and one without', async () => {
    const known = await observe('/api/v1/signin/email', { email: demoEmail('agent1') });
    const unknown = await observe('/api/v1/signin/email', { email: 'stranger@example.com' });
    expect(unknown).toEqual(known);
    expect(known).toEqual({
      status: 200,
      body: { success: true, message: 'Check your messages for a 6-digit code. It expires in 10 minutes.' },
      added: oneCodeOneMessage,
    });
    expect((await lastMessageTo('stranger@example.com'))?.text).not.toMatch(/\d{6}/);
  });

  it('and for a phone number', async () => {
    await kit.db
      .update(users)
      .set({ phoneNumber: '+15550109001' })
      .where(eq(users.email, demoEmail('agent2')));
    const known = await observe('/api/v1/signin/phoneNumber', { phoneNumber: '+15550109001' });
    const unknown = await observe('/api/v1/signin/phoneNumber', { phoneNumber: '+15550109002' });
    expect(unknown).toEqual(known);
    expect(known.added).toEqual(oneCodeOneMessage);
    expect((await lastMessageTo('+15550109002'))?.text).toContain('No Switchboard account uses this number');
  });
});

describe('a wrong code', () => {
  it('answers and works alike for an address with an account and one without', async () => {
    const known = await observe('/api/v1/email/verify', {
      email: demoEmail('agent1'),
      verificationCode: '000001',
    });
    const unknown = await observe('/api/v1/email/verify', {
      email: 'stranger@example.com',
      verificationCode: '000001',
    });
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({ status: 401, body: { success: false, message: 'Could not verify code.' } });
    expect(known.added).toMatchObject({ verificationCodes: 0, outboxMessages: 0, rateLimitHits: 1 });
  });
});

describe('signing up', () => {
  const form = { name: 'Ana Owner', businessName: 'Ana Bakery' };

  it('answers and works alike for an address with an account and a new one, creating nothing yet', async () => {
    const known = await observe('/api/v1/signup/email', { email: demoEmail('acme'), ...form });
    const unknown = await observe('/api/v1/signup/email', { email: 'ana@bakery.test', ...form });
    expect(unknown).toEqual(known);
    expect(known).toEqual({
      status: 200,
      body: { success: true, message: 'Check your messages for a 6-digit code. It expires in 10 minutes.' },
      added: oneCodeOneMessage,
    });
  });

  it('tells an address with an account so, and its code signs in to that account', async () => {
    const mail = await lastMessageTo(demoEmail('acme'));
    expect(mail?.subject).toMatch(/^You already have a Switchboard account: sign in with code \d{6}$/);
    const verify = await kit.client().post('/api/v1/email/verify', {
      email: demoEmail('acme'),
      verificationCode: await readCodeFromOutbox(kit.app, demoEmail('acme')),
    });
    expect(verify.body).toMatchObject({ success: true, username: 'acme' });
    expect(
      await kit.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, demoEmail('acme'))),
    ).toHaveLength(1);
  });

  it('creates the organization of a new address once its code proves it', async () => {
    expect(await kit.db.select().from(users).where(eq(users.email, 'ana@bakery.test'))).toEqual([]);
    const verify = await kit.client().post('/api/v1/email/verify', {
      email: 'ana@bakery.test',
      verificationCode: await readCodeFromOutbox(kit.app, 'ana@bakery.test'),
    });
    expect(verify.status).toBe(200);
    const [organization] = await kit.db.select().from(accounts).where(eq(accounts.email, 'ana@bakery.test'));
    expect(organization).toMatchObject({ accountType: 'organization', name: 'Ana Owner' });
    // Signing up again with the now-known address creates nothing more.
    await kit.client().post('/api/v1/signup/email', { email: 'ana@bakery.test' });
    const again = await kit.client().post('/api/v1/email/verify', {
      email: 'ana@bakery.test',
      verificationCode: await readCodeFromOutbox(kit.app, 'ana@bakery.test'),
    });
    expect(again.body).toMatchObject({ success: true, id: organization?.id });
    expect(await kit.db.select().from(accounts).where(eq(accounts.email, 'ana@bakery.test'))).toHaveLength(1);
  });

  it('refuses a reseller that takes no sign-ups alike for both', async () => {
    const known = await observe('/api/v1/signup/email', { email: demoEmail('globex'), accountId: 999_999 });
    const unknown = await observe('/api/v1/signup/email', { email: 'new@bakery.test', accountId: 999_999 });
    expect(unknown).toEqual(known);
    expect(known.status).toBe(400);
  });
});

describe('proving a new sign-in address', () => {
  it('answers and works alike whether the address signs in to someone else or to nobody', async () => {
    const agent3 = await kit.signIn('agent3');
    const taken = await observe(
      '/api/v1/email/requestVerificationCode',
      { email: demoEmail('globex') },
      agent3,
    );
    const free = await observe(
      '/api/v1/email/requestVerificationCode',
      { email: 'free@agent3.test' },
      agent3,
    );
    expect(taken).toEqual(free);
    expect(taken).toMatchObject({ status: 200, added: oneCodeOneMessage });
    const note = await lastMessageTo(demoEmail('globex'));
    expect(note?.subject).toBe('This email address already signs in to Switchboard');
    expect(note?.text).not.toMatch(/\d{6}/);
  });
});
