import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, startApp, startFakeSmtpServer, type KitApp } from '@switchboard/testing';

interface Outbox {
  items: { to: string; channel: string; subject: string }[];
}

describe('the sandbox outbox', () => {
  let kit: KitApp;
  beforeAll(async () => {
    kit = await startApp({ seed: 'empty' });
  });
  afterAll(() => kit.close());

  it('lists what the sandbox providers sent, newest first, filtered by recipient', async () => {
    const visitor = kit.client();
    await visitor.post('/api/v1/signup/email', { email: 'a@one.test', businessName: 'One' });
    await visitor.post('/api/v1/signup/email', { email: 'b@two.test', businessName: 'Two' });
    const all = (await visitor.get<Outbox>('/api/dev/outbox')).body;
    expect(all.items.map((item) => item.to)).toEqual(['b@two.test', 'a@one.test']);
    expect(all.items[0]).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/^Your Switchboard sign-in code: \d{6}$/) as unknown,
    });
    const one = (await visitor.get<Outbox>('/api/dev/outbox', { query: { to: 'a@one.test' } })).body;
    expect(one.items).toHaveLength(1);
  });
});

describe('with mail going out through SMTP', () => {
  let kit: KitApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    kit = await startApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Switchboard <codes@switchboard.test>' } });
  });
  afterAll(async () => {
    await kit.close();
    await smtp.close();
  });

  it('delivers sign-in codes over the wire instead of to the outbox', async () => {
    const response = await kit.client().post('/api/v1/signin/email', { email: demoEmail('acme') });
    expect(response.status).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.from).toBe('codes@switchboard.test');
    expect(smtp.messages[0]?.to).toEqual([demoEmail('acme')]);
    expect(smtp.messages[0]?.data).toMatch(/Your Switchboard sign-in code is \d{6}/);
    const outbox = (await kit.client().get<Outbox>('/api/dev/outbox')).body;
    expect(outbox.items).toEqual([]);
  });

  it('keeps the outbox while texts still use the sandbox', async () => {
    const response = await kit.client().get('/api/dev/outbox');
    expect(response.status).toBe(200);
  });
});

describe('with no sandbox provider at all', () => {
  it('has no outbox', async () => {
    const kit = await startApp({
      seed: 'empty',
      mail: { name: 'smtp', sandbox: false, send: () => Promise.resolve() },
      sms: { name: 'carrier', sandbox: false, send: () => Promise.resolve() },
    });
    const response = await kit.client().get('/api/dev/outbox');
    expect(response.status).toBe(404);
    await kit.close();
  });
});
