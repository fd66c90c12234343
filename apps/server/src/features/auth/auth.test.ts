import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  demoEmail,
  readCodeFromOutbox,
  signInByEmail,
  type TestApp,
} from '@switchboard/testing';
import { accounts, authTokens, eq, outboxMessages, seedDemoData, verificationCodes } from '@switchboard/db';
import { hashToken } from './secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IDENTIFIER: '5', SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const account = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/account?token=${token}` });

describe('sign-in by email', () => {
  it('sends a code to the outbox and exchanges it for a session', async () => {
    const sent = await post('/api/v1/signin/email', { email: 'ACME@demo.switchboard.test ' });
    expect(sent.statusCode).toBe(200);
    const code = await readCodeFromOutbox(t.app, demoEmail('acme'));
    const verify = await post('/api/v1/email/verify', { email: demoEmail('acme'), verificationCode: code });
    expect(verify.statusCode).toBe(200);
    const body = verify.json<{
      success: boolean;
      token: string;
      authToken: string;
      username: string;
      id: number;
    }>();
    expect(body.success).toBe(true);
    expect(body.token).toBe(body.authToken);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.username).toBe('acme');
    const me = await account(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json<{ account: { id: number; username: string } }>().account).toMatchObject({
      id: body.id,
      username: 'acme',
    });
  });

  it('names the brand of the host the code was asked from', async () => {
    const own = await post('/api/v1/signin/email', { email: demoEmail('partner') });
    expect(own.statusCode).toBe(200);
    const whiteLabel = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signin/email',
      headers: { host: 'demo-reseller.localhost:3000' },
      payload: { email: demoEmail('partner') },
    });
    expect(whiteLabel.statusCode).toBe(200);
    const sent = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, demoEmail('partner')))
      .orderBy(outboxMessages.id);
    expect(sent.map((message) => message.subject?.replace(/\d{6}/, 'NNNNNN'))).toEqual([
      'Your Switchboard sign-in code: NNNNNN',
      'Your Demo Voice sign-in code: NNNNNN',
    ]);
  });

  it('stores only the hash of a session token', async () => {
    const { token } = await signInByEmail(t.app, demoEmail('globex'));
    const rows = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await t.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(all.some((row) => row.hash === token)).toBe(false);
  });

  it('answers an unknown address exactly like a known one, sending it a note without a code', async () => {
    const before = (await t.db.select().from(outboxMessages)).length;
    const unknown = await post('/api/v1/signin/email', { email: 'nobody@example.com' });
    const known = await post('/api/v1/signin/email', { email: demoEmail('agent3') });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const after = await t.db.select().from(outboxMessages);
    expect(after.length).toBe(before + 2);
    const note = after.find((item) => item.to === 'nobody@example.com');
    expect(note?.subject).toBe('Signing in to Switchboard');
    expect(note?.text).toContain('no account uses it');
    expect(note?.text).not.toMatch(/\d{6}/);
  });

  it('uses a code once', async () => {
    await post('/api/v1/signin/email', { email: demoEmail('agent2') });
    const code = await readCodeFromOutbox(t.app, demoEmail('agent2'));
    expect(
      (await post('/api/v1/email/verify', { email: demoEmail('agent2'), verificationCode: code })).statusCode,
    ).toBe(200);
    const again = await post('/api/v1/email/verify', { email: demoEmail('agent2'), verificationCode: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, message: 'Could not verify code.' });
  });

  it('burns a code after 5 wrong tries, even when they arrive together', async () => {
    await post('/api/v1/signin/email', { email: demoEmail('reseller') });
    const code = await readCodeFromOutbox(t.app, demoEmail('reseller'));
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/v1/email/verify', { email: demoEmail('reseller'), verificationCode: wrong }),
      ),
    );
    expect(tries.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const right = await post('/api/v1/email/verify', {
      email: demoEmail('reseller'),
      verificationCode: code,
    });
    expect(right.statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.identifier, demoEmail('reseller')));
    expect(row?.attempts).toBe(5);
  });

  it('rejects a malformed code with a 400 naming the field', async () => {
    const response = await post('/api/v1/email/verify', {
      email: demoEmail('acme'),
      verificationCode: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'body.verificationCode: must be the 6-digit code',
    );
  });

  it('limits how many codes one address can be sent', async () => {
    const email = demoEmail('agent1');
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 6; i++) {
      limited = await post('/api/v1/signin/email', { email });
      statuses.push(limited.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The first of the five codes leaves the 10-minute window in just under 10 minutes.
    const retryAfter = Number(limited?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited?.json<{ message: string }>().message).toBe(
      'Too many codes were requested. Try again in 10 minutes.',
    );
  });
});

describe('sessions', () => {
  it('end on logout', async () => {
    const { token } = await signInByEmail(t.app, demoEmail('partner'));
    expect((await account(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: `/api/v1/logout?token=${token}` });
    expect(out.statusCode).toBe(200);
    expect((await account(token)).statusCode).toBe(401);
  });

  it('stop working, with the reason, once the account is disabled', async () => {
    const admin = await signInByEmail(t.app, demoEmail('superadmin'));
    const { token } = await signInByEmail(t.app, demoEmail('globex'));
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/v1/disableAccount?token=${admin.token}`,
      payload: { username: 'globex', reason: 'unpaid invoices' },
    });
    expect(disable.json()).toEqual({ success: true, message: 'Organization disabled!' });
    const refused = await account(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('This account is disabled: unpaid invoices');
    // Nor can it sign in again.
    await post('/api/v1/signin/email', { email: demoEmail('globex') });
    const code = await readCodeFromOutbox(t.app, demoEmail('globex'));
    const verify = await post('/api/v1/email/verify', { email: demoEmail('globex'), verificationCode: code });
    expect(verify.statusCode).toBe(403);
    const enable = await t.app.inject({
      method: 'POST',
      url: `/api/v1/enableAccount?token=${admin.token}`,
      payload: { username: 'globex' },
    });
    expect(enable.json()).toEqual({ success: true, message: 'Account enabled!' });
    expect((await account(token)).statusCode).toBe(200);
  });
});

describe('temporary and one-time tokens', () => {
  it('allocates an anonymous session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/allocateTempUserSession' });
    const body = response.json<{ id: number; token: string; username: string }>();
    expect(body.username).toBe(`guest-${body.id}`);
    expect(body.token).toHaveLength(43);
  });

  it('lets a reseller mint a single-use sign-in token for a person in its tree only', async () => {
    const reseller = await signInByEmail(t.app, demoEmail('reseller'));
    const mint = await t.app.inject({
      method: 'GET',
      url: `/api/v2/auth/account/oneTimeAuthToken?token=${reseller.token}&email=${demoEmail('acme')}`,
    });
    expect(mint.statusCode).toBe(200);
    const { authToken } = mint.json<{ authToken: string }>();
    const first = await t.app.inject({ method: 'GET', url: `/api/v1/oneTimeAuth?oneTimeToken=${authToken}` });
    expect(first.json()).toMatchObject({ success: true, username: 'acme' });
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/oneTimeAuth?oneTimeToken=${authToken}`,
    });
    expect(second.statusCode).toBe(401);
    expect(second.json<{ message: string }>().message).toBe('Could not authenticate with token');

    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/v2/auth/account/oneTimeAuthToken?token=${reseller.token}&email=someone@else.test`,
    });
    expect(outside.statusCode).toBe(404);
    const organization = await signInByEmail(t.app, demoEmail('acme'));
    const notReseller = await t.app.inject({
      method: 'GET',
      url: `/api/v2/auth/account/oneTimeAuthToken?token=${organization.token}&email=${demoEmail('agent1')}`,
    });
    expect(notReseller.statusCode).toBe(403);
  });
});

describe('sign-up', () => {
  it('creates an organization with a first agent under the default reseller and signs in with the code', async () => {
    const email = 'founder@newco.test';
    const response = await post('/api/v1/signup/email', {
      email,
      name: 'Nia Founder',
      businessName: 'NewCo Bakery',
    });
    expect(response.statusCode).toBe(200);
    const code = await readCodeFromOutbox(t.app, email);
    const session = (await post('/api/v1/email/verify', { email, verificationCode: code })).json<{
      token: string;
    }>();
    const me = (await account(session.token)).json<{
      account: { accountType: string; displayName: string; resellerId: number };
    }>();
    expect(me.account).toMatchObject({ accountType: 'organization', displayName: 'NewCo Bakery' });
    const agents = await t.app.inject({ method: 'GET', url: `/api/v2/listAccounts?token=${session.token}` });
    expect(agents.json()).toMatchObject({
      totalAccounts: 1,
      accounts: [{ displayName: 'NewCo Bakery Agent' }],
    });
  });

  it('is finished by a new code asked for from the sign-in form, and creates nothing before', async () => {
    const email = 'second@newco.test';
    await post('/api/v1/signup/email', { email, businessName: 'Second Bakery' });
    const first = await readCodeFromOutbox(t.app, email);
    // "Send a new code" asks for a sign-in code: while the sign-up waits, that code finishes it.
    expect((await post('/api/v1/signin/email', { email })).statusCode).toBe(200);
    const second = await readCodeFromOutbox(t.app, email);
    expect(await t.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
    expect((await post('/api/v1/email/verify', { email, verificationCode: first })).statusCode).toBe(401);
    const session = await post('/api/v1/email/verify', { email, verificationCode: second });
    expect(session.statusCode).toBe(200);
    const [organization] = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(organization?.details).toMatchObject({ orgName: 'Second Bakery' });
  });
});
