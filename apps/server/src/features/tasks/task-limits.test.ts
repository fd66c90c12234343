import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
let people: Record<'superadmin' | 'partner' | 'acme' | 'agent1' | 'globex', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  people = await kit.signInEach('superadmin', 'partner', 'acme', 'agent1', 'globex');
});
afterAll(() => kit.close());

type LimitsAnswer = ResponseOf<typeof endpoints.getTaskLimits> & { message: string };

const save = (client: SignedInClient, body: Record<string, unknown>, targetAccountId?: number) =>
  client.post<LimitsAnswer>(
    '/api/v2/tasks/limits',
    body,
    targetAccountId === undefined ? {} : { targetAccountId },
  );
const read = (client: SignedInClient, targetAccountId?: number) =>
  client.get<LimitsAnswer>('/api/v2/tasks/limits', targetAccountId === undefined ? {} : { targetAccountId });

const weekdays = { timezone: 'America/Chicago', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };

describe('task limits', () => {
  it('starts from the platform defaults', async () => {
    const answer = await read(people.agent1);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.limits).toEqual({
      businessHours: null,
      daily: { calls: 100, texts: 200, tasks: 300 },
      concurrencyPerRun: 10,
      cooldowns: { calls: 86_400, texts: 300 },
      retryPolicy: {
        maxAttempts: 3,
        retryDelaysSeconds: [600, 1800],
        retryOn: ['no-answer', 'busy', 'failed', 'interrupted'],
      },
    });
    expect(answer.body.own).toEqual({
      businessHours: null,
      daily: null,
      concurrencyPerRun: null,
      cooldowns: null,
      retryPolicy: null,
    });
    expect(answer.body.inherited.map((level) => level.accountType)).toEqual([
      'platform',
      'partner',
      'reseller',
      'organization',
    ]);
  });

  it('lets only a super admin raise daily caps or concurrency (others get 403)', async () => {
    const raise = await save(people.partner, { daily: { calls: 500 } });
    expect(raise.status).toBe(403);
    expect(raise.body.message).toBe('Only a super admin may raise daily.calls (now 100)');
    const concurrency = await save(people.acme, { concurrencyPerRun: 50 });
    expect(concurrency.status).toBe(403);
    const admin = await save(
      people.superadmin,
      { daily: { calls: 500, texts: 1000 }, concurrencyPerRun: 40 },
      kit.ids.partner,
    );
    expect(admin.status, admin.text).toBe(200);
    expect(admin.body.limits.daily).toEqual({ calls: 500, texts: 1000, tasks: 300 });
    expect(admin.body.limits.concurrencyPerRun).toBe(40);
  });

  it('lets anyone with edit rights narrow, and the narrowing holds below', async () => {
    const narrowed = await save(people.acme, {
      daily: { calls: 50 },
      cooldowns: { calls: 172_800 },
      businessHours: weekdays,
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(narrowed.body.own.daily).toEqual({ calls: 50 });
    const below = await read(people.agent1);
    expect(below.body.limits).toMatchObject({
      daily: { calls: 50, texts: 1000, tasks: 300 },
      concurrencyPerRun: 40,
      cooldowns: { calls: 172_800, texts: 300 },
      businessHours: weekdays,
    });
    const organization = below.body.inherited.find((level) => level.accountType === 'organization');
    expect(organization).toMatchObject({ accountId: kit.ids.acme, limits: { daily: { calls: 50 } } });
    const partner = below.body.inherited.find((level) => level.accountType === 'partner');
    expect(partner?.limits.concurrencyPerRun).toBe(40);
    expect(below.body.ceiling).toEqual({
      daily: { calls: 50, texts: 1000, tasks: 300 },
      concurrencyPerRun: 40,
    });
  });

  it('never lets a child widen what it inherits, not even a super admin', async () => {
    const wider = await save(people.superadmin, { daily: { calls: 80 } }, kit.ids.agent1);
    expect(wider.status).toBe(400);
    expect(wider.body.message).toMatch(/^daily\.calls: 80 is more than the 50 a day inherited from above/);
    const shorter = await save(people.acme, { cooldowns: { calls: 60 } }, kit.ids.agent1);
    expect(shorter.status).toBe(400);
    expect(shorter.body.message).toMatch(
      /^cooldowns\.calls: 60 s is shorter than the 172800 s inherited from/,
    );
    const weekend = await save(people.acme, { businessHours: { ...weekdays, days: [6, 7] } }, kit.ids.agent1);
    expect(weekend.status).toBe(400);
    expect(weekend.body.message).toMatch(
      /^businessHours: they reach outside the hours inherited from .*Mon, Tue/,
    );
    const inside = await save(
      people.acme,
      {
        businessHours: { timezone: 'America/New_York', days: [2, 3], start: '11:00', end: '17:00' },
      },
      kit.ids.agent1,
    );
    expect(inside.status, inside.text).toBe(200);
  });

  it('refuses a scheduledFor outside the business hours in force', async () => {
    // A Sunday at noon in Chicago: outside Monday to Friday.
    const sunday = new Date();
    sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7 || 7));
    sunday.setUTCHours(18, 0, 0, 0);
    const response = await people.agent1.post<{ message: string }>('/api/v2/tasks', {
      type: 'call',
      target: '4155550199',
      scheduledFor: Math.floor(sunday.getTime() / 1000),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(
      /^scheduledFor: is outside the business hours of .*America\/Chicago/,
    );
  });

  it('checks its input', async () => {
    const zone = await save(people.acme, { businessHours: { ...weekdays, timezone: 'Mars/Olympus' } });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toMatch(/^businessHours\.timezone: "Mars\/Olympus" is not a known time zone/);
    const backwards = await save(people.acme, { businessHours: { ...weekdays, start: '18:00' } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/end after they start/);
    const negative = await save(people.acme, { daily: { calls: -1 } });
    expect(negative.status).toBe(400);
  });

  it("keeps another tenant's limits out of reach", async () => {
    expect((await read(people.globex, kit.ids.acme)).status).toBe(403);
    expect((await save(people.globex, { daily: { calls: 1 } }, kit.ids.agent1)).status).toBe(403);
    const own = await read(people.globex);
    expect(own.body.own.daily).toBeNull();
    expect(own.body.limits.daily.calls).toBe(500);
  });
});
