/**
 * The carrier side of telephony: numbers, calls and texts. One implementation per carrier (twilio.ts) and the
 * offline sandbox phone network (sandbox.ts); create.ts picks one from TELEPHONY_PROVIDER. Numbers are E.164
 * strings throughout; ids are the carrier's (Twilio's PN…, CA…, SM… sids; the sandbox's own).
 */

export interface NumberCapabilities {
  voice: boolean;
  sms: boolean;
  mms: boolean;
}

/** A number the carrier offers for sale. */
export interface AvailableNumber {
  phoneNumber: string;
  /** City and state (or province) the number belongs to, when the carrier says. */
  locality: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  capabilities: NumberCapabilities;
}

/** What to look for; every field narrows the search. */
export interface NumberSearch {
  country: string;
  areaCode?: string | undefined;
  /** Digits (letters already mapped to the keypad) with `*` as a one-digit wildcard, anywhere in the number. */
  contains?: string | undefined;
  locality?: string | undefined;
  region?: string | undefined;
  limit: number;
}

/** Where the carrier tells us about a number's calls and texts (absolute URLs built from PUBLIC_URL). */
export interface NumberWebhooks {
  voiceUrl: string;
  smsUrl: string;
  statusUrl: string;
}

/** A number this platform holds at the carrier. */
export interface OwnedNumber {
  /** The carrier's id for the purchase (Twilio's PN… sid); needed to release it. */
  carrierId: string;
  phoneNumber: string;
}

export interface OutboundCall {
  to: string;
  from: string;
  /** Where the carrier fetches the call's instructions once answered (our voice webhook). */
  answerUrl: string;
  statusUrl: string;
  /** How long it rings before giving up, seconds. */
  ringSeconds?: number | undefined;
}

export interface PlacedCall {
  callId: string;
  /** The carrier's first status (queued, ringing, …). */
  status: string;
}

export interface OutboundText {
  to: string;
  from: string;
  text: string;
  /** Where delivery status updates go (our status webhook for texts). */
  statusUrl?: string | undefined;
}

export interface SentText {
  messageId: string;
  /** queued, sent, delivered, failed, … as the carrier reports it. */
  status: string;
}

/** A carrier refused or failed a request; `message` says why in words a person can act on. */
export class TelephonyError extends Error {
  constructor(
    message: string,
    /** The carrier's HTTP status when it answered, else null (unreachable). */
    readonly status: number | null,
    /** The carrier's own error code, when it gave one. */
    readonly code: number | string | null = null,
  ) {
    super(message);
    this.name = 'TelephonyError';
  }
}

export interface TelephonyProvider {
  readonly name: string;
  /** True for the offline sandbox phone network (its numbers and calls are fictional). */
  readonly sandbox: boolean;
  searchNumbers(search: NumberSearch): Promise<AvailableNumber[]>;
  /** Buys a number and points its calls and texts at our webhooks. */
  buyNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<OwnedNumber>;
  releaseNumber(owned: OwnedNumber): Promise<void>;
  placeCall(call: OutboundCall): Promise<PlacedCall>;
  /** Moves a live call to another number, showing `callerId` (the caller's own number) to the person answering. */
  transferCall(callId: string, to: string, callerId: string): Promise<void>;
  hangUp(callId: string): Promise<void>;
  /** Plays keypad digits into a live call from our side (a phone menu hears them); not every carrier can. */
  sendDigits?(callId: string, digits: string): Promise<void>;
  sendText(text: OutboundText): Promise<SentText>;
}
