import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, outboxMessages, users, verificationCodes } from '@switchboard/db';
import {
  demoEmail,
  readCodeFromOutbox,
  startApp,
  type ApiClient,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';

let kit: DemoApp;
let acme: SignedInClient;
/** Someone not signed in. */
let visitor: ApiClient;
beforeAll(async () => {
  kit = await startApp();
  acme = await kit.signIn('acme');
  visitor = kit.client();
});
afterAll(() => kit.close());

describe('phone numbers', () => {
  it('are proven with a texted code, then sign in by text', async () => {
    const request = await acme.post('/api/v1/phoneNumber/requestVerificationCode', {
      phoneNumber: '(555) 010-7777',
    });
    expect(request.status).toBe(200);
    const code = await readCodeFromOutbox(kit.app, '+15550107777');
    const confirm = await acme.post('/api/v1/phoneNumber/validateVerificationCode', {
      phoneNumber: '555-010-7777',
      verificationCode: code,
    });
    expect(confirm.body).toEqual({ success: true, phoneNumber: '+15550107777' });

    await visitor.post('/api/v1/signin/phoneNumber', { phoneNumber: '+1 555 010 7777' });
    const signInCode = await readCodeFromOutbox(kit.app, '+15550107777');
    const session = await visitor.post('/api/v1/signin/phoneNumber/verify', {
      phoneNumber: '5550107777',
      verificationCode: signInCode,
    });
    expect(session.body).toMatchObject({ success: true, username: 'acme' });
  });

  it('cannot be claimed by a second person, who is not told whose number it is', async () => {
    const globex = await kit.signIn('globex');
    const taken = await globex.post('/api/v1/phoneNumber/requestVerificationCode', {
      phoneNumber: '+15550107777',
    });
    const free = await globex.post('/api/v1/phoneNumber/requestVerificationCode', {
      phoneNumber: '+15550108888',
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    // The number's owner is told someone tried, and no code goes anywhere.
    const [note] = await kit.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, '+15550107777'))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(note?.text).toContain('already signs in to one, so nothing changed');
    expect(note?.text).not.toMatch(/\d{6}/);
    const [code] = await kit.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.identifier, '+15550107777'))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(code?.userId).toBeNull();
    const confirm = await globex.post('/api/v1/phoneNumber/validateVerificationCode', {
      phoneNumber: '+15550107777',
      verificationCode: '123456',
    });
    expect(confirm.status).toBe(401);
    const [owner] = await kit.db.select().from(users).where(eq(users.phoneNumber, '+15550107777'));
    expect(owner?.email).toBe(demoEmail('acme'));
  });

  it('rejects what is not a phone number, naming the field', async () => {
    const response = await visitor.post<{ message: string }>('/api/v1/signin/phoneNumber', {
      phoneNumber: 'call me maybe',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('body.phoneNumber: is not a valid phone number');
  });
});

describe('email addresses', () => {
  it('change to a proven address, which then signs in', async () => {
    await acme.post('/api/v1/email/requestVerificationCode', { email: 'front@acme.test' });
    const code = await readCodeFromOutbox(kit.app, 'front@acme.test');
    const wrong = await acme.post('/api/v1/email/validateVerificationCode', {
      email: 'front@acme.test',
      verificationCode: code === '999999' ? '888888' : '999999',
    });
    expect(wrong.status).toBe(401);
    const confirm = await acme.post('/api/v1/email/validateVerificationCode', {
      email: 'front@acme.test',
      verificationCode: code,
    });
    expect(confirm.body).toEqual({ success: true, email: 'front@acme.test' });
    const [user] = await kit.db.select().from(users).where(eq(users.email, 'front@acme.test'));
    expect(user).toBeDefined();
    expect((await kit.signIn('front@acme.test')).username).toBe('acme');
  });

  it('cannot be confirmed by someone else holding the code', async () => {
    await acme.post('/api/v1/email/requestVerificationCode', { email: 'owner2@acme.test' });
    const code = await readCodeFromOutbox(kit.app, 'owner2@acme.test');
    const globex = await kit.signIn('globex');
    const response = await globex.post('/api/v1/email/validateVerificationCode', {
      email: 'owner2@acme.test',
      verificationCode: code,
    });
    expect(response.status).toBe(401);
  });
});

describe('sending limits per address', () => {
  it('stop one caller from spraying codes at many identifiers', async () => {
    const limited = await startApp({ seed: 'empty', env: { SIGNIN_CODES_PER_IP: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await limited.client().post('/api/v1/signin/email', { email: `p${i}@example.com` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited.client().post('/api/v1/signin/email', { email: 'p9@example.com' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    await limited.close();
  });
});
