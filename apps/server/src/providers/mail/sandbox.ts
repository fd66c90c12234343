import type { OutboxRecorder } from '../shared/outbox-recorder';
import type { MailProvider, OutgoingMail } from './types';

/** The offline default: mail lands in the outbox (GET /api/dev/outbox) instead of anyone's inbox. */
export class SandboxMail implements MailProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(
    private readonly record: OutboxRecorder,
    private readonly from: string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.record({
      channel: 'email',
      to: mail.to,
      from: this.from,
      subject: mail.subject,
      text: mail.text,
    });
  }
}
