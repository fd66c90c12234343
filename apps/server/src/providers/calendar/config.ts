import { z } from 'zod';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/** Merged into the server's environment schema. Calendly needs no platform key: each account brings its token. */
export const calendarEnvShape = {
  /** Calendly's API v2 (tests point it at packages/testing's fake Calendly). */
  CALENDLY_API_URL: httpUrl.default('https://api.calendly.com'),
  /** Google OAuth client of the platform; without it Google Calendar is the offline stand-in outside production. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Google Calendar API's root (tests point it at packages/testing's fake Google Calendar). */
  GOOGLE_API_URL: httpUrl.default('https://www.googleapis.com/'),
  /** Where Google's token and revoke endpoints are, when not Google's own (tests). */
  GOOGLE_OAUTH_URL: httpUrl.optional(),
  /** JobNimbus's API (tests point it at packages/testing's fake JobNimbus). */
  JOBNIMBUS_API_URL: httpUrl.default('https://app.jobnimbus.com/api1'),
} satisfies z.ZodRawShape;

type CalendarEnv = z.output<z.ZodObject<typeof calendarEnvShape>>;

export interface CalendarConfig {
  calendlyApiUrl: string;
  jobNimbusApiUrl: string;
  /** Null without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the sandbox stand-in then (closed in production). */
  google: { clientId: string; clientSecret: string; apiUrl: string; oauthUrl: string | null } | null;
}

export function calendarConfigFromEnv(env: CalendarEnv): CalendarConfig {
  return {
    calendlyApiUrl: env.CALENDLY_API_URL.replace(/\/+$/, ''),
    jobNimbusApiUrl: env.JOBNIMBUS_API_URL.replace(/\/+$/, ''),
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
