import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, okOnly } from './fields';

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

const interval = z.object({ start: z.string(), end: z.string() });

export const jobNimbusEndpoints = {
  saveJobNimbusSettings: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/jobnimbus/settings',
    summary: 'Connects JobNimbus with an API key, checked against JobNimbus first and kept sealed',
    description:
      'A key JobNimbus refuses answers valid false with its status, and nothing is stored; once connected, ' +
      "agents create a contact and a job for a caller and book into the team's calendar.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z
      .object({
        token: z.string().trim().min(1, 'is required').max(500, 'is longer than 500 characters'),
      })
      .meta({ examples: [{ token: 'jn_0123456789abcdef' }] }),
    response: okBody({
      valid: z.boolean(),
      /** JobNimbus's HTTP status when it refused the key; null when valid. */
      status: z.number().int().nullable(),
      message: z.string(),
    }),
  }),
  disconnectJobNimbus: defineEndpoint({
    area: 'calendar',
    method: 'DELETE',
    path: '/api/jobnimbus/settings',
    summary: 'Disconnects JobNimbus and forgets its API key; bookings go to the next calendar connected',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    response: okOnly,
  }),
  jobNimbusTeam: defineEndpoint({
    area: 'calendar',
    method: 'POST',
    path: '/api/jobnimbus/team',
    summary: "The team's free times on a date: the schedule's hours minus the JobNimbus calendar's tasks",
    guard: 'session',
    body: z.object({ targetDate: isoDate }).meta({ examples: [{ targetDate: '2030-01-07' }] }),
    response: okBody({
      date: z.string(),
      timezone: z.string(),
      /** Free intervals (ISO instants) within the schedule's hours of that date. */
      availability: z.array(interval),
      /** The team's tasks that day. */
      busy: z.array(interval.extend({ title: z.string() })),
    }),
  }),
} as const;
