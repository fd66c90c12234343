import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, weekdayOf, zonedParts, zonedToInstant } from '@switchboard/core';
import { appointments, eq } from '@switchboard/db';
import {
  createOrganization,
  createReseller,
  startApp,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';
import { createSecretBox } from '../../platform/secret-box';
import { CalendarUnavailableError } from '../../providers/calendar/types';
import { bookTeamCall, teamCallSlots, type TeamCallDeps } from './team-call.service';
import { sandboxCalendar } from './calendar.service';

let kit: DemoApp;
let as: Record<'partner' | 'acme' | 'globex' | 'superadmin', SignedInClient>;

interface Slots {
  success: boolean;
  code: string;
  message: string;
  team: { name: string; timezone: string; appointmentMinutes: number };
  date: string;
  timezone: string;
  slots: { start: string; end: string }[];
  nextOpenDate: string | null;
  firstDate: string;
  lastDate: string;
  viewer: { name: string; email: string; phone: string };
}

interface Booked {
  success: boolean;
  code: string;
  message: string;
  booking: { id: number | null; start: string; end: string; teamName: string; schedulingUrl: string | null };
}

interface Bookings {
  bookings: { id: number; name: string; contactAddress: string | null; purpose: string; startsAt: string }[];
}

/** A weekday (Wednesday) at least ten days ahead, in Chicago's calendar. */
function nextWednesday(): string {
  let day = addDays(zonedParts(new Date(), 'America/Chicago'), 10);
  while (weekdayOf(day) !== 3) day = addDays(day, 1);
  return formatIsoDate(day);
}

const chicago = (date: string, hour: number, minute = 0) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return zonedToInstant({ year, month, day, hour, minute }, 'America/Chicago').toISOString();
};

const wednesday = nextWednesday();
const slotsOf = (client: SignedInClient, date = wednesday, timezone = 'Europe/Berlin') =>
  client.get<Slots>(`/api/v1/schedule/team/slots?date=${date}&timezone=${encodeURIComponent(timezone)}`);
const booker = {
  timezone: 'Europe/Berlin',
  name: 'Dana Reyes',
  email: 'dana@acme.example',
  phone: '+1 555 010 2000',
};

beforeAll(async () => {
  kit = await startApp({ env: { SALES_ACCOUNT_USERNAME: 'partner' } });
  as = await kit.signInEach('partner', 'acme', 'globex', 'superadmin');
  const saved = await as.partner.post('/api/v1/schedule', {
    timezone: 'America/Chicago',
    weeklyHours: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [
        day,
        [{ start: '09:00', end: '11:00' }],
      ]),
    ),
    appointmentMinutes: 30,
    bufferMinutes: 0,
    minimumNoticeMinutes: 60,
    horizonDays: 30,
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(() => kit.close());

describe('calls with the team (the schedule page)', () => {
  it("answers the sales team's open times of a day in the viewer's zone, with the viewer's details", async () => {
    const answer = await slotsOf(as.acme);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.team).toEqual({
      name: 'Demo Partner',
      timezone: 'America/Chicago',
      appointmentMinutes: 30,
    });
    expect(answer.body.slots.map((slot) => slot.start)).toEqual([
      chicago(wednesday, 9),
      chicago(wednesday, 9, 30),
      chicago(wednesday, 10),
      chicago(wednesday, 10, 30),
    ]);
    expect(answer.body.slots[0]?.end).toBe(chicago(wednesday, 9, 30));
    expect(answer.body.nextOpenDate).toBeNull();
    expect(answer.body.viewer.email).toBe('acme@demo.switchboard.test');
    expect(answer.body.firstDate <= wednesday && wednesday <= answer.body.lastDate).toBe(true);
  });

  it('points a closed day at the next open one (a Saturday in Berlin to the following Monday)', async () => {
    const [year, month, day] = wednesday.split('-').map(Number) as [number, number, number];
    const saturday = formatIsoDate(addDays({ year, month, day }, 3));
    const monday = formatIsoDate(addDays({ year, month, day }, 5));
    const answer = await slotsOf(as.acme, saturday);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.slots).toEqual([]);
    expect(answer.body.nextOpenDate).toBe(monday);
  });

  it('books a slot, which then disappears; the same slot from a sibling tenant is 409', async () => {
    const start = chicago(wednesday, 10);
    const booked = await as.acme.post<Booked>('/api/v1/schedule/team/bookings', {
      ...booker,
      start,
      purpose: 'Tune my booking flow',
    });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.booking).toMatchObject({
      start,
      end: chicago(wednesday, 10, 30),
      teamName: 'Demo Partner',
      schedulingUrl: null,
    });
    const after = await slotsOf(as.acme);
    expect(after.body.slots.map((slot) => slot.start)).not.toContain(start);
    expect(after.body.slots).toHaveLength(3);

    const again = await as.globex.post<Booked>('/api/v1/schedule/team/bookings', {
      ...booker,
      name: 'Gus Globex',
      email: 'gus@globex.example',
      start,
    });
    expect(again.status, again.text).toBe(409);
    expect(again.body.message).toBe('That time was just taken; pick another of the open times');

    // The team sees the call in its bookings; neither tenant's own list holds it.
    const team = await as.partner.get<Bookings>('/api/v1/calendar/bookings');
    const row = team.body.bookings.find((booking) => booking.startsAt === start);
    expect(row).toMatchObject({
      name: 'Dana Reyes',
      contactAddress: 'dana@acme.example',
      purpose: 'Tune my booking flow (phone +1 555 010 2000)',
    });
    for (const tenant of [as.acme, as.globex]) {
      const own = await tenant.get<Bookings>('/api/v1/calendar/bookings');
      expect(own.body.bookings.some((booking) => booking.startsAt === start)).toBe(false);
    }
    const [stored] = await kit.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.body.booking.id ?? 0));
    expect(stored?.accountId).toBe(kit.ids.partner);
    expect(stored?.details.teamCall).toMatchObject({ accountId: kit.ids.acme, email: 'dana@acme.example' });
  });

  it("refuses to act for a sibling tenant's account", async () => {
    const slots = await as.acme.get<Slots>(
      `/api/v1/schedule/team/slots?date=${wednesday}&timezone=UTC&targetAccountId=${kit.ids.globex}`,
    );
    expect(slots.status, slots.text).toBe(403);
    const booked = await as.acme.post<Booked>(
      `/api/v1/schedule/team/bookings?targetAccountId=${kit.ids.globex}`,
      { ...booker, start: chicago(wednesday, 9) },
    );
    expect(booked.status, booked.text).toBe(403);
    expect((await slotsOf(as.acme)).body.slots.map((slot) => slot.start)).toContain(chicago(wednesday, 9));
  });

  it('names what is wrong with bad input (4xx), and books nothing', async () => {
    const cases: [string, Promise<{ status: number; body: { message: string } }>, number, RegExp][] = [
      ['date', slotsOf(as.acme, '2030-02-30'), 400, /query\.date: is not a date on the calendar/],
      ['past date', slotsOf(as.acme, '2020-01-06'), 400, /query\.date: 2020-01-06 is in the past/],
      ['zone', slotsOf(as.acme, wednesday, 'Mars/Olympus'), 400, /query\.timezone: is not a time zone/],
      [
        'past',
        as.acme.post('/api/v1/schedule/team/bookings', { ...booker, start: '2020-01-06T15:00:00Z' }),
        400,
        /body\.start: is in the past/,
      ],
      [
        'closed',
        as.acme.post('/api/v1/schedule/team/bookings', { ...booker, start: chicago(wednesday, 14) }),
        400,
        /body\.start: is outside the team's hours/,
      ],
      [
        'email',
        as.acme.post('/api/v1/schedule/team/bookings', {
          ...booker,
          email: 'dana',
          start: chicago(wednesday, 9),
        }),
        400,
        /body\.email: must be an email address/,
      ],
      [
        'name',
        as.acme.post('/api/v1/schedule/team/bookings', {
          ...booker,
          name: ' ',
          start: chicago(wednesday, 9),
        }),
        400,
        /body\.name: is required/,
      ],
      [
        'start',
        as.acme.post('/api/v1/schedule/team/bookings', { ...booker, start: 'next wednesday' }),
        400,
        /body\.start: must be a date and time/,
      ],
    ];
    for (const [what, pending, status, message] of cases) {
      const answer = await pending;
      expect(answer.status, what).toBe(status);
      expect(answer.body.message, what).toMatch(message);
    }
    const unsigned = await kit.client().get(`/api/v1/schedule/team/slots?date=${wednesday}&timezone=UTC`);
    expect(unsigned.status).toBe(401);
    expect((await slotsOf(as.acme)).body.slots.map((slot) => slot.start)).toContain(chicago(wednesday, 9));
  });

  it("books with a white-label reseller's own team once it keeps a schedule; its sibling still books with sales", async () => {
    const reseller = await createReseller(as.superadmin, {
      partnerId: kit.ids.partner,
      name: 'Northwind Voice',
    });
    const organization = await createOrganization(as.superadmin, { resellerId: reseller.id });
    const saved = await as.superadmin.post(
      '/api/v1/schedule',
      {
        timezone: 'America/New_York',
        weeklyHours: { wednesday: [{ start: '13:00', end: '14:00' }] },
        horizonDays: 30,
      },
      { targetAccountId: reseller.id },
    );
    expect(saved.status, saved.text).toBe(200);
    const theirs = await as.superadmin.get<Slots>(
      `/api/v1/schedule/team/slots?date=${wednesday}&timezone=America/New_York`,
      { targetAccountId: organization.id },
    );
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.team.name).toBe('Northwind Voice');
    expect(theirs.body.slots.map((slot) => slot.start)).toHaveLength(2);
    const ours = await slotsOf(as.acme, wednesday, 'America/New_York');
    expect(ours.body.team.name).toBe('Demo Partner');
  });

  it('says when no team takes calls, and a calendar that fails books nothing and says why', async () => {
    const deps: TeamCallDeps = {
      db: kit.db,
      secrets: createSecretBox({ secretsKey: kit.config.secretsKey, dataDir: kit.config.dataDir }),
      calendar: kit.config.calendar,
      publicUrl: kit.config.publicUrl,
      sandboxOpen: true,
      teamCalendar: sandboxCalendar(kit.db),
      salesAccountUsername: null,
    };
    await expect(
      teamCallSlots(deps, kit.ids.partner, as.partner.id, { date: wednesday, timezone: 'UTC' }),
    ).rejects.toThrow('No team takes calls booked here yet');
    const failing: TeamCallDeps = {
      ...deps,
      salesAccountUsername: 'partner',
      teamCalendar: {
        name: 'failing',
        sandbox: false,
        busy: () => Promise.resolve([]),
        book: () =>
          Promise.reject(new CalendarUnavailableError('unreachable', 'Google answered 503 Backend Error')),
      },
    };
    const before = await kit.db.select().from(appointments);
    await expect(
      bookTeamCall(failing, kit.ids.acme, as.acme.id, { ...booker, start: chicago(wednesday, 9, 30) }),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message:
        "The team's calendar could not be reached (Google answered 503 Backend Error). Nothing was booked; try again in a moment.",
    });
    expect(await kit.db.select().from(appointments)).toHaveLength(before.length);
  });
});
