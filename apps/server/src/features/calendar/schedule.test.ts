import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleView } from '@switchboard/contract';
import { appointments, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { bookAppointment } from '../../runtime/tools/booking';
import type { CalendarProvider } from '../../providers/calendar/types';
import { accountCalendar } from './calendar.service';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1' | 'agent2', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('acme', 'globex', 'agent1', 'agent2');
});
afterAll(() => kit.close());

interface Body {
  success: boolean;
  code: string;
  message: string;
  schedule: ScheduleView;
}

const rules = { durationMinutes: 45, days: [6], startTime: '06:00', endTime: '07:00', horizonDays: 2 };
const booker = {
  date: '2027-03-15',
  time: '09:00',
  name: 'Dana Reyes',
  purpose: 'Consultation',
  contactAddress: '+15557770001',
  conversationUuid: null,
};

describe('schedule', () => {
  it('answers the default schedule until the account saves its own', async () => {
    const response = await as.agent1.get<Body>('/api/v1/schedule');
    expect(response.status, response.text).toBe(200);
    expect(response.body.schedule).toMatchObject({
      saved: false,
      timezone: 'America/New_York',
      weeklyHours: { monday: [{ start: '09:00', end: '17:00' }], saturday: [] },
      appointmentMinutes: 30,
    });
  });

  it('saves the parts sent, keeps the rest, and reads back sorted', async () => {
    const saved = await as.agent1.post<Body>('/api/v1/schedule', {
      timezone: 'America/Chicago',
      weeklyHours: {
        monday: [
          { start: '13:00', end: '17:00' },
          { start: '08:00', end: '12:00' },
        ],
        sunday: [],
      },
      breaks: [{ start: '10:00', end: '10:15' }],
      blockedDates: ['2027-01-01', '2026-12-25'],
      bufferMinutes: 10,
    });
    expect(saved.status, saved.text).toBe(200);
    const read = await as.agent1.get<Body>('/api/v1/schedule');
    expect(read.body.schedule).toMatchObject({
      saved: true,
      timezone: 'America/Chicago',
      weeklyHours: {
        monday: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        tuesday: [{ start: '09:00', end: '17:00' }],
      },
      breaks: [{ start: '10:00', end: '10:15', days: [] }],
      blockedDates: ['2026-12-25', '2027-01-01'],
      bufferMinutes: 10,
      appointmentMinutes: 30,
    });
    expect(read.body.schedule.updatedAt).not.toBeNull();
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'body.timezone', /not a time zone/],
    [
      { weeklyHours: { monday: [{ start: '17:00', end: '09:00' }] } },
      'body.weeklyHours.monday.0.end',
      /after it starts/,
    ],
    [
      {
        weeklyHours: {
          friday: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '14:00' },
          ],
        },
      },
      'body.weeklyHours.friday.1.start',
      /overlaps 09:00-12:00/,
    ],
    [
      { weeklyHours: { monday: [{ start: '9am', end: '17:00' }] } },
      'body.weeklyHours.monday.0.start',
      /HH:MM/,
    ],
    [{ blockedDates: ['2027-02-30'] }, 'body.blockedDates.0', /not a date/],
    [{ appointmentMinutes: 0 }, 'body.appointmentMinutes', /5/],
    [{ breaks: [{ start: '12:00', end: '12:00', days: ['funday'] }] }, 'body.breaks.0', /./],
  ])('refuses %j with 400 naming %s, and keeps what was saved', async (body, field, message) => {
    const response = await as.agent1.post<Body>('/api/v1/schedule', body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toContain(field);
    expect(response.body.message).toMatch(message);
    const read = await as.agent1.get<Body>('/api/v1/schedule');
    expect(read.body.schedule.timezone).toBe('America/Chicago');
  });

  it("is each account's own: another tenant cannot read or change it", async () => {
    const read = await as.globex.get<Body>(`/api/v1/schedule?targetAccountId=${kit.ids.agent1}`);
    expect([403, 404]).toContain(read.status);
    const write = await as.globex.post<Body>(`/api/v1/schedule?targetAccountId=${kit.ids.agent1}`, {
      horizonDays: 1,
    });
    expect([403, 404]).toContain(write.status);
    const own = await as.acme.get<Body>(`/api/v1/schedule?targetAccountId=${kit.ids.agent1}`);
    expect(own.body.schedule.bufferMinutes).toBe(10);
  });
});

describe('booking within the schedule', () => {
  it('books 09:00 local on the Monday after a daylight-saving change, at 13:00 UTC', async () => {
    const saved = await as.agent2.post<Body>('/api/v1/schedule', {
      timezone: 'America/New_York',
      weeklyHours: { monday: [{ start: '09:00', end: '12:00' }], sunday: [] },
      appointmentMinutes: 60,
      bufferMinutes: 30,
    });
    expect(saved.status, saved.text).toBe(200);
    const calendar = accountCalendar(kit.db);
    const now = new Date('2027-03-12T15:00:00Z');
    const input = { ...booker, accountId: kit.ids.agent2, organizationId: null };
    const outcome = await bookAppointment(calendar, { ...rules }, 'UTC', now, input);
    expect(outcome).toMatchObject({
      ok: true,
      message: "You're booked for Dana Reyes on Monday, March 15 at 9:00 AM.",
    });
    if (!outcome.ok) return;
    expect(outcome.start.toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(outcome.end.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    const taken = await bookAppointment(calendar, { ...rules }, 'UTC', now, { ...input, time: '09:30' });
    expect(taken).toMatchObject({ ok: false, retry: 'time' });
    expect(taken.ok ? '' : taken.message).toMatch(
      /already taken\. On Monday, March 15 I have 10:30 AM or 11:00 AM/,
    );
    const sunday = await bookAppointment(calendar, { ...rules }, 'UTC', now, {
      ...input,
      date: '2027-03-14',
    });
    expect(sunday.ok ? '' : sunday.message).toMatch(/We don't take appointments on Sundays/);
  });

  it('lets exactly one of ten simultaneous bookings of one slot through', async () => {
    const calendar = accountCalendar(kit.db);
    const attempts = Array.from({ length: 10 }, (_, index) =>
      calendar.book({
        accountId: kit.ids.agent3,
        organizationId: null,
        start: new Date('2027-03-16T14:00:00Z'),
        end: new Date('2027-03-16T14:30:00Z'),
        timezone: 'America/New_York',
        name: `Caller ${index}`,
        purpose: 'Race',
        contactAddress: null,
        conversationUuid: null,
      }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    const rows = await kit.db.select().from(appointments).where(eq(appointments.accountId, kit.ids.agent3));
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual(['2027-03-16T14:00:00.000Z']);
  });

  it('serializes bookings of a calendar that does not check itself: its busy times are read again under the lock', async () => {
    const booked: { start: Date; end: Date }[] = [];
    const naive: CalendarProvider = {
      name: 'naive',
      sandbox: false,
      busy: async (_accountId, from, to) => {
        // A provider's free/busy answers over the network: other bookings interleave while it is awaited.
        await new Promise((resolve) => setImmediate(resolve));
        return booked.filter((b) => b.start < to && b.end > from);
      },
      book: async (request) => {
        await new Promise((resolve) => setImmediate(resolve));
        booked.push({ start: request.start, end: request.end });
        return { id: String(booked.length) };
      },
    };
    const calendar = accountCalendar(kit.db, { calendarOf: () => naive });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        calendar.book({
          accountId: kit.ids.agent1,
          organizationId: null,
          start: new Date('2027-03-17T14:00:00Z'),
          end: new Date('2027-03-17T14:30:00Z'),
          timezone: 'America/New_York',
          name: 'Caller',
          purpose: 'Race',
          contactAddress: null,
          conversationUuid: null,
        }),
      ),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(booked).toHaveLength(1);
  });
});
