import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, supportRequests, desc } from '@switchboard/db';
import { demoEmail, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
const people: Record<string, SignedInClient> = {};

beforeAll(async () => {
  kit = await startApp();
  for (const who of ['acme', 'globex', 'agent1'] as const) people[who] = await kit.signIn(who);
});
afterAll(() => kit.close());

interface Body {
  message: string;
  code: string;
  requestId: number;
  sentTo: string;
  brand: string;
}

const send = (who: string, payload: Record<string, unknown>) =>
  people[who]!.post<Body>('/api/v2/support', payload);

const lastMail = async () => {
  const [mail] = await kit.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(1);
  return mail;
};

describe('contact support', () => {
  it("mails the product's support address from its own host, with who sent it", async () => {
    const response = await send('acme', {
      subject: 'Calls drop after a minute',
      message: 'Our agent hangs up on callers after about sixty seconds.',
      host: 'localhost:3000',
      page: '/app/partner/1/reseller/2/org/3/logs',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ sentTo: 'support@switchboard.test', brand: 'Switchboard' });
    const mail = await lastMail();
    expect(mail).toMatchObject({
      channel: 'email',
      to: 'support@switchboard.test',
      subject: '[Support] Calls drop after a minute',
    });
    expect(mail?.text).toContain('Our agent hangs up on callers after about sixty seconds.');
    expect(mail?.text).toContain(`From: Acme Dental <${demoEmail('acme')}>`);
    expect(mail?.text).toContain('Account: Acme Dental (@acme, organization');
    expect(mail?.text).toContain('Page: /app/partner/1/reseller/2/org/3/logs');
  });

  it("mails a white-label brand's own support address from its host", async () => {
    const response = await send('agent1', {
      subject: 'Voice question',
      message: 'Can the agent speak Spanish to callers?',
      host: 'demo-reseller.localhost:8080',
    });
    expect(response.body).toMatchObject({ sentTo: 'help@demo-reseller.test', brand: 'Demo Voice' });
    expect((await lastMail())?.text).toContain('Brand: Demo Voice (demo-reseller.localhost)');
  });

  it('refuses short or missing fields by name', async () => {
    const response = await send('globex', { subject: 'Hi', message: 'short' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'body.subject: needs at least 3 characters; body.message: needs at least 10 characters',
    );
    const missing = await send('globex', { subject: 'Something' });
    expect(missing.body.message).toBe('body.message: is required');
    const anonymous = await kit.client().post('/api/v2/support', { subject: 'abc', message: 'abcdefghijkl' });
    expect(anonymous.status).toBe(401);
  });

  it('allows five requests an hour per account', async () => {
    for (let index = 0; index < 5; index += 1) {
      const ok = await send('globex', {
        subject: `Question ${index}`,
        message: 'How do I add a second number?',
      });
      expect(ok.status, ok.text).toBe(201);
    }
    const limited = await send('globex', { subject: 'Question 6', message: 'How do I add a second number?' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('5 support requests in the last hour');
    // The oldest of the five leaves the hour's window in a little under an hour.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another account is not held back by globex's requests.
    expect(
      (await send('acme', { subject: 'Still here', message: 'Another account can still write.' })).status,
    ).toBe(201);
    const rows = await kit.db.select().from(supportRequests);
    expect(rows).toHaveLength(8);
  });
});
