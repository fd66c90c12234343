import { z } from 'zod';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/** Merged into the server's environment schema. Calendly needs no platform key: each account brings its token. */
export const calendarEnvShape = {
  /**
   * Calendly's API v2 (tests point it at packages/testing's fake Calendly); Calendly's own when unset. Unset and
   * outside production, `cal_sandbox_…` tokens connect the offline stand-in (decisions/056).
   */
  CALENDLY_API_URL: httpUrl.optional(),
  /** Google OAuth client of the platform; without it Google Calendar is the offline stand-in outside production. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Google Calendar API's root (tests point it at packages/testing's fake Google Calendar). */
  GOOGLE_API_URL: httpUrl.default('https://www.googleapis.com/'),
  /** Where Google's token and revoke endpoints are, when not Google's own (tests). */
  GOOGLE_OAUTH_URL: httpUrl.optional(),
  /**
   * JobNimbus's API (tests point it at packages/testing's fake JobNimbus). Unset outside production, JobNimbus is
   * its offline stand-in; in production it defaults to JobNimbus's own.
   */
  JOBNIMBUS_API_URL: httpUrl.optional(),
} satisfies z.ZodRawShape;

type CalendarEnv = z.output<z.ZodObject<typeof calendarEnvShape>>;

export interface CalendarConfig {
  calendlyApiUrl: string;
  /** No CALENDLY_API_URL was set: outside production, sandbox tokens reach the offline stand-in (decisions/056). */
  calendlyUnset: boolean;
  jobNimbusApiUrl: string;
  /** No JOBNIMBUS_API_URL was set: outside production, JobNimbus is the offline stand-in (decisions/045). */
  jobNimbusUnset: boolean;
  /** Null without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the sandbox stand-in then (closed in production). */
  google: { clientId: string; clientSecret: string; apiUrl: string; oauthUrl: string | null } | null;
}

export function calendarConfigFromEnv(env: CalendarEnv): CalendarConfig {
  return {
    calendlyApiUrl: (env.CALENDLY_API_URL ?? 'https://api.calendly.com').replace(/\/+$/, ''),
    calendlyUnset: env.CALENDLY_API_URL === undefined,
    jobNimbusApiUrl: (env.JOBNIMBUS_API_URL ?? 'https://app.jobnimbus.com/api1').replace(/\/+$/, ''),
    jobNimbusUnset: env.JOBNIMBUS_API_URL === undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            apiUrl: env.GOOGLE_API_URL,
            oauthUrl: env.GOOGLE_OAUTH_URL ?? null,
          }
        : null,
  };
}
