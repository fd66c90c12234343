import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../../platform/app-error';
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

  /** A server that cannot be reached or refuses the mail is a 503 for the caller, never an unexplained 500. */
  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      throw Object.assign(
        new AppError(
          'UNAVAILABLE',
          'The message could not be sent just now; please try again in a few minutes',
        ),
        { cause: error },
      );
    }
  }
}
