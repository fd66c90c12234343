import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, okOnly } from './fields';
import { calendarConnectionsSchema } from './calendar';

const calendarId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(300, 'is longer than 300 characters')
  .meta({ examples: ['team-bookings@group.calendar.google.com'] });

export const googleCalendarSchema = z.object({
  id: z.string(),
  summary: z.string(),
  primary: z.boolean(),
  /** Google's access role: owner, writer, reader or freeBusyReader. */
  accessRole: z.string(),
  /** Bookings can go here (owner or writer). */
  writable: z.boolean(),
  /** Bookings go here. */
  main: z.boolean(),
  /** Its busy times are kept free (the main calendar always is). */
  checked: z.boolean(),
});

const mainCalendarView = okBody({
  calendar: z.string().nullable(),
  /** Further calendars whose busy times are kept free. */
  checked: z.array(z.string()),
});

export const bookingSchema = z.object({
  id: z.number().int(),
  provider: z.enum(['sandbox', 'calendly', 'google', 'jobnimbus']),
  /** True when the calendar is a sandbox (built in, or the stand-in of Google Calendar). */
  sandbox: z.boolean(),
  status: z.enum(['booked', 'cancelled']),
  name: z.string(),
  contactAddress: z.string().nullable(),
  purpose: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  conversationUuid: z.string().nullable(),
  /** The conversation's room, for a link to its transcript; null when the booking was not made in one. */
  roomId: z.string().nullable(),
});

export type BookingView = z.infer<typeof bookingSchema>;

export const googleCalendarEndpoints = {
  startGoogleConsent: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/v1/google/connect',
    summary: "The address of Google's consent page for the acting account's calendars",
    description:
      'Coming back, Google sends the person to /app/google/callback, which completes the exchange. Without a ' +
      'Google OAuth client on the server, the sandbox stand-in consents instead (closed in production).',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z
      .object({
        /** The app path to go back to once connected. */
        returnTo: z
          .string()
          .max(500)
          .regex(/^\/app(\/|$|\?)/, 'must be a path of the app')
          .optional(),
      })
      .meta({ examples: [{ returnTo: '/app/acme?schedule' }] }),
    response: okBody({ url: z.string(), sandbox: z.boolean() }),
  }),
  completeGoogleConsent: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/v1/google/oauth/complete',
    summary: "Completes Google's consent: exchanges the code and keeps the tokens sealed",
    description: 'A state not made for the acting account and person, or a code Google refuses, is 400.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z
      .object({
        code: z.string().trim().min(1, 'is required').max(2000),
        state: z.string().trim().min(1, 'is required').max(4000),
      })
      .meta({ examples: [{ code: '4/0AQSTgQ...', state: '17.sealed:v1:...' }] }),
    response: okBody({ returnTo: z.string().nullable(), connections: calendarConnectionsSchema }),
  }),
  getGoogleCalendars: defineEndpoint({
    area: 'calendar',
    method: 'GET',
    path: '/api/v1/google/calendars',
    summary: 'The calendars of the connected Google account, with the main one and the ticked ones',
    guard: 'session',
    response: okBody({ calendars: z.array(googleCalendarSchema) }),
  }),
  getGoogleMainCalendar: defineEndpoint({
    area: 'calendar',
    method: 'GET',
    path: '/api/v1/google/calendars/main',
    summary: 'The Google calendar bookings go to',
    guard: 'session',
    response: mainCalendarView,
  }),
  setGoogleMainCalendar: defineEndpoint({
    area: 'calendar',
    method: 'PUT',
    path: '/api/v1/google/calendars/main',
    summary: 'Chooses the Google calendar bookings go to, and others whose busy times are kept free',
    description: 'A calendar the Google account cannot write to, or does not have, is 400 naming it.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z
      .object({
        calendar: calendarId,
        checked: z.array(calendarId).max(20, 'holds at most 20 calendars').optional(),
      })
      .meta({ examples: [{ calendar: 'primary@example.com', checked: ['team@group.calendar.google.com'] }] }),
    response: mainCalendarView,
  }),
  disconnectGoogle: defineEndpoint({
    area: 'calendar',
    method: 'DELETE',
    path: '/api/v1/google/disconnect',
    summary: 'Disconnects Google Calendar and revokes the grant at Google',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okOnly,
  }),
  sandboxGoogleConsent: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/sandbox/google/consent',
    summary: "The sandbox Google consent page's answer: where to send the person (sandbox only)",
    guard: 'public',
    body: z
      .object({ state: z.string().min(1).max(4000), allow: z.boolean() })
      .meta({ examples: [{ state: '17.sealed:v1:...', allow: true }] }),
    response: okBody({ redirectUrl: z.string() }),
  }),
  listBookings: defineEndpoint({
    area: 'calendar',
    method: 'GET',
    path: '/api/v1/calendar/bookings',
    summary: "The appointments the acting account's agents booked, soonest first (upcoming unless `past`)",
    guard: 'session',
    query: z.object({ past: z.enum(['true', 'false']).optional() }),
    response: okBody({ bookings: z.array(bookingSchema) }),
  }),
  cancelBooking: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/v1/calendar/bookings/:bookingId/cancel',
    summary: 'Cancels a booking, at the calendar it was made in first',
    description: 'A calendar that refuses leaves the booking as it was (502 with its reason).',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: z.object({ bookingId: idField() }),
    owned: { params: { bookingId: 'appointment' } },
    response: okBody({ booking: bookingSchema }),
  }),
} as const;
