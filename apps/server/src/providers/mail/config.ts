import { z } from 'zod';

/** Merged into the server's environment schema. */
export const mailEnvShape = {
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Switchboard <no-reply@switchboard.local>'),
} satisfies z.ZodRawShape;

export type MailConfig = { from: string } & ({ provider: 'sandbox' } | { provider: 'smtp'; url: string });

/** SMTP when SMTP_URL is set; otherwise mail lands in the sandbox outbox. */
export function mailConfigFromEnv(env: z.output<z.ZodObject<typeof mailEnvShape>>): MailConfig {
  return env.SMTP_URL
    ? { provider: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM }
    : { provider: 'sandbox', from: env.MAIL_FROM };
}
