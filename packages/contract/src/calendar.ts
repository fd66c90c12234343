import { z } from 'zod';
import { isValidTimeZone } from '@switchboard/core';
import { defineEndpoint } from './endpoint';
import { okBody, okOnly } from './fields';

export const scheduleWeekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type ScheduleWeekday = (typeof scheduleWeekdays)[number];

const clockTime = z
  .string()
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time of day as HH:MM (00:00 to 24:00)')
  .meta({ examples: ['09:00'] });

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const interval = z
  .object({ start: clockTime, end: clockTime })
  .refine((value) => minutesOf(value.end) > minutesOf(value.start), {
    error: 'must end after it starts',
    path: ['end'],
  });

const dayHours = z
  .array(interval)
  .max(6, 'holds at most 6 intervals a day')
  .superRefine((intervals, ctx) => {
    const sorted = intervals
      .map((value, index) => ({ ...value, index }))
      .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      if (previous && current && minutesOf(current.start) < minutesOf(previous.end)) {
        ctx.addIssue({
          code: 'custom',
          path: [current.index, 'start'],
          message: `overlaps ${previous.start}-${previous.end}`,
        });
      }
    }
  });

const weekdayName = z.enum(scheduleWeekdays, { error: `must be one of ${scheduleWeekdays.join(', ')}` });

const breakSchema = z
  .object({
    start: clockTime,
    end: clockTime,
    /** The weekdays the break applies on; every day when empty or absent. */
    days: z.array(weekdayName).max(7).default([]),
  })
  .refine((value) => minutesOf(value.end) > minutesOf(value.start), {
    error: 'must end after it starts',
    path: ['end'],
  });

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    // Only a YYYY-MM-DD text is checked against the calendar; the pattern above reports any other.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
    const [year, month, day] = value.split('-').map(Number);
    const probe = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
    return !Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === value;
  }, 'is not a date on the calendar')
  .meta({ examples: ['2026-12-25'] });

const timezoneField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is longer than 64 characters')
  .refine(isValidTimeZone, 'is not a time zone (use an IANA name such as America/New_York)')
  .meta({ examples: ['America/New_York'] });

const weeklyHoursSchema = z.object(
  Object.fromEntries(scheduleWeekdays.map((day) => [day, dayHours])) as Record<
    ScheduleWeekday,
    typeof dayHours
  >,
);

/** What a schedule holds; every part may be sent alone (the rest keeps its current value). */
export const scheduleInputSchema = z
  .object({
    /** The IANA time zone the hours, breaks and dates are in. */
    timezone: timezoneField.optional(),
    /** Opening intervals per weekday; a day with no interval takes no bookings. */
    weeklyHours: weeklyHoursSchema.partial().optional(),
    /** Daily breaks (lunch, a standing meeting) inside the hours. */
    breaks: z.array(breakSchema).max(10, 'holds at most 10 breaks').optional(),
    /** Holidays and days off. */
    blockedDates: z
      .array(isoDate)
      .max(366, 'holds at most 366 dates')
      .refine((dates) => new Set(dates).size === dates.length, 'lists a date twice')
      .optional(),
    appointmentMinutes: z.number().int().min(5).max(480).optional(),
    /** Kept free after each appointment. */
    bufferMinutes: z.number().int().min(0).max(240).optional(),
    /** How soon from now the earliest booking may start. */
    minimumNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 60)
      .optional(),
    /** How many days ahead a caller may book. */
    horizonDays: z.number().int().min(1).max(365).optional(),
  })
  .meta({
    examples: [
      {
        timezone: 'America/New_York',
        weeklyHours: { monday: [{ start: '09:00', end: '17:00' }] },
        breaks: [{ start: '12:00', end: '13:00', days: [] }],
        blockedDates: ['2026-12-25'],
        appointmentMinutes: 30,
        bufferMinutes: 10,
        minimumNoticeMinutes: 120,
        horizonDays: 60,
      },
    ],
  });

const intervalView = z.object({ start: z.string(), end: z.string() });

export const scheduleSchema = z.object({
  timezone: z.string(),
  weeklyHours: z.object(
    Object.fromEntries(scheduleWeekdays.map((day) => [day, z.array(intervalView)])) as Record<
      ScheduleWeekday,
      z.ZodArray<typeof intervalView>
    >,
  ),
  breaks: z.array(intervalView.extend({ days: z.array(z.enum(scheduleWeekdays)) })),
  blockedDates: z.array(z.string()),
  appointmentMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  minimumNoticeMinutes: z.number().int(),
  horizonDays: z.number().int(),
  /** False until the account saves its own (the default applies meanwhile). */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});

export type ScheduleView = z.infer<typeof scheduleSchema>;
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const calendarProviderNames = ['sandbox', 'calendly', 'google', 'jobnimbus'] as const;

export const calendlyConnectionSchema = z.object({
  connected: z.boolean(),
  state: z.enum(['connected', 'revoked', 'failing', 'disconnected']),
  userName: z.string().nullable(),
  email: z.string().nullable(),
  schedulingUrl: z.string().nullable(),
  eventTypes: z.array(
    z.object({
      uri: z.string(),
      name: z.string(),
      durationMinutes: z.number().int(),
      schedulingUrl: z.string(),
    }),
  ),
  /** The event type the agent offers times of. */
  eventTypeUri: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Connected with a `cal_sandbox_…` token to the offline stand-in ("Sandbox"): no Calendly account is reached. */
  sandbox: z.boolean(),
  /** This server takes `cal_sandbox_…` tokens (outside production, without CALENDLY_API_URL). */
  sandboxAvailable: z.boolean(),
});

export const calendarConnectionsSchema = okBody({
  /** The calendar bookings go to: a connected one, else the sandbox calendar. */
  active: z.enum(calendarProviderNames),
  /** True while bookings go to the built-in sandbox calendar. */
  sandbox: z.boolean(),
  calendly: calendlyConnectionSchema,
  google: z.object({
    connected: z.boolean(),
    state: z.enum(['connected', 'revoked', 'failing', 'disconnected']),
    /** Without a Google OAuth client on the server, the offline stand-in ("Sandbox") is connected instead. */
    sandbox: z.boolean(),
    /** False where Google Calendar cannot be connected on this server (production without an OAuth client). */
    available: z.boolean(),
    mainCalendar: z.string().nullable(),
    mainCalendarName: z.string().nullable(),
    lastError: z.string().nullable(),
  }),
  jobnimbus: z.object({
    connected: z.boolean(),
    state: z.enum(['connected', 'revoked', 'failing', 'disconnected']),
    /** Without a JobNimbus address on the server (development), the offline stand-in is connected instead. */
    sandbox: z.boolean(),
    lastError: z.string().nullable(),
  }),
});

export const calendlyInputSchema = z.object({
  /**
   * A Calendly personal access token (Integrations > API & Webhooks). May be left out while Calendly is connected:
   * the kept token is checked again and used (to choose another event type without pasting the token again).
   */
  userPAT: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(4000, 'is longer than 4000 characters')
    // A token goes in an HTTP header: printable ASCII without spaces.
    .regex(/^[\x21-\x7e]+$/, 'must be a token of printable ASCII characters without spaces')
    .meta({ examples: ['eyJraWQiOi...'] })
    .optional(),
  /** The event type to offer; the first active one when absent. */
  eventTypeUri: z.url({ error: 'must be an event type URI' }).max(500).optional(),
});

export const calendarEndpoints = {
  getSchedule: defineEndpoint({
    area: 'calendar',
    method: 'GET',
    path: '/api/v1/schedule',
    summary: "The acting account's booking schedule (the default one until it saves its own)",
    guard: 'session',
    response: okBody({ schedule: scheduleSchema }),
  }),
  saveSchedule: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/v1/schedule',
    summary: "Changes the acting account's booking schedule; parts not sent keep their value",
    description:
      'Hours are HH:MM in the schedule time zone; overlapping or inverted intervals, a time zone that does not ' +
      'exist or a date not on the calendar are 400 naming the field.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: scheduleInputSchema,
    response: okBody({ schedule: scheduleSchema }),
  }),
  getCalendarConnections: defineEndpoint({
    area: 'calendar',
    method: 'GET',
    path: '/api/v1/calendar/connections',
    summary: 'Where bookings go and the state of each calendar connection',
    guard: 'session',
    response: calendarConnectionsSchema,
  }),
  connectCalendly: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/v2/calendly',
    summary: 'Connects Calendly with a personal access token, checked against Calendly first',
    description:
      'A token Calendly refuses is 400 with its reason; nothing is stored then. Without userPAT the connected ' +
      'token is used again (400 where Calendly is not connected), e.g. to change the event type the agent books.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: calendlyInputSchema,
    response: calendarConnectionsSchema,
  }),
  disconnectCalendly: defineEndpoint({
    area: 'calendar',
    method: 'DELETE',
    path: '/api/v2/calendly',
    summary: 'Disconnects Calendly; bookings go to the sandbox calendar again',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okOnly,
  }),
} as const;
