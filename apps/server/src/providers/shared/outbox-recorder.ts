/** Where the sandbox mail and SMS providers put what they "send", so a person (or a test) can read it. */
export interface OutboxItem {
  channel: 'email' | 'sms';
  to: string;
  from?: string | undefined;
  subject?: string | undefined;
  text: string;
}

export type OutboxRecorder = (item: OutboxItem) => Promise<void>;
