import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoEmail,
  readCodeFromOutbox,
  signInByEmail,
  startApp,
  type ApiClient,
  type DemoApp,
} from '@switchboard/testing';
import { accounts, authTokens, eq, users } from '@switchboard/db';
import { hashToken } from './secrets';

let kit: DemoApp;
/** Someone not signed in. */
let visitor: ApiClient;
beforeAll(async () => {
  kit = await startApp({ env: { SIGNIN_CODES_PER_IDENTIFIER: '5' } });
  visitor = kit.client();
});
afterAll(() => kit.close());

async function allocate() {
  const response = await visitor.get<{ id: number; token: string; username: string }>(
    '/api/v1/allocateTempUserSession',
  );
  expect(response.status).toBe(200);
  return response.body;
}

const viewTemporary = (token: string) => kit.client(token).get('/api/v1/tempUserSession');

describe('cloud id in the sign-in answer', () => {
  it("is the account's stored cloud id, the same on every sign-in", async () => {
    const first = await signInByEmail(kit.app, demoEmail('acme'));
    const again = await signInByEmail(kit.app, demoEmail('acme'));
    const [row] = await kit.db
      .select({ cloudId: accounts.cloudId })
      .from(accounts)
      .where(eq(accounts.username, 'acme'));
    expect(row?.cloudId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const answers = [first, again].map((session) => session as unknown as { cloudId?: string });
    expect(answers.map((answer) => answer.cloudId)).toEqual([row?.cloudId, row?.cloudId]);
  });

  it('differs between accounts and comes with a phone sign-in too', async () => {
    const acme = await signInByEmail(kit.app, demoEmail('acme'));
    const globex = await signInByEmail(kit.app, demoEmail('globex'));
    expect((acme as unknown as { cloudId: string }).cloudId).not.toBe(
      (globex as unknown as { cloudId: string }).cloudId,
    );

    const { token } = acme;
    await kit
      .client(token)
      .post('/api/v1/phoneNumber/requestVerificationCode', { phoneNumber: '+15550104444' });
    await kit.client(token).post('/api/v1/phoneNumber/validateVerificationCode', {
      phoneNumber: '+15550104444',
      verificationCode: await readCodeFromOutbox(kit.app, '+15550104444'),
    });
    await visitor.post('/api/v1/signin/phoneNumber', { phoneNumber: '+15550104444' });
    const byPhone = await visitor.post('/api/v1/signin/phoneNumber/verify', {
      phoneNumber: '+15550104444',
      verificationCode: await readCodeFromOutbox(kit.app, '+15550104444'),
      mobile: true,
    });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body).toMatchObject({
      username: 'acme',
      cloudId: (acme as unknown as { cloudId: string }).cloudId,
    });
  });
});

describe('the anonymous account view', () => {
  it('answers the temporary session its token belongs to', async () => {
    const session = await allocate();
    const view = await viewTemporary(session.token);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      success: true,
      temporary: true,
      id: session.id,
      username: session.username,
      data: {},
    });
    const byHeader = await kit.client().get<{ id: number }>('/api/v1/tempUserSession', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(byHeader.body.id).toBe(session.id);
  });

  it('answers success false with the reason for a missing, unknown, expired or session token', async () => {
    const missing = await visitor.get('/api/v1/tempUserSession');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, message: 'No auth token provided' });

    const unknown = await viewTemporary('x'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ success: false, message: 'Unknown temporary session' });

    const expiring = await allocate();
    await kit.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(expiring.token)));
    const expired = await viewTemporary(expiring.token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ success: false, message: 'This temporary session has expired' });

    // A real session token is not a temporary session.
    const real = await kit.signIn('acme');
    expect((await viewTemporary(real.token)).status).toBe(401);
  });

  it('is claimed by the sign-up that carried it: the view then answers success false', async () => {
    const session = await allocate();
    const email = 'visitor@claimed.test';
    const signup = await visitor.post('/api/v1/signup/email', {
      email,
      businessName: 'Claimed Bakery',
      tempUserToken: session.token,
    });
    expect(signup.status).toBe(200);
    // Asking for the code does not end the anonymous session yet.
    expect((await viewTemporary(session.token)).status).toBe(200);

    const verify = await visitor.post<{ token: string; cloudId: string }>('/api/v1/email/verify', {
      email,
      verificationCode: await readCodeFromOutbox(kit.app, email),
    });
    expect(verify.status).toBe(200);
    const signedIn = verify.body;
    expect(signedIn.cloudId).toMatch(/^[0-9a-f-]{36}$/);

    const after = await viewTemporary(session.token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({
      success: false,
      message: 'This temporary session ended when its visitor signed in',
    });
    const [temporary] = await kit.db.select().from(users).where(eq(users.id, session.id));
    const me = await kit.client(signedIn.token).get<{ user: { id: number } }>('/api/v1/account');
    expect(temporary?.data).toEqual({ claimedByUserId: me.body.user.id });
  });

  it('is claimed by a phone sign-in that carried it', async () => {
    const { token } = await kit.signIn('globex');
    await kit
      .client(token)
      .post('/api/v1/phoneNumber/requestVerificationCode', { phoneNumber: '+15550105555' });
    await kit.client(token).post('/api/v1/phoneNumber/validateVerificationCode', {
      phoneNumber: '+15550105555',
      verificationCode: await readCodeFromOutbox(kit.app, '+15550105555'),
    });
    const session = await allocate();
    const sent = await visitor.post('/api/v1/signin/phoneNumber', {
      phoneNumber: '+15550105555',
      tempUserToken: session.token,
    });
    expect(sent.status).toBe(200);
    const verify = await visitor.post('/api/v1/signin/phoneNumber/verify', {
      phoneNumber: '+15550105555',
      verificationCode: await readCodeFromOutbox(kit.app, '+15550105555'),
    });
    expect(verify.body).toMatchObject({ success: true, username: 'globex' });
    expect((await viewTemporary(session.token)).status).toBe(401);
  });

  it('refuses a sign-up or code request carrying a stale temporary token, creating nothing', async () => {
    const session = await allocate();
    await kit.db
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(eq(authTokens.tokenHash, hashToken(session.token)));
    const email = 'stale@visitor.test';
    const signup = await visitor.post('/api/v1/signup/email', { email, tempUserToken: session.token });
    expect(signup.status).toBe(401);
    expect(signup.body).toMatchObject({ success: false, message: 'Unknown temporary session' });
    expect(await kit.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);

    const phone = await visitor.post('/api/v1/signin/phoneNumber', {
      phoneNumber: '+15550106666',
      tempUserToken: 'not-a-token',
    });
    expect(phone.status).toBe(401);
  });
});

describe('a temporary token is no session', () => {
  it('cannot read or act on any account, its own id or a real one', async () => {
    const session = await allocate();
    const acme = await kit.signIn('acme');
    const calls = [
      kit.client(session.token).get('/api/v1/account'),
      kit.client(session.token).get(`/api/v1/account?targetAccountId=${acme.id}`),
      kit.client(session.token).get(`/api/v1/account?targetAccountId=${session.id}`),
      kit.client(session.token).get(`/api/v2/listAccounts?targetAccountId=${acme.id}`),
      kit.client(session.token).get(`/api/v1/conversations?targetAccountId=${acme.id}`),
      kit.client(session.token).post(`/api/v1/accountSetting?targetAccountId=${acme.id}`, {
        settings: { hijacked: true },
      }),
      kit.client(session.token).post('/api/v1/phoneNumber/requestVerificationCode', {
        phoneNumber: '+15550107070',
      }),
      kit.client(session.token).get(`/api/v2/auth/account/oneTimeAuthToken?email=${demoEmail('acme')}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    const [row] = await kit.db
      .select({ settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.id, acme.id));
    expect(row?.settings).not.toHaveProperty('hijacked');
  });
});
