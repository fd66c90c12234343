import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoEmail,
  readCodeFromOutbox,
  startApp,
  type ApiClient,
  type ApiResponse,
  type DemoApp,
} from '@switchboard/testing';
import { accounts, authTokens, eq, outboxMessages, verificationCodes } from '@switchboard/db';
import { hashToken } from './secrets';

let kit: DemoApp;
/** Someone not signed in. */
let visitor: ApiClient;
beforeAll(async () => {
  kit = await startApp({ env: { SIGNIN_CODES_PER_IDENTIFIER: '5' } });
  visitor = kit.client();
});
afterAll(() => kit.close());

describe('sign-in by email', () => {
  it('sends a code to the outbox and exchanges it for a session', async () => {
    const sent = await visitor.post('/api/v1/signin/email', { email: 'ACME@demo.switchboard.test ' });
    expect(sent.status).toBe(200);
    const code = await readCodeFromOutbox(kit.app, demoEmail('acme'));
    const verify = await visitor.post<{
      success: boolean;
      token: string;
      authToken: string;
      username: string;
      id: number;
    }>('/api/v1/email/verify', { email: demoEmail('acme'), verificationCode: code });
    expect(verify.status).toBe(200);
    const body = verify.body;
    expect(body.success).toBe(true);
    expect(body.token).toBe(body.authToken);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.username).toBe('acme');
    const me = await kit
      .client(body.token)
      .get<{ account: { id: number; username: string } }>('/api/v1/account');
    expect(me.status).toBe(200);
    expect(me.body.account).toMatchObject({
      id: body.id,
      username: 'acme',
    });
  });

  it('names the brand of the host the code was asked from', async () => {
    const own = await visitor.post('/api/v1/signin/email', { email: demoEmail('partner') });
    expect(own.status).toBe(200);
    const whiteLabel = await kit
      .client()
      .post(
        '/api/v1/signin/email',
        { email: demoEmail('partner') },
        { headers: { host: 'demo-reseller.localhost:3000' } },
      );
    expect(whiteLabel.status).toBe(200);
    const sent = await kit.db
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
    const { token } = await kit.signIn('globex');
    const rows = await kit.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await kit.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(all.some((row) => row.hash === token)).toBe(false);
  });

  it('answers an unknown address exactly like a known one, sending it a note without a code', async () => {
    const before = (await kit.db.select().from(outboxMessages)).length;
    const unknown = await visitor.post('/api/v1/signin/email', { email: 'nobody@example.com' });
    const known = await visitor.post('/api/v1/signin/email', { email: demoEmail('agent3') });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const after = await kit.db.select().from(outboxMessages);
    expect(after.length).toBe(before + 2);
    const note = after.find((item) => item.to === 'nobody@example.com');
    expect(note?.subject).toBe('Signing in to Switchboard');
    expect(note?.text).toContain('no account uses it');
    expect(note?.text).not.toMatch(/\d{6}/);
  });

  it('uses a code once', async () => {
    await visitor.post('/api/v1/signin/email', { email: demoEmail('agent2') });
    const code = await readCodeFromOutbox(kit.app, demoEmail('agent2'));
    expect(
      (await visitor.post('/api/v1/email/verify', { email: demoEmail('agent2'), verificationCode: code }))
        .status,
    ).toBe(200);
    const again = await visitor.post('/api/v1/email/verify', {
      email: demoEmail('agent2'),
      verificationCode: code,
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, message: 'Could not verify code.' });
  });

  it('burns a code after 5 wrong tries, even when they arrive together', async () => {
    await visitor.post('/api/v1/signin/email', { email: demoEmail('reseller') });
    const code = await readCodeFromOutbox(kit.app, demoEmail('reseller'));
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        visitor.post('/api/v1/email/verify', { email: demoEmail('reseller'), verificationCode: wrong }),
      ),
    );
    expect(tries.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
    const right = await visitor.post('/api/v1/email/verify', {
      email: demoEmail('reseller'),
      verificationCode: code,
    });
    expect(right.status).toBe(401);
    const [row] = await kit.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.identifier, demoEmail('reseller')));
    expect(row?.attempts).toBe(5);
  });

  it('rejects a malformed code with a 400 naming the field', async () => {
    const response = await visitor.post<{ message: string }>('/api/v1/email/verify', {
      email: demoEmail('acme'),
      verificationCode: '12ab',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('body.verificationCode: must be the 6-digit code');
  });

  it('limits how many codes one address can be sent', async () => {
    const email = demoEmail('agent1');
    const statuses: number[] = [];
    let limited: ApiResponse<{ message: string }> | undefined;
    for (let i = 0; i < 6; i++) {
      limited = await visitor.post<{ message: string }>('/api/v1/signin/email', { email });
      statuses.push(limited.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The first of the five codes leaves the 10-minute window in just under 10 minutes.
    const retryAfter = Number(limited?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited?.body.message).toBe('Too many codes were requested. Try again in 10 minutes.');
  });
});

describe('sessions', () => {
  it('end on logout', async () => {
    const { token } = await kit.signIn('partner');
    expect((await kit.client(token).get('/api/v1/account')).status).toBe(200);
    const out = await kit.client(token).post('/api/v1/logout');
    expect(out.status).toBe(200);
    expect((await kit.client(token).get('/api/v1/account')).status).toBe(401);
  });

  it('stop working, with the reason, once the account is disabled', async () => {
    const admin = await kit.signIn('superadmin');
    const { token } = await kit.signIn('globex');
    const disable = await admin.post('/api/v1/disableAccount', {
      username: 'globex',
      reason: 'unpaid invoices',
    });
    expect(disable.body).toEqual({ success: true, message: 'Organization disabled!' });
    const refused = await kit.client(token).get<{ message: string }>('/api/v1/account');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account is disabled: unpaid invoices');
    // Nor can it sign in again.
    await visitor.post('/api/v1/signin/email', { email: demoEmail('globex') });
    const code = await readCodeFromOutbox(kit.app, demoEmail('globex'));
    const verify = await visitor.post('/api/v1/email/verify', {
      email: demoEmail('globex'),
      verificationCode: code,
    });
    expect(verify.status).toBe(403);
    const enable = await admin.post('/api/v1/enableAccount', { username: 'globex' });
    expect(enable.body).toEqual({ success: true, message: 'Account enabled!' });
    expect((await kit.client(token).get('/api/v1/account')).status).toBe(200);
  });
});

describe('temporary and one-time tokens', () => {
  it('allocates an anonymous session', async () => {
    const response = await kit
      .client()
      .get<{ id: number; token: string; username: string }>('/api/v1/allocateTempUserSession');
    const body = response.body;
    expect(body.username).toBe(`guest-${body.id}`);
    expect(body.token).toHaveLength(43);
  });

  it('lets a reseller mint a single-use sign-in token for a person in its tree only', async () => {
    const reseller = await kit.signIn('reseller');
    const mint = await reseller.get<{ authToken: string }>(
      `/api/v2/auth/account/oneTimeAuthToken?email=${demoEmail('acme')}`,
    );
    expect(mint.status).toBe(200);
    const { authToken } = mint.body;
    const first = await kit.client().get(`/api/v1/oneTimeAuth?oneTimeToken=${authToken}`);
    expect(first.body).toMatchObject({ success: true, username: 'acme' });
    const second = await kit
      .client()
      .get<{ message: string }>(`/api/v1/oneTimeAuth?oneTimeToken=${authToken}`);
    expect(second.status).toBe(401);
    expect(second.body.message).toBe('Could not authenticate with token');

    const outside = await reseller.get('/api/v2/auth/account/oneTimeAuthToken?email=someone@else.test');
    expect(outside.status).toBe(404);
    const organization = await kit.signIn('acme');
    const notReseller = await organization.get(
      `/api/v2/auth/account/oneTimeAuthToken?email=${demoEmail('agent1')}`,
    );
    expect(notReseller.status).toBe(403);
  });
});

describe('sign-up', () => {
  it('creates an organization with a first agent under the default reseller and signs in with the code', async () => {
    const email = 'founder@newco.test';
    const response = await visitor.post('/api/v1/signup/email', {
      email,
      name: 'Nia Founder',
      businessName: 'NewCo Bakery',
    });
    expect(response.status).toBe(200);
    const code = await readCodeFromOutbox(kit.app, email);
    const session = (
      await visitor.post<{
        token: string;
      }>('/api/v1/email/verify', { email, verificationCode: code })
    ).body;
    const me = (
      await kit.client(session.token).get<{
        account: { accountType: string; displayName: string; resellerId: number };
      }>('/api/v1/account')
    ).body;
    expect(me.account).toMatchObject({ accountType: 'organization', displayName: 'NewCo Bakery' });
    const agents = await kit.client(session.token).get('/api/v2/listAccounts');
    expect(agents.body).toMatchObject({
      totalAccounts: 1,
      accounts: [{ displayName: 'NewCo Bakery Agent' }],
    });
  });

  it('is finished by a new code asked for from the sign-in form, and creates nothing before', async () => {
    const email = 'second@newco.test';
    await visitor.post('/api/v1/signup/email', { email, businessName: 'Second Bakery' });
    const first = await readCodeFromOutbox(kit.app, email);
    // "Send a new code" asks for a sign-in code: while the sign-up waits, that code finishes it.
    expect((await visitor.post('/api/v1/signin/email', { email })).status).toBe(200);
    const second = await readCodeFromOutbox(kit.app, email);
    expect(await kit.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
    expect((await visitor.post('/api/v1/email/verify', { email, verificationCode: first })).status).toBe(401);
    const session = await visitor.post('/api/v1/email/verify', { email, verificationCode: second });
    expect(session.status).toBe(200);
    const [organization] = await kit.db.select().from(accounts).where(eq(accounts.email, email));
    expect(organization?.details).toMatchObject({ orgName: 'Second Bakery' });
  });
});
