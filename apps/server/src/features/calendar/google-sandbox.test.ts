import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, calendarConnections, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { createSecretBox } from '../../platform/secret-box';
import { bookAppointment } from '../../runtime/tools/booking';
import { accountCalendar } from './calendar.service';
import type { CalendarDeps } from './calendly.service';
import { googleApiFor, sandboxGoogleFor } from './google.service';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent2', SignedInClient>;

const now = () => new Date('2030-01-07T08:00:00Z'); // a Monday

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('acme', 'globex', 'agent2');
});
afterAll(() => kit.close());

interface Answer {
  success: boolean;
  message: string;
  url: string;
  sandbox: boolean;
  redirectUrl: string;
  returnTo: string | null;
  calendars: { id: string; writable: boolean; main: boolean }[];
  google: { connected: boolean; sandbox: boolean; state: string; mainCalendarName: string | null };
  bookings: { id: number; provider: string; sandbox: boolean; name: string; status: string }[];
}

const deps = (): CalendarDeps => ({
  db: kit.db,
  secrets: createSecretBox({ secretsKey: kit.config.secretsKey, dataDir: kit.config.dataDir }),
  calendar: kit.config.calendar,
  publicUrl: kit.config.publicUrl,
  sandboxOpen: kit.config.sandboxOpen,
});

async function googleConnection() {
  const [row] = await kit.db
    .select()
    .from(calendarConnections)
    .where(
      and(eq(calendarConnections.accountId, kit.ids.agent2), eq(calendarConnections.provider, 'google')),
    );
  return row;
}

describe('the sandbox stand-in of Google Calendar', () => {
  it('connects through its own consent page: a declined consent connects nothing, an allowed one comes back with a code', async () => {
    const started = await as.agent2.post<Answer>('/api/v1/google/connect', {
      returnTo: '/app/agent2?schedule',
    });
    expect(started.status, started.text).toBe(200);
    expect(started.body.sandbox).toBe(true);
    const consent = new URL(started.body.url);
    expect(consent.pathname).toBe('/app/dev/google/consent');
    const state = consent.searchParams.get('state') ?? '';

    const declined = await kit.client().post<Answer>('/api/sandbox/google/consent', { state, allow: false });
    expect(declined.status, declined.text).toBe(200);
    expect(new URL(declined.body.redirectUrl).searchParams.get('error')).toBe('access_denied');

    const allowed = await kit.client().post<Answer>('/api/sandbox/google/consent', { state, allow: true });
    const back = new URL(allowed.body.redirectUrl);
    expect(back.pathname).toBe('/app/google/callback');
    expect(back.searchParams.get('state')).toBe(state);
    const done = await as.agent2.post<Answer>('/api/v1/google/oauth/complete', {
      code: back.searchParams.get('code'),
      state,
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.returnTo).toBe('/app/agent2?schedule');
    const reused = await as.agent2.post<Answer>('/api/v1/google/oauth/complete', {
      code: back.searchParams.get('code'),
      state,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/^body\.code: Google refused the consent/);

    const state2 = await as.agent2.get<Answer>('/api/v1/calendar/connections');
    expect(state2.body.google).toMatchObject({
      connected: true,
      sandbox: true,
      state: 'connected',
      mainCalendarName: 'Sandbox calendar',
    });
    const calendars = await as.agent2.get<Answer>('/api/v1/google/calendars');
    expect(calendars.body.calendars.map((entry) => [entry.id, entry.writable, entry.main])).toEqual([
      ['sandbox.owner@gmail.sandbox', true, true],
      ['team-bookings@group.calendar.sandbox', true, false],
      ['en.usa#holiday@group.v.calendar.sandbox', false, false],
    ]);
    const readOnly = await as.agent2.put<Answer>('/api/v1/google/calendars/main', {
      calendar: 'en.usa#holiday@group.v.calendar.sandbox',
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toMatch(/^body\.calendar: .*cannot take bookings/);
  });

  it("books into the stand-in's calendar, where the event shows, and lists the booking labelled Sandbox", async () => {
    const calendar = accountCalendar(kit.db, { config: kit.config });
    const outcome = await bookAppointment(
      calendar,
      { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
      'UTC',
      now(),
      {
        accountId: kit.ids.agent2,
        organizationId: null,
        date: '2030-01-07',
        time: '10:00',
        name: 'Sam Sandbox',
        purpose: 'Estimate',
        contactAddress: '+15557770009',
        conversationUuid: null,
      },
    );
    expect(outcome.ok, outcome.ok ? '' : outcome.message).toBe(true);
    const connection = await googleConnection();
    const tokens = JSON.parse(deps().secrets.open(connection?.sealedCredential ?? '')) as object;
    const events = sandboxGoogleFor(deps()).eventsOf(tokens);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      calendarId: 'sandbox.owner@gmail.sandbox',
      summary: 'Estimate: Sam Sandbox',
    });

    const listed = await as.agent2.get<Answer>('/api/v1/calendar/bookings');
    expect(listed.body.bookings).toMatchObject([
      { provider: 'google', sandbox: true, name: 'Sam Sandbox', status: 'booked' },
    ]);
    const sibling = await as.globex.get<Answer>(
      `/api/v1/calendar/bookings?targetAccountId=${kit.ids.agent2}`,
    );
    expect([403, 404]).toContain(sibling.status);

    const first = listed.body.bookings[0];
    const cancelled = await as.agent2.post<Answer>(`/api/v1/calendar/bookings/${first?.id ?? 0}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(sandboxGoogleFor(deps()).eventsOf(tokens)).toEqual([]);
  });

  it('a grant revoked in the Google account stops bookings with the reason in the app', async () => {
    const connection = await googleConnection();
    sandboxGoogleFor(deps()).revokeGrant(
      JSON.parse(deps().secrets.open(connection?.sealedCredential ?? '')) as object,
    );
    const outcome = await bookAppointment(
      accountCalendar(kit.db, { config: kit.config }),
      { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
      'UTC',
      now(),
      {
        accountId: kit.ids.agent2,
        organizationId: null,
        date: '2030-01-07',
        time: '11:00',
        name: 'Revoked',
        purpose: 'Estimate',
        contactAddress: null,
        conversationUuid: null,
      },
    );
    expect(outcome.ok ? '' : outcome.message).toMatch(/disconnected.*I can take a message/);
    const state = await as.agent2.get<Answer & { google: { lastError: string } }>(
      '/api/v1/calendar/connections',
    );
    expect(state.body.google).toMatchObject({ state: 'revoked' });
    expect(state.body.google.lastError).toMatch(/Token has been expired or revoked/);
  });

  it('is closed in production: no stand-in, and connecting says Google is not set up', () => {
    expect(googleApiFor({ ...deps(), sandboxOpen: false })).toBeNull();
    expect(googleApiFor(deps())?.sandbox).toBe(true);
  });
});
