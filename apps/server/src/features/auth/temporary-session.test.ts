import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  demoEmail,
  readCodeFromOutbox,
  signInByEmail,
  type TestApp,
} from '@switchboard/testing';
import { accounts, authTokens, eq, seedDemoData, users } from '@switchboard/db';
import { hashToken } from './secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IDENTIFIER: '5', SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function allocate() {
  const response = await get('/api/v1/allocateTempUserSession');
  expect(response.statusCode).toBe(200);
  return response.json<{ id: number; token: string; username: string }>();
}

const viewTemporary = (token: string) => get(`/api/v1/tempUserSession?token=${token}`);

describe('cloud id in the sign-in answer', () => {
  it("is the account's stored cloud id, the same on every sign-in", async () => {
    const first = await signInByEmail(t.app, demoEmail('acme'));
    const again = await signInByEmail(t.app, demoEmail('acme'));
    const [row] = await t.db
      .select({ cloudId: accounts.cloudId })
      .from(accounts)
      .where(eq(accounts.username, 'acme'));
    expect(row?.cloudId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const answers = [first, again].map((session) => session as unknown as { cloudId?: string });
    expect(answers.map((answer) => answer.cloudId)).toEqual([row?.cloudId, row?.cloudId]);
  });

  it('differs between accounts and comes with a phone sign-in too', async () => {
    const acme = await signInByEmail(t.app, demoEmail('acme'));
    const globex = await signInByEmail(t.app, demoEmail('globex'));
    expect((acme as unknown as { cloudId: string }).cloudId).not.toBe(
      (globex as unknown as { cloudId: string }).cloudId,
    );

    const { token } = acme;
    await post(`/api/v1/phoneNumber/requestVerificationCode?token=${token}`, { phoneNumber: '+15550104444' });
    await post(`/api/v1/phoneNumber/validateVerificationCode?token=${token}`, {
      phoneNumber: '+15550104444',
      verificationCode: await readCodeFromOutbox(t.app, '+15550104444'),
    });
    await post('/api/v1/signin/phoneNumber', { phoneNumber: '+15550104444' });
    const byPhone = await post('/api/v1/signin/phoneNumber/verify', {
      phoneNumber: '+15550104444',
      verificationCode: await readCodeFromOutbox(t.app, '+15550104444'),
      mobile: true,
    });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json()).toMatchObject({
      username: 'acme',
      cloudId: (acme as unknown as { cloudId: string }).cloudId,
    });
  });
});

describe('the anonymous account view', () => {
  it('answers the temporary session its token belongs to', async () => {
    const session = await allocate();
    const view = await viewTemporary(session.token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      success: true,
      temporary: true,
      id: session.id,
      username: session.username,
      data: {},
    });
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tempUserSession',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(byHeader.json<{ id: number }>().id).toBe(session.id);
  });

  it('answers success false with the reason for a missing, unknown, expired or session token', async () => {
    const missing = await get('/api/v1/tempUserSession');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, message: 'No auth token provided' });

    const unknown = await viewTemporary('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Unknown temporary session' });

    const expiring = await allocate();
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(expiring.token)));
    const expired = await viewTemporary(expiring.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ success: false, message: 'This temporary session has expired' });

    // A real session token is not a temporary session.
    const real = await signInByEmail(t.app, demoEmail('acme'));
    expect((await viewTemporary(real.token)).statusCode).toBe(401);
  });

  it('is claimed by the sign-up that carried it: the view then answers success false', async () => {
    const session = await allocate();
    const email = 'visitor@claimed.test';
    const signup = await post('/api/v1/signup/email', {
      email,
      businessName: 'Claimed Bakery',
      tempUserToken: session.token,
    });
    expect(signup.statusCode).toBe(200);
    // Asking for the code does not end the anonymous session yet.
    expect((await viewTemporary(session.token)).statusCode).toBe(200);

    const verify = await post('/api/v1/email/verify', {
      email,
      verificationCode: await readCodeFromOutbox(t.app, email),
    });
    expect(verify.statusCode).toBe(200);
    const signedIn = verify.json<{ token: string; cloudId: string }>();
    expect(signedIn.cloudId).toMatch(/^[0-9a-f-]{36}$/);

    const after = await viewTemporary(session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      success: false,
      message: 'This temporary session ended when its visitor signed in',
    });
    const [temporary] = await t.db.select().from(users).where(eq(users.id, session.id));
    const me = await get(`/api/v1/account?token=${signedIn.token}`);
    expect(temporary?.data).toEqual({ claimedByUserId: me.json<{ user: { id: number } }>().user.id });
  });

  it('is claimed by a phone sign-in that carried it', async () => {
    const { token } = await signInByEmail(t.app, demoEmail('globex'));
    await post(`/api/v1/phoneNumber/requestVerificationCode?token=${token}`, { phoneNumber: '+15550105555' });
    await post(`/api/v1/phoneNumber/validateVerificationCode?token=${token}`, {
      phoneNumber: '+15550105555',
      verificationCode: await readCodeFromOutbox(t.app, '+15550105555'),
    });
    const session = await allocate();
    const sent = await post('/api/v1/signin/phoneNumber', {
      phoneNumber: '+15550105555',
      tempUserToken: session.token,
    });
    expect(sent.statusCode).toBe(200);
    const verify = await post('/api/v1/signin/phoneNumber/verify', {
      phoneNumber: '+15550105555',
      verificationCode: await readCodeFromOutbox(t.app, '+15550105555'),
    });
    expect(verify.json()).toMatchObject({ success: true, username: 'globex' });
    expect((await viewTemporary(session.token)).statusCode).toBe(401);
  });

  it('refuses a sign-up or code request carrying a stale temporary token, creating nothing', async () => {
    const session = await allocate();
    await t.db
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(eq(authTokens.tokenHash, hashToken(session.token)));
    const email = 'stale@visitor.test';
    const signup = await post('/api/v1/signup/email', { email, tempUserToken: session.token });
    expect(signup.statusCode).toBe(401);
    expect(signup.json()).toMatchObject({ success: false, message: 'Unknown temporary session' });
    expect(await t.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);

    const phone = await post('/api/v1/signin/phoneNumber', {
      phoneNumber: '+15550106666',
      tempUserToken: 'not-a-token',
    });
    expect(phone.statusCode).toBe(401);
  });
});

describe('a temporary token is no session', () => {
  it('cannot read or act on any account, its own id or a real one', async () => {
    const session = await allocate();
    const acme = await signInByEmail(t.app, demoEmail('acme'));
    const calls = [
      get(`/api/v1/account?token=${session.token}`),
      get(`/api/v1/account?token=${session.token}&targetAccountId=${acme.id}`),
      get(`/api/v1/account?token=${session.token}&targetAccountId=${session.id}`),
      get(`/api/v2/listAccounts?token=${session.token}&targetAccountId=${acme.id}`),
      get(`/api/v1/conversations?token=${session.token}&targetAccountId=${acme.id}`),
      post(`/api/v1/accountSetting?token=${session.token}&targetAccountId=${acme.id}`, {
        settings: { hijacked: true },
      }),
      post(`/api/v1/phoneNumber/requestVerificationCode?token=${session.token}`, {
        phoneNumber: '+15550107070',
      }),
      get(`/api/v2/auth/account/oneTimeAuthToken?token=${session.token}&email=${demoEmail('acme')}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    const [row] = await t.db
      .select({ settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.id, acme.id));
    expect(row?.settings).not.toHaveProperty('hijacked');
  });
});
