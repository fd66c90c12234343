import type { OutboxRecorder } from '../shared/outbox-recorder';
import type { MailConfig } from './config';
import { SandboxMail } from './sandbox';
import { SmtpMail } from './smtp';
import type { MailProvider } from './types';

export function createMail(config: MailConfig, record: OutboxRecorder): MailProvider {
  return config.provider === 'smtp'
    ? new SmtpMail(config.url, config.from)
    : new SandboxMail(record, config.from);
}
