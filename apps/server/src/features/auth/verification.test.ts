import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, outboxMessages, seedDemoData, users, verificationCodes } from '@switchboard/db';
import {
  createTestApp,
  demoEmail,
  readCodeFromOutbox,
  signInByEmail,
  type TestApp,
} from '@switchboard/testing';

let t: TestApp;
let acmeToken: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  acmeToken = (await signInByEmail(t.app, demoEmail('acme'))).token;
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url: token ? `${url}?token=${token}` : url, payload });

describe('phone numbers', () => {
  it('are proven with a texted code, then sign in by text', async () => {
    const request = await post(
      '/api/v1/phoneNumber/requestVerificationCode',
      { phoneNumber: '(555) 010-7777' },
      acmeToken,
    );
    expect(request.statusCode).toBe(200);
    const code = await readCodeFromOutbox(t.app, '+15550107777');
    const confirm = await post(
      '/api/v1/phoneNumber/validateVerificationCode',
      { phoneNumber: '555-010-7777', verificationCode: code },
      acmeToken,
    );
    expect(confirm.json()).toEqual({ success: true, phoneNumber: '+15550107777' });

    await post('/api/v1/signin/phoneNumber', { phoneNumber: '+1 555 010 7777' });
    const signInCode = await readCodeFromOutbox(t.app, '+15550107777');
    const session = await post('/api/v1/signin/phoneNumber/verify', {
      phoneNumber: '5550107777',
      verificationCode: signInCode,
    });
    expect(session.json()).toMatchObject({ success: true, username: 'acme' });
  });

  it('cannot be claimed by a second person, who is not told whose number it is', async () => {
    const globex = await signInByEmail(t.app, demoEmail('globex'));
    const taken = await post(
      '/api/v1/phoneNumber/requestVerificationCode',
      { phoneNumber: '+15550107777' },
      globex.token,
    );
    const free = await post(
      '/api/v1/phoneNumber/requestVerificationCode',
      { phoneNumber: '+15550108888' },
      globex.token,
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(free.json());
    // The number's owner is told someone tried, and no code goes anywhere.
    const [note] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, '+15550107777'))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(note?.text).toContain('already signs in to one, so nothing changed');
    expect(note?.text).not.toMatch(/\d{6}/);
    const [code] = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.identifier, '+15550107777'))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(code?.userId).toBeNull();
    const confirm = await post(
      '/api/v1/phoneNumber/validateVerificationCode',
      { phoneNumber: '+15550107777', verificationCode: '123456' },
      globex.token,
    );
    expect(confirm.statusCode).toBe(401);
    const [owner] = await t.db.select().from(users).where(eq(users.phoneNumber, '+15550107777'));
    expect(owner?.email).toBe(demoEmail('acme'));
  });

  it('rejects what is not a phone number, naming the field', async () => {
    const response = await post('/api/v1/signin/phoneNumber', { phoneNumber: 'call me maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'body.phoneNumber: is not a valid phone number',
    );
  });
});

describe('email addresses', () => {
  it('change to a proven address, which then signs in', async () => {
    await post('/api/v1/email/requestVerificationCode', { email: 'front@acme.test' }, acmeToken);
    const code = await readCodeFromOutbox(t.app, 'front@acme.test');
    const wrong = await post(
      '/api/v1/email/validateVerificationCode',
      { email: 'front@acme.test', verificationCode: code === '999999' ? '888888' : '999999' },
      acmeToken,
    );
    expect(wrong.statusCode).toBe(401);
    const confirm = await post(
      '/api/v1/email/validateVerificationCode',
      { email: 'front@acme.test', verificationCode: code },
      acmeToken,
    );
    expect(confirm.json()).toEqual({ success: true, email: 'front@acme.test' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'front@acme.test'));
    expect(user).toBeDefined();
    expect((await signInByEmail(t.app, 'front@acme.test')).username).toBe('acme');
  });

  it('cannot be confirmed by someone else holding the code', async () => {
    await post('/api/v1/email/requestVerificationCode', { email: 'owner2@acme.test' }, acmeToken);
    const code = await readCodeFromOutbox(t.app, 'owner2@acme.test');
    const globex = await signInByEmail(t.app, demoEmail('globex'));
    const response = await post(
      '/api/v1/email/validateVerificationCode',
      { email: 'owner2@acme.test', verificationCode: code },
      globex.token,
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('sending limits per address', () => {
  it('stop one caller from spraying codes at many identifiers', async () => {
    const limited = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/signin/email',
        payload: { email: `p${i}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/signin/email',
      payload: { email: 'p9@example.com' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    await limited.close();
  });
});

describe('call forwarding checks', () => {
  it('say plainly that they are not available without phone numbers', async () => {
    const response = await post('/api/v1/verifyCellForwarding', {}, acmeToken);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
  });
});
