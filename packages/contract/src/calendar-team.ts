import { z } from 'zod';
import { isValidTimeZone } from '@switchboard/core';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/**
 * The schedule page (`/schedule`, onboarding's "talk with an expert"): a call with the team that supports the
 * acting account, booked within that team's schedule and connected calendar (decisions/044).
 */

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
    const probe = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === value;
  }, 'is not a date on the calendar')
  .meta({ examples: ['2030-01-07'] });

const viewerZone = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is longer than 64 characters')
  .refine(isValidTimeZone, 'is not a time zone (use an IANA name such as America/New_York)')
  .meta({ examples: ['Europe/Berlin'] });

const slotSchema = z.object({ start: z.string(), end: z.string() });

export const teamCallSlotsSchema = okBody({
  team: z.object({
    name: z.string(),
    /** The zone the team's schedule is kept in. */
    timezone: z.string(),
    appointmentMinutes: z.number().int(),
  }),
  /** The day asked for, in the viewer's zone. */
  date: z.string(),
  timezone: z.string(),
  /** Open times starting that day (ISO instants), earliest first. */
  slots: z.array(slotSchema),
  /** The first later day (viewer's zone) with an open time when this one has none; null otherwise. */
  nextOpenDate: z.string().nullable(),
  /** The days that may be asked for (viewer's zone): today up to the team's horizon. */
  firstDate: z.string(),
  lastDate: z.string(),
  /** The signed-in person's details, to fill the form in. */
  viewer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
});

export const teamCallInputSchema = z
  .object({
    /** The slot's start as an ISO instant (one of the open times answered). */
    start: z.iso.datetime({ offset: true, error: 'must be a date and time as ISO 8601' }),
    /** The zone the person sees times in (for the confirmation). */
    timezone: viewerZone,
    name: z.string().trim().min(1, 'is required').max(120, 'is longer than 120 characters'),
    email: z
      .string()
      .trim()
      .max(254, 'is longer than 254 characters')
      .pipe(z.email({ error: 'must be an email address' })),
    phone: z
      .string()
      .trim()
      .max(32, 'is longer than 32 characters')
      .regex(/^(\+?[0-9 ()\-.]{7,})?$/, 'must be a phone number')
      .optional(),
    purpose: z.string().trim().max(500, 'is longer than 500 characters').optional(),
  })
  .meta({
    examples: [
      {
        start: '2030-01-07T15:00:00.000Z',
        timezone: 'Europe/Berlin',
        name: 'Dana Reyes',
        email: 'dana@example.com',
        phone: '+1 555 010 2000',
        purpose: 'Tune the booking flow of my agent',
      },
    ],
  });

export const teamCallEndpoints = {
  getTeamCallSlots: defineEndpoint({
    area: 'calendar',
    method: 'GET',
    path: '/api/v1/schedule/team/slots',
    summary: "Open times for a call with the acting account's team on a day of the viewer's time zone",
    description:
      "The team is the account's reseller or partner that keeps its own schedule, else the platform's sales " +
      "account; its open times are its schedule's hours minus its calendar's busy times. 404 when no team takes calls.",
    guard: 'session',
    query: z.object({ date: isoDate, timezone: viewerZone }),
    response: teamCallSlotsSchema,
  }),
  bookTeamCall: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/v1/schedule/team/bookings',
    summary: "Books a call with the acting account's team in one of its open times",
    description:
      'A time in the past, outside the schedule or sooner than its notice is 400 naming it; a time taken meanwhile ' +
      "is 409; a calendar that fails is 503 with its reason, and nothing is booked. Where the team's Calendly " +
      'cannot book by API, `schedulingUrl` is a single-use link to finish the booking there.',
    guard: 'session',
    body: teamCallInputSchema,
    successStatus: 201,
    response: okBody({
      booking: z.object({
        /** Null when the booking is finished at `schedulingUrl`. */
        id: z.number().int().nullable(),
        start: z.string(),
        end: z.string(),
        timezone: z.string(),
        teamName: z.string(),
        schedulingUrl: z.string().nullable(),
      }),
    }),
  }),
} as const;
