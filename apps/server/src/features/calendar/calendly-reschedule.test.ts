import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, appointments, asc, contacts, eq } from '@switchboard/db';
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
let as: Record<'agent1', SignedInClient>;

const now = () => new Date('2030-01-07T08:00:00Z'); // a Monday
const conversationUuid = '6f1c2a4e-0b7d-4c1e-9a55-2d3b4c5d6e7f';

beforeAll(async () => {
  calendly = await startFakeCalendlyServer({ now });
  const port = await freePort();
  kit = await startApp({
    env: { CALENDLY_API_URL: calendly.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  await kit.app.listen({ port, host: '127.0.0.1' });
  as = await kit.signInEach('agent1');
  const schedule = await as.agent1.post('/api/v1/schedule', {
    timezone: 'UTC',
    minimumNoticeMinutes: 30,
    weeklyHours: { monday: [{ start: '09:00', end: '17:00' }], tuesday: [{ start: '09:00', end: '17:00' }] },
  });
  expect(schedule.status, schedule.text).toBe(200);
  const connected = await as.agent1.post('/api/v2/calendly', { userPAT: calendly.token });
  expect(connected.status, connected.text).toBe(200);
  await createContact(as.agent1, { name: 'Dana Reyes', email: 'dana@example.com' });
  const booked = await bookAppointment(
    accountCalendar(kit.db, { config: kit.config }),
    { durationMinutes: 30, days: [1], startTime: '09:00', endTime: '17:00', horizonDays: 30 },
    'UTC',
    now(),
    {
      accountId: kit.ids.agent1,
      organizationId: null,
      date: '2030-01-07',
      time: '10:00',
      name: 'Dana Reyes',
      purpose: 'Consultation',
      contactAddress: 'dana@example.com',
      conversationUuid,
    },
  );
  expect(booked.ok, booked.ok ? '' : booked.message).toBe(true);
});
afterAll(async () => {
  await kit.close();
  await calendly.close();
});

const bookings = () =>
  kit.db
    .select()
    .from(appointments)
    .where(eq(appointments.accountId, kit.ids.agent1))
    .orderBy(asc(appointments.id));
const contact = async () => {
  const [row] = await kit.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, kit.ids.agent1), eq(contacts.email, 'dana@example.com')));
  return row;
};
const hookUrl = () => [...calendly.webhooks.values()][0]?.url ?? '';
const post = (body: string, signature: string | null) =>
  fetch(hookUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'calendly-webhook-signature': signature }),
    },
    body,
  });

describe('a reschedule made in Calendly', () => {
  it('refuses a delivery with a bad, stale or missing signature and changes nothing', async () => {
    const invitee = calendly.invitees[0];
    const key = [...calendly.webhooks.values()][0]?.signing_key ?? '';
    const body = JSON.stringify({
      event: 'invitee.created',
      payload: {
        uri: `${calendly.url}/scheduled_events/X/invitees/Y`,
        email: 'dana@example.com',
        old_invitee: invitee?.uri,
        scheduled_event: { start_time: '2030-01-08T15:00:00Z', end_time: '2030-01-08T15:30:00Z' },
      },
    });
    const seconds = Math.floor(Date.now() / 1000);
    const before = { bookings: await bookings(), contact: await contact() };
    for (const signature of [
      calendlySignature(body, 'not the signing key', seconds),
      calendlySignature(`${body} `, key, seconds),
      calendlySignature(body, key, seconds - 600),
      `t=${seconds}`,
      null,
    ]) {
      const response = await post(body, signature);
      expect(response.status, signature ?? 'no signature').toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(
        'The Calendly-Webhook-Signature header does not match the body',
      );
    }
    expect(await bookings()).toEqual(before.bookings);
    expect(await contact()).toEqual(before.contact);
  });

  it("moves the conversation's booking to the new time and notes it on the caller's contact", async () => {
    const invitee = calendly.invitees[0];
    if (!invitee) throw new Error('no invitee');
    const deliveries = await calendly.rescheduleInvitee(invitee.uri, new Date('2030-01-08T15:00:00Z'));
    expect(deliveries).toEqual([{ status: 200 }, { status: 200 }]);
    expect(
      calendly.deliveries.map((delivery) => JSON.parse(delivery.body) as { event: string }),
    ).toMatchObject([
      { event: 'invitee.canceled', payload: { rescheduled: true } },
      { event: 'invitee.created', payload: { old_invitee: invitee.uri } },
    ]);

    const [old, moved, ...more] = await bookings();
    expect(more).toEqual([]);
    expect(old).toMatchObject({ status: 'cancelled', startsAt: new Date('2030-01-07T10:00:00Z') });
    expect(old?.details.cancellation).toMatchObject({ rescheduled: true });
    expect(moved).toMatchObject({
      status: 'booked',
      startsAt: new Date('2030-01-08T15:00:00Z'),
      endsAt: new Date('2030-01-08T15:30:00Z'),
      name: 'Dana Reyes',
      purpose: 'Consultation',
      contactAddress: 'dana@example.com',
      conversationUuid,
    });
    expect(moved?.details).toMatchObject({
      provider: 'calendly',
      inviteeUri: calendly.invitees[1]?.uri,
      rescheduledFrom: invitee.uri,
    });
    expect(moved?.details.cancellation).toBeUndefined();
    expect((await contact())?.data).toMatchObject({
      appointment: {
        status: 'rescheduled in Calendly',
        startsAt: '2030-01-08T15:00:00.000Z',
        previousStartsAt: '2030-01-07T10:00:00.000Z',
        conversationUuid,
      },
    });
    // The agent's booking calendar sees the new time taken and the old one free.
    const calendar = accountCalendar(kit.db, { config: kit.config });
    const busy = await calendar.busy(kit.ids.agent1, now(), new Date('2030-01-09T00:00:00Z'));
    expect(busy.map((slot) => slot.start.toISOString())).toEqual(['2030-01-08T15:00:00.000Z']);
  });

  it('does nothing twice when Calendly delivers the same events again', async () => {
    const before = { bookings: await bookings(), contact: await contact() };
    for (const delivery of calendly.deliveries) {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, handled: false });
    }
    // In the other order too (invitee.created arriving first is already recorded).
    for (const delivery of [...calendly.deliveries].reverse()) {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      expect(await response.json()).toEqual({ success: true, handled: false });
    }
    expect(await bookings()).toEqual(before.bookings);
    expect(await contact()).toEqual(before.contact);
  });
});
