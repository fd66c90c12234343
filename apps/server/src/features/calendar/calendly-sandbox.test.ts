import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  formatIsoDate,
  weekdayOf,
  zonedParts,
  zonedToInstant,
  type LocalDate,
} from '@switchboard/core';
import { appointments, calendarConnections, eq, users } from '@switchboard/db';
import { demoEmail, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { createSecretBox } from '../../platform/secret-box';
import { calendarConfigFromEnv } from '../../providers/calendar/config';
import { bookAppointment } from '../../runtime/tools/booking';
import { mintOneTimeToken } from '../auth/auth.service';
import { accountCalendar } from './calendar.service';
import {
  calendlyClientFor,
  calendlyScheduleOf,
  sandboxCalendlyFor,
  type CalendarDeps,
} from './calendly.service';

let kit: DemoApp;
let as: Record<'globex' | 'agent1' | 'agent2', SignedInClient>;

const token = 'cal_sandbox_dana_clinic';
const zone = 'America/Chicago';

/** The first Monday at least two days ahead, in Chicago. */
function nextMonday(): LocalDate {
  let day = addDays(zonedParts(new Date(), zone), 2);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  return { year: day.year, month: day.month, day: day.day };
}
const monday = nextMonday();
const at = (time: string, day: LocalDate = monday) =>
  zonedToInstant({ ...day, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) }, zone);

const deps = (): CalendarDeps => ({
  db: kit.db,
  secrets: createSecretBox({ secretsKey: kit.config.secretsKey, dataDir: kit.config.dataDir }),
  calendar: kit.config.calendar,
  publicUrl: kit.config.publicUrl,
  sandboxOpen: kit.config.sandboxOpen,
});

interface Connections {
  message: string;
  active: string;
  calendly: {
    connected: boolean;
    state: string;
    sandbox: boolean;
    sandboxAvailable: boolean;
    userName: string | null;
    eventTypes: { uri: string; name: string; durationMinutes: number }[];
    eventTypeUri: string | null;
    lastError: string | null;
  };
}

const book = (accountId: number, time: string, contactAddress: string) =>
  bookAppointment(
    accountCalendar(kit.db, { config: kit.config }),
    { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
    zone,
    new Date(),
    {
      accountId,
      organizationId: null,
      date: formatIsoDate(monday),
      time,
      name: 'Dana Reyes',
      purpose: 'Consultation',
      contactAddress,
      conversationUuid: null,
    },
  );

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('globex', 'agent1', 'agent2');
  for (const client of [as.agent1, as.agent2]) {
    const schedule = await client.post('/api/v1/schedule', {
      timezone: zone,
      minimumNoticeMinutes: 60,
      weeklyHours: { monday: [{ start: '09:00', end: '12:00' }], tuesday: [] },
      breaks: [{ start: '10:00', end: '10:30' }],
    });
    expect(schedule.status, schedule.text).toBe(200);
  }
});
afterAll(() => kit.close());
afterEach(() => vi.restoreAllMocks());

describe("Calendly's offline stand-in", () => {
  it('connects a cal_sandbox_ token without the network, labelled Sandbox', async () => {
    const before = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(before.body.calendly).toMatchObject({ connected: false, sandbox: false, sandboxAvailable: true });
    const fetched = vi.spyOn(globalThis, 'fetch');
    const response = await as.agent1.post<Connections>('/api/v2/calendly', { userPAT: token });
    expect(response.status, response.text).toBe(200);
    expect(fetched).not.toHaveBeenCalled();
    expect(response.body).toMatchObject({
      active: 'calendly',
      calendly: { connected: true, state: 'connected', sandbox: true, userName: 'Sandbox Calendly' },
    });
    expect(response.body.calendly.eventTypes.map((type) => [type.name, type.durationMinutes])).toEqual([
      ['30 Minute Meeting', 30],
      ['60 Minute Consultation', 60],
    ]);
    expect(response.body.calendly.eventTypeUri).toBe(response.body.calendly.eventTypes[0]?.uri);
    const [row] = await kit.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.accountId, kit.ids.agent1));
    expect(row?.sealedCredential).not.toContain(token);
    // A paid plan: the webhook subscription was made in the stand-in.
    expect(row?.settings.sandbox).toBe(true);
    expect(row?.settings.webhookUri).toMatch(
      /^https:\/\/api\.calendly\.sandbox\.invalid\/webhook_subscriptions\//,
    );
  });

  it("refuses a token that is not one, and is not reachable from a sibling tenant's session", async () => {
    const short = await as.agent2.post<Connections>('/api/v2/calendly', { userPAT: 'cal_sandbox_' });
    expect(short.status, short.text).toBe(400);
    expect(short.body.message).toMatch(/^body\.userPAT: Calendly refused the token \(Unauthenticated/);
    const sibling = await as.globex.post<Connections>(`/api/v2/calendly?targetAccountId=${kit.ids.agent1}`, {
      userPAT: 'cal_sandbox_taken_over',
    });
    expect([403, 404]).toContain(sibling.status);
    const state = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(state.body.calendly.eventTypeUri).toMatch(/-30min$/);
  });

  it('changes the event type without the token while connected; without a connection the token is required', async () => {
    const stored = async () =>
      (
        await kit.db
          .select()
          .from(calendarConnections)
          .where(eq(calendarConnections.accountId, kit.ids.agent1))
      )[0];
    const before = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    const hook = (await stored())?.settings.webhookUri;
    const hour = before.body.calendly.eventTypes.find((type) => type.durationMinutes === 60);
    const changed = await as.agent1.post<Connections>('/api/v2/calendly', { eventTypeUri: hour?.uri });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.calendly).toMatchObject({ connected: true, sandbox: true, eventTypeUri: hour?.uri });
    // The same Calendly user: its webhook subscription is kept.
    expect((await stored())?.settings.webhookUri).toBe(hook);
    const back = await as.agent1.post<Connections>('/api/v2/calendly', {
      eventTypeUri: before.body.calendly.eventTypeUri,
    });
    expect(back.body.calendly.eventTypeUri).toMatch(/-30min$/);
    const unconnected = await as.agent2.post<Connections>('/api/v2/calendly', {});
    expect(unconnected.status, unconnected.text).toBe(400);
    expect(unconnected.body.message).toBe('body.userPAT: is required while Calendly is not connected');
    const sibling = await as.globex.post<Connections>(`/api/v2/calendly?targetAccountId=${kit.ids.agent1}`, {
      eventTypeUri: hour?.uri,
    });
    expect([403, 404]).toContain(sibling.status);
  });

  it("offers available times on the account's schedule: hours, breaks, notice, event length, range limits", async () => {
    const client = calendlyClientFor(deps(), token, kit.ids.agent1);
    const user = await client.currentUser();
    const [thirty, sixty] = await client.eventTypes(user.uri);
    if (!thirty || !sixty) throw new Error('no event types');
    const day = [at('00:00'), at('00:00', addDays(monday, 1))] as const;
    expect(await client.availableTimes(thirty.uri, ...day)).toEqual(
      ['09:00', '09:30', '10:30', '11:00', '11:30'].map((time) => at(time)),
    );
    expect(await client.availableTimes(sixty.uri, ...day)).toEqual(
      ['09:00', '10:30', '11:00'].map((time) => at(time)),
    );
    // Tuesday is closed in the schedule.
    expect(await client.availableTimes(thirty.uri, day[1], at('00:00', addDays(monday, 2)))).toEqual([]);
    await expect(
      client.availableTimes(thirty.uri, day[0], new Date(day[0].getTime() + 32 * 86_400_000)),
    ).rejects.toThrow(/^Invalid Argument: date range can be no greater than 31 days$/);
    await expect(client.availableTimes(thirty.uri, new Date(Date.now() - 60_000), day[1])).rejects.toThrow(
      /^Invalid Argument: start_time must be in the future$/,
    );
  });

  it('books by API for a caller with an email, and the booked time is no longer offered', async () => {
    const booked = await book(kit.ids.agent1, '11:00', 'dana@example.com');
    expect(booked, booked.ok ? '' : booked.message).toMatchObject({ ok: true });
    const sandbox = sandboxCalendlyFor(deps());
    expect(sandbox?.invitees(token).map((invitee) => [invitee.email, invitee.start])).toEqual([
      ['dana@example.com', at('11:00')],
    ]);
    const [row] = await kit.db.select().from(appointments).where(eq(appointments.accountId, kit.ids.agent1));
    expect(row?.details).toMatchObject({ provider: 'calendly', sandbox: true });
    const listed = await as.agent1.get<{ bookings: { provider: string; sandbox: boolean }[] }>(
      '/api/v1/calendar/bookings',
    );
    expect(listed.body.bookings).toMatchObject([{ provider: 'calendly', sandbox: true }]);
    const again = await book(kit.ids.agent1, '11:00', 'sam@example.com');
    expect(again).toMatchObject({ ok: false, retry: 'time' });
    const client = calendlyClientFor(deps(), token, kit.ids.agent1);
    const [thirty] = await client.eventTypes((await client.currentUser()).uri);
    expect(await client.availableTimes(thirty?.uri ?? '', at('11:00'), at('12:00'))).toEqual([at('11:30')]);
  });

  it('hands back a single-use scheduling link for a caller without an email; the link books once', async () => {
    const outcome = await book(kit.ids.agent1, '09:30', '+15557770001');
    expect(outcome.ok).toBe(false);
    const url = outcome.ok ? '' : (outcome.schedulingUrl ?? '');
    expect(url).toMatch(/^https:\/\/calendly\.sandbox\.invalid\/d\/[0-9a-f]+$/);
    const sandbox = sandboxCalendlyFor(deps());
    if (!sandbox) throw new Error('no stand-in');
    const schedule = await calendlyScheduleOf(deps(), kit.ids.agent1);
    const caller = { start: at('09:30'), name: 'Lee Park', email: 'lee@example.com' };
    const viaLink = await sandbox.bookThroughLink(token, url, caller, schedule);
    expect(viaLink.uri).toContain('/invitees/');
    await expect(
      sandbox.bookThroughLink(token, url, { ...caller, start: at('10:30') }, schedule),
    ).rejects.toMatchObject({ status: 410 });
    expect(sandbox.invitees(token)).toHaveLength(2);
  });

  it('on the free plan makes no webhook subscription and books through a link instead of by API', async () => {
    const connected = await as.agent2.post<Connections>('/api/v2/calendly', {
      userPAT: 'cal_sandbox_free_trial',
    });
    expect(connected.status, connected.text).toBe(200);
    const [row] = await kit.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.accountId, kit.ids.agent2));
    expect(row?.settings).toMatchObject({ sandbox: true, webhookUri: null });
    const outcome = await book(kit.ids.agent2, '09:00', 'kim@example.com');
    expect(outcome.ok ? '' : outcome.schedulingUrl).toContain('https://calendly.sandbox.invalid/d/');
    expect(sandboxCalendlyFor(deps())?.invitees('cal_sandbox_free_trial')).toEqual([]);
  });

  it('is closed where CALENDLY_API_URL is set: the token is refused without a request', async () => {
    const urlSet = calendarConfigFromEnv({
      GOOGLE_API_URL: 'https://www.googleapis.com/',
      CALENDLY_API_URL: 'http://127.0.0.1:9',
    });
    expect(sandboxCalendlyFor({ ...deps(), calendar: urlSet })).toBeNull();
    const fetched = vi.spyOn(globalThis, 'fetch');
    await expect(
      calendlyClientFor({ ...deps(), calendar: urlSet }, token, kit.ids.agent1).currentUser(),
    ).rejects.toMatchObject({ status: 401 });
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe("Calendly's offline stand-in in production", () => {
  let prod: DemoApp;
  beforeAll(async () => {
    prod = await startApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.test:25',
        PUBLIC_URL: 'https://switchboard.example.test',
        SECRETS_KEY: 'a-production-secret-key-of-some-length',
      },
    });
  });
  afterAll(() => prod.close());

  it('refuses a sandbox token with a 400 naming why, and stores nothing', async () => {
    const [user] = await prod.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('agent1')));
    const oneTime = await mintOneTimeToken({ db: prod.db }, user?.id ?? 0);
    const exchanged = await prod
      .client()
      .get<{ token: string }>(`/api/v1/oneTimeAuth?oneTimeToken=${oneTime}`);
    const agent1 = prod.client(exchanged.body.token);
    const fetched = vi.spyOn(globalThis, 'fetch');
    const refused = await agent1.post<Connections>('/api/v2/calendly', { userPAT: token });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(
      'body.userPAT: is a sandbox token (cal_sandbox_…), which production does not accept; use a Calendly personal access token',
    );
    expect(fetched).not.toHaveBeenCalled();
    const state = await agent1.get<Connections>('/api/v1/calendar/connections');
    expect(state.body.calendly).toMatchObject({ connected: false, sandbox: false, sandboxAvailable: false });
    expect(await prod.db.select().from(calendarConnections)).toEqual([]);
  });
});
