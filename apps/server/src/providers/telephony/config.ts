import { z } from 'zod';

/** Merged into the server's environment schema (with `checkTelephonyEnv` in a superRefine). */
export const telephonyEnvShape = {
  TELEPHONY_PROVIDER: z
    .enum(['sandbox', 'twilio'], { error: () => 'must be sandbox or twilio' })
    .default('sandbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .refine((value) => /^AC[0-9a-zA-Z]{8,}$/.test(value), {
      error: 'must be a Twilio account sid (AC followed by its letters and digits)',
    })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  /** Where the Twilio REST API is reached (tests point it at a local fake); Twilio's own when unset. */
  TWILIO_API_URL: z
    .string()
    .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' })
    .optional(),
  /**
   * The platform's own number at the carrier: codes texted to numbers people bring, and the test calls that
   * check their call forwarding, come from it. The sandbox phone network has its own.
   */
  TELEPHONY_PLATFORM_NUMBER: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, like +12125550142')
    .optional(),
} satisfies z.ZodRawShape;

/** The sandbox phone network's platform number (toll-free 800-555-0100, outside the pool it sells). */
export const sandboxPlatformNumber = '+18005550100';

type TelephonyEnv = z.output<z.ZodObject<typeof telephonyEnvShape>>;

export type TelephonyConfig = (
  | { provider: 'sandbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; apiUrl?: string | undefined }
) & {
  /** The platform's own number (TELEPHONY_PLATFORM_NUMBER; the sandbox's by default there), else null. */
  platformNumber?: string | null | undefined;
};

function findMissingTelephonyVariables(env: TelephonyEnv): { name: string; message: string }[] {
  if (env.TELEPHONY_PROVIDER !== 'twilio') return [];
  return (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const)
    .filter((name) => !env[name])
    .map((name) => ({ name, message: `${name} is required when TELEPHONY_PROVIDER is twilio` }));
}

/** A superRefine for the server's env schema: one issue per credential Twilio lacks. */
export function checkTelephonyEnv(env: TelephonyEnv, ctx: z.RefinementCtx): void {
  for (const { name, message } of findMissingTelephonyVariables(env)) {
    ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** Throws, naming each missing credential, when Twilio is chosen without them. */
export function telephonyConfigFromEnv(env: TelephonyEnv): TelephonyConfig {
  const missing = findMissingTelephonyVariables(env);
  if (missing.length > 0) throw new Error(missing.map((item) => item.message).join('; '));
  return env.TELEPHONY_PROVIDER === 'twilio'
    ? {
        provider: 'twilio',
        accountSid: env.TWILIO_ACCOUNT_SID ?? '',
        authToken: env.TWILIO_AUTH_TOKEN ?? '',
        apiUrl: env.TWILIO_API_URL?.replace(/\/+$/, ''),
        platformNumber: env.TELEPHONY_PLATFORM_NUMBER ?? null,
      }
    : { provider: 'sandbox', platformNumber: env.TELEPHONY_PLATFORM_NUMBER ?? sandboxPlatformNumber };
}
