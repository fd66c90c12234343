import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, calendarConnections, eq } from '@switchboard/db';
import {
  startApp,
  startFakeGoogleCalendarServer,
  type DemoApp,
  type FakeGoogleCalendarServer,
  type SignedInClient,
} from '@switchboard/testing';
import { bookAppointment } from '../../runtime/tools/booking';
import { accountCalendar } from './calendar.service';

let kit: DemoApp;
let google: FakeGoogleCalendarServer;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;

const now = () => new Date('2030-01-07T08:00:00Z'); // a Monday

beforeAll(async () => {
  google = await startFakeGoogleCalendarServer();
  kit = await startApp({
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_API_URL: google.url,
      GOOGLE_OAUTH_URL: google.url,
    },
  });
  as = await kit.signInEach('acme', 'globex', 'agent1');
  const schedule = await as.agent1.post('/api/v1/schedule', {
    timezone: 'America/New_York',
    minimumNoticeMinutes: 30,
    weeklyHours: { monday: [{ start: '09:00', end: '17:00' }] },
  });
  expect(schedule.status, schedule.text).toBe(200);
});
afterAll(async () => {
  await kit.close();
  await google.close();
});

interface Answer {
  success: boolean;
  message: string;
  url: string;
  calendars: { id: string; writable: boolean; main: boolean; checked: boolean; accessRole: string }[];
  calendar: string | null;
  checked: string[];
  connections: { active: string; google: { connected: boolean; state: string; mainCalendar: string | null } };
  google: { connected: boolean; state: string; lastError: string | null; sandbox: boolean };
  bookings: { id: number; provider: string; status: string; name: string; startsAt: string }[];
}

const book = (time: string, name = 'Dana Reyes') =>
  bookAppointment(
    accountCalendar(kit.db, { config: kit.config }),
    { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
    'UTC',
    now(),
    {
      accountId: kit.ids.agent1,
      organizationId: null,
      date: '2030-01-07',
      time,
      name,
      purpose: 'Cleaning',
      contactAddress: '+15557770001',
      conversationUuid: null,
    },
  );

async function connect(client: SignedInClient): Promise<void> {
  const started = await client.post<Answer>('/api/v1/google/connect', { returnTo: '/app?schedule' });
  expect(started.status, started.text).toBe(200);
  const consent = new URL(started.body.url);
  const state = consent.searchParams.get('state') ?? '';
  const done = await client.post<Answer & { returnTo: string }>('/api/v1/google/oauth/complete', {
    code: google.issueCode(),
    state,
  });
  expect(done.status, done.text).toBe(200);
  expect(done.body.returnTo).toBe('/app?schedule');
}

describe('Google Calendar through the googleapis client', () => {
  it("sends the person to Google's consent with our redirect page, and refuses a code or state that is not good", async () => {
    const started = await as.agent1.post<Answer>('/api/v1/google/connect', {});
    expect(started.status, started.text).toBe(200);
    const consent = new URL(started.body.url);
    expect(consent.origin).toBe(google.url);
    expect(consent.pathname).toBe('/o/oauth2/v2/auth');
    expect(consent.searchParams.get('client_id')).toBe(google.clientId);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${kit.config.publicUrl}/app/google/callback`);
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('scope')).toContain('calendar.events');
    const state = consent.searchParams.get('state') ?? '';

    const wrongCode = await as.agent1.post<Answer>('/api/v1/google/oauth/complete', { code: 'nope', state });
    expect(wrongCode.status, wrongCode.text).toBe(400);
    expect(wrongCode.body.message).toMatch(/^body\.code: Google refused the consent \(Malformed auth code/);
    const otherAccount = await as.acme.post<Answer>('/api/v1/google/oauth/complete', {
      code: google.issueCode(),
      state,
    });
    expect(otherAccount.status, otherAccount.text).toBe(400);
    expect(otherAccount.body.message).toMatch(/^body\.state: was started for another account/);
    const forged = await as.agent1.post<Answer>('/api/v1/google/oauth/complete', {
      code: google.issueCode(),
      state: `${kit.ids.agent1}.sealed:v1:forged`,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^body\.state:/);
    const rows = await kit.db.select().from(calendarConnections);
    expect(rows.filter((row) => row.provider === 'google')).toEqual([]);
  });

  it('connects: tokens sealed, the primary calendar main; lists calendars and refuses a read-only main', async () => {
    await connect(as.agent1);
    const [row] = await kit.db
      .select()
      .from(calendarConnections)
      .where(
        and(eq(calendarConnections.accountId, kit.ids.agent1), eq(calendarConnections.provider, 'google')),
      );
    expect(row?.sealedCredential).toMatch(/^sealed:v1:/);
    expect(row?.sealedCredential).not.toContain('ya29');

    const listed = await as.agent1.get<Answer>('/api/v1/google/calendars');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.calendars.map((entry) => [entry.id, entry.writable, entry.main])).toEqual([
      ['dana@clinic.example', true, true],
      ['team@group.calendar.google.com', true, false],
      ['en.usa#holiday@group.v.calendar.google.com', false, false],
    ]);

    const readOnly = await as.agent1.put<Answer>('/api/v1/google/calendars/main', {
      calendar: 'en.usa#holiday@group.v.calendar.google.com',
    });
    expect(readOnly.status, readOnly.text).toBe(400);
    expect(readOnly.body.message).toMatch(
      /^body\.calendar: "Holidays in United States" cannot take bookings/,
    );
    const unknown = await as.agent1.put<Answer>('/api/v1/google/calendars/main', {
      calendar: 'team@group.calendar.google.com',
      checked: ['nobody@example.com'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^body\.checked\.0: nobody@example\.com is not a calendar/);

    const chosen = await as.agent1.put<Answer>('/api/v1/google/calendars/main', {
      calendar: 'team@group.calendar.google.com',
      checked: ['dana@clinic.example'],
    });
    expect(chosen.status, chosen.text).toBe(200);
    const main = await as.agent1.get<Answer>('/api/v1/google/calendars/main');
    expect(main.body).toMatchObject({
      calendar: 'team@group.calendar.google.com',
      checked: ['dana@clinic.example'],
    });
  });

  it("books into the main calendar in the agent's time zone, keeping the ticked calendar's busy times free", async () => {
    google.addBusy('dana@clinic.example', new Date('2030-01-07T15:00:00Z'), new Date('2030-01-07T16:00:00Z'));
    const busy = await book('10:00');
    expect(busy).toMatchObject({ ok: false, retry: 'time' });
    expect(busy.ok ? '' : busy.message).toMatch(/already taken/);

    const booked = await book('11:00');
    expect(booked).toMatchObject({
      ok: true,
      message: "You're booked for Dana Reyes on Monday, January 7 at 11:00 AM.",
    });
    const event = google.events.at(-1);
    expect(event).toMatchObject({
      calendarId: 'team@group.calendar.google.com',
      summary: 'Cleaning: Dana Reyes',
      start: { dateTime: '2030-01-07T16:00:00.000Z', timeZone: 'America/New_York' },
      end: { dateTime: '2030-01-07T16:30:00.000Z', timeZone: 'America/New_York' },
    });
    expect(event?.description).toContain('Contact: +15557770001');
    expect(event?.description).toContain('Purpose: Cleaning');

    const again = await book('11:00', 'Someone Else');
    expect(again).toMatchObject({ ok: false, retry: 'time' });
    const past = await bookAppointment(
      accountCalendar(kit.db, { config: kit.config }),
      { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
      'UTC',
      new Date('2030-01-08T12:00:00Z'),
      {
        accountId: kit.ids.agent1,
        organizationId: null,
        date: '2030-01-07',
        time: '13:00',
        name: 'Late',
        purpose: 'Cleaning',
        contactAddress: null,
        conversationUuid: null,
      },
    );
    expect(past.ok ? '' : past.message).toMatch(/^That time has already passed\./);
  });

  it('refreshes an expired access token and keeps the new one sealed', async () => {
    const before = google.requests.filter((request) => request.path === '/token').length;
    const [old] = await kit.db
      .select()
      .from(calendarConnections)
      .where(
        and(eq(calendarConnections.accountId, kit.ids.agent1), eq(calendarConnections.provider, 'google')),
      );
    google.expireAccessTokens();
    const booked = await book('13:00', 'After Refresh');
    expect(booked.ok, booked.ok ? '' : booked.message).toBe(true);
    const refreshes = google.requests.filter(
      (request) =>
        request.path === '/token' && (request.body as { grant_type?: string }).grant_type === 'refresh_token',
    );
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(google.requests.filter((request) => request.path === '/token').length).toBeGreaterThan(before);
    await expect
      .poll(async () => {
        const [row] = await kit.db
          .select()
          .from(calendarConnections)
          .where(eq(calendarConnections.id, old?.id ?? 0));
        return row?.sealedCredential;
      })
      .not.toBe(old?.sealedCredential);
  });

  it("lists the account's bookings and cancels one at Google; another tenant can neither see nor cancel it", async () => {
    const listed = await as.agent1.get<Answer>('/api/v1/calendar/bookings');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.bookings.map((booking) => [booking.name, booking.provider, booking.status])).toEqual([
      ['Dana Reyes', 'google', 'booked'],
      ['After Refresh', 'google', 'booked'],
    ]);
    const first = listed.body.bookings[0];
    if (!first) throw new Error('no booking');

    const sibling = await as.globex.post<Answer>(`/api/v1/calendar/bookings/${first.id}/cancel`, {});
    expect([403, 404]).toContain(sibling.status);
    const siblingList = await as.globex.get<Answer>(
      `/api/v1/calendar/bookings?targetAccountId=${kit.ids.agent1}`,
    );
    expect([403, 404]).toContain(siblingList.status);

    const cancelled = await as.acme.post<Answer>(
      `/api/v1/calendar/bookings/${first.id}/cancel?targetAccountId=${kit.ids.agent1}`,
      {},
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(google.events.find((event) => event.summary === 'Cleaning: Dana Reyes')?.status).toBe('cancelled');
    const twice = await as.agent1.post<Answer>(`/api/v1/calendar/bookings/${first.id}/cancel`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already cancelled/);
  });

  it('stops bookings when the consent is revoked, says so in the app, and the agent offers to take a message', async () => {
    google.revokeAll();
    google.expireAccessTokens();
    const refused = await book('14:00', 'After Revoke');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.message).toMatch(/disconnected.*I can take a message/);
    const state = await as.agent1.get<Answer>('/api/v1/calendar/connections');
    expect(state.body.google).toMatchObject({ connected: true, state: 'revoked', sandbox: false });
    expect(state.body.google.lastError).toMatch(
      /Google refused the stored consent: Token has been expired or revoked/,
    );
    const stillRefused = await book('15:00', 'Later');
    expect(stillRefused.ok ? '' : stillRefused.message).toMatch(/I can take a message/);
    expect(google.events.some((event) => event.summary.includes('After Revoke'))).toBe(false);
  });

  it('disconnects and revokes the grant at Google; the sibling tenant cannot touch the connection', async () => {
    await connect(as.agent1);
    const sibling = await as.globex.delete<Answer>(
      `/api/v1/google/disconnect?targetAccountId=${kit.ids.agent1}`,
    );
    expect([403, 404]).toContain(sibling.status);
    const siblingList = await as.globex.get<Answer>(
      `/api/v1/google/calendars?targetAccountId=${kit.ids.agent1}`,
    );
    expect([403, 404]).toContain(siblingList.status);
    const revokesBefore = google.requests.filter((request) => request.path === '/revoke').length;
    const gone = await as.agent1.delete<Answer>('/api/v1/google/disconnect');
    expect(gone.status, gone.text).toBe(200);
    expect(google.requests.filter((request) => request.path === '/revoke').length).toBe(revokesBefore + 1);
    const state = await as.agent1.get<Answer>('/api/v1/calendar/connections');
    expect(state.body.google.connected).toBe(false);
    const notConnected = await as.agent1.get<Answer>('/api/v1/google/calendars');
    expect(notConnected.status).toBe(404);
  });
});
