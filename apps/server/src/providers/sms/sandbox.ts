import type { OutboxRecorder } from '../shared/outbox-recorder';
import type { OutgoingSms, SmsProvider } from './types';

/** The offline default: texts land in the outbox (GET /api/dev/outbox) instead of on a phone. */
export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(private readonly record: OutboxRecorder) {}

  async send(sms: OutgoingSms): Promise<void> {
    await this.record({ channel: 'sms', to: sms.to, from: sms.from, text: sms.text });
  }
}
