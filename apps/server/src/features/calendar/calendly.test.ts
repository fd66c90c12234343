import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, calendarConnections, contacts, eq } from '@switchboard/db';
import {
  calendlySignature,
  createContact,
  freePort,
  startApp,
  startFakeCalendlyServer,
  type DemoApp,
  type FakeCalendlyServer,
  type SignedInClient,
} from '@switchboard/testing';
import { bookAppointment } from '../../runtime/tools/booking';
import { accountCalendar } from './calendar.service';

let kit: DemoApp;
let calendly: FakeCalendlyServer;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;

// Calendly's fake offers weekdays 09:00-17:00 UTC; the agent's schedule is in UTC too.
const now = () => new Date('2030-01-07T08:00:00Z'); // a Monday

beforeAll(async () => {
  calendly = await startFakeCalendlyServer({ now });
  const port = await freePort();
  kit = await startApp({
    env: { CALENDLY_API_URL: calendly.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  await kit.app.listen({ port, host: '127.0.0.1' });
  as = await kit.signInEach('acme', 'globex', 'agent1');
  const schedule = await as.agent1.post('/api/v1/schedule', {
    timezone: 'UTC',
    minimumNoticeMinutes: 30,
    weeklyHours: { monday: [{ start: '09:00', end: '17:00' }] },
  });
  expect(schedule.status, schedule.text).toBe(200);
});
afterAll(async () => {
  await kit.close();
  await calendly.close();
});

interface Connections {
  success: boolean;
  message: string;
  active: string;
  sandbox: boolean;
  calendly: {
    connected: boolean;
    state: string;
    userName: string | null;
    eventTypeUri: string | null;
    lastError: string | null;
  };
}

const calendar = () => accountCalendar(kit.db, { config: kit.config });
const book = (time: string, contactAddress: string) =>
  bookAppointment(
    calendar(),
    { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
    'UTC',
    now(),
    {
      accountId: kit.ids.agent1,
      organizationId: null,
      date: '2030-01-07',
      time,
      name: 'Dana Reyes',
      purpose: 'Consultation',
      contactAddress,
      conversationUuid: null,
    },
  );

describe('Calendly', () => {
  it('refuses a token Calendly refuses, naming userPAT, and stores nothing', async () => {
    const response = await as.agent1.post<Connections>('/api/v2/calendly', { userPAT: 'not-a-token' });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toMatch(/^body\.userPAT: Calendly refused the token/);
    const state = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(state.body).toMatchObject({ active: 'sandbox', sandbox: true, calendly: { connected: false } });
  });

  it('refuses an event type the user does not have', async () => {
    const response = await as.agent1.post<Connections>('/api/v2/calendly', {
      userPAT: calendly.token,
      eventTypeUri: `${calendly.url}/event_types/OTHER`,
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toContain('body.eventTypeUri');
  });

  it('connects with a valid token: checked with Calendly, stored sealed, a webhook subscribed', async () => {
    const response = await as.agent1.post<Connections>('/api/v2/calendly', { userPAT: calendly.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      active: 'calendly',
      sandbox: false,
      calendly: {
        connected: true,
        state: 'connected',
        userName: 'Dana Clinic',
        eventTypeUri: calendly.eventType.uri,
      },
    });
    const [row] = await kit.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.accountId, kit.ids.agent1));
    expect(row?.sealedCredential.startsWith('sealed:v1:')).toBe(true);
    expect(row?.sealedCredential).not.toContain(calendly.token);
    expect([...calendly.webhooks.values()].map((hook) => hook.url)).toEqual([
      expect.stringMatching(/\/api\/v1\/calendly\/webhook\/[\w-]+$/),
    ]);
  });

  it('is not reachable from another tenant', async () => {
    const target = `?targetAccountId=${kit.ids.agent1}`;
    for (const response of [
      await as.globex.get(`/api/v1/calendar/connections${target}`),
      await as.globex.post(`/api/v2/calendly${target}`, { userPAT: calendly.token }),
      await as.globex.delete(`/api/v2/calendly${target}`),
    ]) {
      expect([403, 404]).toContain(response.status);
    }
  });

  it('books an available time by API for a caller with an email, and refuses a time Calendly has taken', async () => {
    calendly.addBusy(new Date('2030-01-07T11:00:00Z'), new Date('2030-01-07T12:00:00Z'));
    const outcome = await book('10:00', 'dana@example.com');
    expect(outcome).toMatchObject({ ok: true });
    expect(calendly.invitees.map((invitee) => [invitee.email, invitee.start_time])).toEqual([
      ['dana@example.com', '2030-01-07T10:00:00.000Z'],
    ]);
    const taken = await book('11:00', 'sam@example.com');
    expect(taken).toMatchObject({ ok: false, retry: 'time' });
    expect(taken.ok ? '' : taken.message).toMatch(
      /already taken\. On Monday, January 7 I have 9:00 AM or 9:30 AM/,
    );
  });

  it('hands back a single-use scheduling link where booking by API is not possible', async () => {
    const byPhone = await book('13:00', '+15557770001');
    expect(byPhone).toMatchObject({ ok: false, schedulingUrl: calendly.schedulingLinks[0] });
    calendly.setBookingByApi(false);
    const trialPlan = await book('13:30', 'lee@example.com');
    expect(trialPlan).toMatchObject({ ok: false, schedulingUrl: calendly.schedulingLinks[1] });
    calendly.setBookingByApi(true);
    expect(calendly.invitees).toHaveLength(1);
  });

  it('takes a signed cancellation from Calendly onto the booking and the contact, and refuses an unsigned one', async () => {
    const acme = as.acme;
    await createContact(acme, { name: 'Dana Reyes', email: 'dana@example.com' }, kit.ids.agent1);
    const invitee = calendly.invitees[0];
    if (!invitee) throw new Error('no invitee');
    const hook = [...calendly.webhooks.values()][0];
    const forged = await fetch(hook?.url ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'calendly-webhook-signature': calendlySignature('{}', 'wrong key', Math.floor(Date.now() / 1000)),
      },
      body: JSON.stringify({ event: 'invitee.canceled', payload: { uri: invitee.uri } }),
    });
    expect(forged.status).toBe(401);
    const [delivery] = await calendly.cancelInvitee(invitee.uri);
    expect(delivery?.status).toBe(200);
    const [booking] = await kit.db
      .select()
      .from(appointments)
      .where(eq(appointments.accountId, kit.ids.agent1));
    expect(booking?.status).toBe('cancelled');
    const [contact] = await kit.db.select().from(contacts).where(eq(contacts.email, 'dana@example.com'));
    expect(contact?.data).toMatchObject({
      appointment: { status: 'cancelled in Calendly', startsAt: '2030-01-07T10:00:00.000Z' },
    });
  });

  it('stops booking with a clear message once Calendly refuses the stored token', async () => {
    const [row] = await kit.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.accountId, kit.ids.agent1));
    await kit.db
      .update(calendarConnections)
      .set({ sealedCredential: 'a-token-calendly-revoked' })
      .where(eq(calendarConnections.id, row?.id ?? 0));
    const outcome = await book('14:00', 'kim@example.com');
    expect(outcome).toMatchObject({ ok: false });
    expect(outcome.ok ? '' : outcome.message).toMatch(/can't reach our booking calendar.*take a message/);
    const state = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(state.body.calendly).toMatchObject({
      state: 'revoked',
    });
    expect(state.body.calendly.lastError).toMatch(/Unauthenticated/);
    const again = await book('14:30', 'kim@example.com');
    expect(again.ok ? '' : again.message).toMatch(/disconnected right now.*take a message/);
  });

  it('disconnects: the webhook subscription goes and bookings go to the sandbox calendar again', async () => {
    await kit.db
      .update(calendarConnections)
      .set({ sealedCredential: calendly.token })
      .where(eq(calendarConnections.accountId, kit.ids.agent1));
    const response = await as.agent1.delete('/api/v2/calendly');
    expect(response.status, response.text).toBe(200);
    expect(calendly.webhooks.size).toBe(0);
    const state = await as.agent1.get<Connections>('/api/v1/calendar/connections');
    expect(state.body).toMatchObject({ active: 'sandbox', calendly: { connected: false } });
    expect(await book('15:00', '+15557770001')).toMatchObject({ ok: true });
    const again = await as.agent1.delete<Connections>('/api/v2/calendly');
    expect(again.status).toBe(404);
  });
});
