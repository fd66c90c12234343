export interface OutgoingSms {
  to: string;
  from?: string | undefined;
  text: string;
}

/** Sends text messages: sign-in codes and the agents' replies. */
export interface SmsProvider {
  readonly name: string;
  readonly sandbox: boolean;
  send(sms: OutgoingSms): Promise<void>;
}
