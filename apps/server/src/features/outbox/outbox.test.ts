import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '@switchboard/db';
import { createTestApp, demoEmail, startFakeSmtpServer, type TestApp } from '@switchboard/testing';

describe('the sandbox outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists what the sandbox providers sent, newest first, filtered by recipient', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup/email',
      payload: { email: 'a@one.test', businessName: 'One' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup/email',
      payload: { email: 'b@two.test', businessName: 'Two' },
    });
    const all = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json<{
      items: { to: string; channel: string; subject: string }[];
    }>();
    expect(all.items.map((item) => item.to)).toEqual(['b@two.test', 'a@one.test']);
    expect(all.items[0]).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/^Your Switchboard sign-in code: \d{6}$/) as unknown,
    });
    const one = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@one.test' })).json<{
      items: unknown[];
    }>();
    expect(one.items).toHaveLength(1);
  });
});

describe('with mail going out through SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Switchboard <codes@switchboard.test>' },
    });
    await seedDemoData(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers sign-in codes over the wire instead of to the outbox', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signin/email',
      payload: { email: demoEmail('acme') },
    });
    expect(response.statusCode).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.from).toBe('codes@switchboard.test');
    expect(smtp.messages[0]?.to).toEqual([demoEmail('acme')]);
    expect(smtp.messages[0]?.data).toMatch(/Your Switchboard sign-in code is \d{6}/);
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json<{
      items: unknown[];
    }>();
    expect(outbox.items).toEqual([]);
  });

  it('keeps the outbox while texts still use the sandbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
  });
});

describe('with no sandbox provider at all', () => {
  it('has no outbox', async () => {
    const t = await createTestApp({
      mail: { name: 'smtp', sandbox: false, send: () => Promise.resolve() },
      sms: { name: 'carrier', sandbox: false, send: () => Promise.resolve() },
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    await t.close();
  });
});
