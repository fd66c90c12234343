export interface OutgoingSms {
  to: string;
  from?: string | undefined;
  text: string;
}

/** What the carrier said when it took a text: its id for it and its first status (queued, sent, delivered…). */
export interface SmsReceipt {
  messageId: string;
  status: string;
}

/** A provider that does not track delivery (a test's, the platform's) answers nothing. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- their send() resolves with no value
export type MaybeReceipt = SmsReceipt | void;

/** Sends text messages: sign-in codes and the agents' replies. */
export interface SmsProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** A provider that tracks delivery answers the carrier's receipt; later status comes to its status webhook. */
  send(sms: OutgoingSms): Promise<MaybeReceipt>;
}
