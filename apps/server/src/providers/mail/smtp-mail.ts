import nodemailer, { type Transporter } from 'nodemailer';
import type { MailProvider, OutgoingMail } from './types';

/** Mail through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMail implements MailProvider {
  readonly name = 'smtp';
  readonly sandbox = false;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}
