import { z } from 'zod';
import type { OutboxRecorder } from './outbox-recorder';
import { SandboxMail } from './mail/sandbox-mail';
import { SmtpMail } from './mail/smtp-mail';
import type { MailProvider } from './mail/types';
import { SandboxSms } from './sms/sandbox-sms';
import type { SmsProvider } from './sms/types';

/** Merged into the server's environment schema. */
export const messagingEnvShape = {
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Switchboard <no-reply@switchboard.local>'),
  SMS_PROVIDER: z
    .enum(['sandbox'], { error: () => 'must be sandbox (phone providers come with numbers)' })
    .default('sandbox'),
} satisfies z.ZodRawShape;

export interface MessagingConfig {
  mail: { provider: 'sandbox' } | { provider: 'smtp'; url: string };
  mailFrom: string;
  sms: { provider: 'sandbox' };
}

export function messagingConfigFromEnv(
  env: z.output<z.ZodObject<typeof messagingEnvShape>>,
): MessagingConfig {
  return {
    mail: env.SMTP_URL ? { provider: 'smtp', url: env.SMTP_URL } : { provider: 'sandbox' },
    mailFrom: env.MAIL_FROM,
    sms: { provider: env.SMS_PROVIDER },
  };
}

export function createMail(config: MessagingConfig, record: OutboxRecorder): MailProvider {
  return config.mail.provider === 'smtp'
    ? new SmtpMail(config.mail.url, config.mailFrom)
    : new SandboxMail(record, config.mailFrom);
}

export function createSms(_config: MessagingConfig, record: OutboxRecorder): SmsProvider {
  return new SandboxSms(record);
}
