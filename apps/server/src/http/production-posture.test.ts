// What a production deploy lets in: no sandbox doors unless DEMO_MODE says so (and then the outbox is a super
// admin's), and no client choosing its own address with X-Forwarded-For unless TRUST_PROXY names the proxies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, pageVisits, users } from '@switchboard/db';
import { demoEmail, freePort, startApp, type KitApp } from '@switchboard/testing';
import type { MailProvider, OutgoingMail } from '../providers/mail/types';
import { mintOneTimeToken } from '../features/auth/auth.service';

const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.test:25',
  PUBLIC_URL: 'https://switchboard.example.test',
  SECRETS_KEY: 'a-production-secret-key-of-some-length',
};

/** Production mail, kept in memory: the SMTP server of a real deploy. */
function memoryMail(): MailProvider & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { name: 'smtp', sandbox: false, sent, send: (mail) => Promise.resolve(void sent.push(mail)) };
}

/** Production mail goes out for real, so no code can be read back: a one-time token signs the person in. */
async function signInAs(kit: KitApp, email: string): Promise<string> {
  const [user] = await kit.db.select().from(users).where(eq(users.email, email));
  const oneTime = await mintOneTimeToken({ db: kit.db }, user!.id);
  const exchanged = await kit.client().get<{ token: string }>(`/api/v1/oneTimeAuth?oneTimeToken=${oneTime}`);
  return exchanged.body.token;
}

describe('production', () => {
  let t: KitApp;
  beforeAll(async () => {
    t = await startApp({ seed: 'empty', env: production, mail: memoryMail() });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/dev/outbox'],
    ['GET', '/api/dev/outbox?to=superadmin%40demo.switchboard.test'],
    ['POST', '/api/sandbox/sms/inbound'],
    ['GET', '/api/sandbox/anything/added/later'],
    ['GET', '/app/dev/outbox'],
  ] as const)('closes the sandbox door %s %s', async (method, url) => {
    const response = await t.client().inject({
      method,
      url,
      ...(method === 'POST' ? { payload: { to: 'agent1', from: '+15550000000', text: 'hi' } } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'The sandbox is not available on this server',
    });
  });

  it('trusts no forwarded header: the address is the connection', async () => {
    const response = await t.client().inject({
      method: 'POST',
      url: '/api/v1/signin/email',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.77' },
      payload: { email: 'nobody@example.test' },
    });
    expect(response.statusCode).toBe(200);
    // The limiter and the logs see the socket's address, so a forged header cannot reset a limit.
    const ips = await t.client().inject({
      method: 'POST',
      url: '/api/v1/ipCorrelator',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.77' },
      payload: { page: '/pricing' },
    });
    expect(ips.statusCode).toBe(200);
    const seen = (await t.db.select().from(pageVisits)).map((row) => row.ip);
    expect(seen).toEqual(['203.0.113.9']);
  });
});

describe('production behind a named proxy (TRUST_PROXY)', () => {
  let t: KitApp;
  beforeAll(async () => {
    t = await startApp({
      seed: 'empty',
      env: { ...production, TRUST_PROXY: '10.0.0.5' },
      mail: memoryMail(),
    });
  });
  afterAll(() => t.close());

  it('reads the client address from the proxy it trusts, and from no one else', async () => {
    const visit = (remoteAddress: string, forwarded: string, page: string) =>
      t.client().inject({
        method: 'POST',
        url: '/api/v1/ipCorrelator',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
        payload: { page },
      });
    expect((await visit('10.0.0.5', '198.51.100.20', '/via-proxy')).statusCode).toBe(200);
    expect((await visit('203.0.113.50', '198.51.100.21', '/direct')).statusCode).toBe(200);
    const seen = (await t.db.select().from(pageVisits)).map((row) => [row.page, row.ip]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['/via-proxy', '198.51.100.20'],
        ['/direct', '203.0.113.50'],
      ]),
    );
    expect(seen).toHaveLength(2);
  });
});

describe('production in demonstration mode (DEMO_MODE=true)', () => {
  let t: KitApp;
  beforeAll(async () => {
    t = await startApp({ env: { ...production, DEMO_MODE: 'true' }, mail: memoryMail() });
  });
  afterAll(() => t.close());

  it('keeps the sandbox open, and the outbox for super admins only', async () => {
    const anonymous = await t.client().get('/api/dev/outbox');
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toMatchObject({
      message: 'In demonstration mode only a super admin can read the outbox',
    });
    const partner = await signInAs(t, demoEmail('partner'));
    expect((await t.client(partner).get('/api/dev/outbox')).status).toBe(403);
    const admin = await signInAs(t, demoEmail('superadmin'));
    const read = await t.client(admin).get('/api/dev/outbox');
    expect(read.status).toBe(200);
    const texted = await t
      .client()
      .post('/api/sandbox/sms/inbound', { to: 'agent1', from: '+15550001234', text: 'Hello' });
    expect(texted.status).toBe(202);
  });
});

describe('production with its mail server down', () => {
  let t: KitApp;
  beforeAll(async () => {
    // Nothing listens on this port: every send is refused at once.
    t = await startApp({ env: { ...production, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t.close());

  it('answers 503 with the reason, the same for a known and an unknown address', async () => {
    const ask = (email: string) => t.client().post('/api/v1/signin/email', { email });
    const known = await ask(demoEmail('acme'));
    const unknown = await ask('nobody-at-all@example.test');
    expect(known.status).toBe(503);
    expect(known.body).toEqual({
      success: false,
      code: 'UNAVAILABLE',
      message: 'The message could not be sent just now; please try again in a few minutes',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
  });
});
