export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends email: sign-in codes, invitations, notifications. */
export interface MailProvider {
  readonly name: 'sandbox' | 'smtp';
  readonly sandbox: boolean;
  send(mail: OutgoingMail): Promise<void>;
}
