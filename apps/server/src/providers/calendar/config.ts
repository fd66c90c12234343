import { z } from 'zod';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/** Merged into the server's environment schema. Calendly needs no platform key: each account brings its token. */
export const calendarEnvShape = {
  /** Calendly's API v2 (tests point it at packages/testing's fake Calendly). */
  CALENDLY_API_URL: httpUrl.default('https://api.calendly.com'),
} satisfies z.ZodRawShape;

type CalendarEnv = z.output<z.ZodObject<typeof calendarEnvShape>>;

export interface CalendarConfig {
  calendlyApiUrl: string;
}

export function calendarConfigFromEnv(env: CalendarEnv): CalendarConfig {
  return { calendlyApiUrl: env.CALENDLY_API_URL.replace(/\/+$/, '') };
}
