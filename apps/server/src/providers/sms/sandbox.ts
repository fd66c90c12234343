import type { OutboxRecorder } from '../shared/outbox-recorder';
import { randomBytes } from 'node:crypto';
import type { OutgoingSms, SmsProvider, SmsReceipt } from './types';

/**
 * The offline default: texts land in the outbox (GET /api/dev/outbox) instead of on a phone. The sandbox network
 * hands a text over at once, so its receipt already says delivered.
 */
export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(private readonly record: OutboxRecorder) {}

  async send(sms: OutgoingSms): Promise<SmsReceipt> {
    await this.record({ channel: 'sms', to: sms.to, from: sms.from, text: sms.text });
    return { messageId: `SBSM${randomBytes(16).toString('hex')}`, status: 'delivered' };
  }
}
