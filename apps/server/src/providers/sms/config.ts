import { z } from 'zod';

/** Merged into the server's environment schema. */
export const smsEnvShape = {
  SMS_PROVIDER: z
    .enum(['sandbox'], { error: () => 'must be sandbox (phone providers come with numbers)' })
    .default('sandbox'),
} satisfies z.ZodRawShape;

export interface SmsConfig {
  provider: 'sandbox';
}

export function smsConfigFromEnv(env: z.output<z.ZodObject<typeof smsEnvShape>>): SmsConfig {
  return { provider: env.SMS_PROVIDER };
}
