/**
 * Outbound calls over SIP, as the dialer sees them: an account whose agent (or organization) has an outbound
 * route or a registration calls out by SIP instead of the carrier. The SIP feature fills the slot when this
 * process runs a SIP endpoint; the dialer asks it before the carrier.
 */
export interface SipCallRequest {
  /** The agent account placing the call. */
  accountId: number;
  /** The number called (E.164). */
  to: string;
  /**
   * The agent's number, shown as the caller when the call goes by an outbound route; null when the agent has
   * none: the call then presents the agent's SIP username (a route) or its registration's AOR user.
   */
  from: string | null;
  /** How long it rings before we give up with a CANCEL (no-answer), seconds. */
  ringSeconds: number;
}

/** A SIP call ready to go: its Call-ID is known (and can be recorded) before its INVITE is sent by `start`. */
export interface PreparedSipCall {
  callId: string;
  /** Where it goes, for the record: `route 10.0.0.5:5060;transport=udp` or `registration sip:1001@pbx`. */
  via: string;
  /** The caller the call presents, for the record: the agent's number, else its SIP username or AOR user. */
  callerId: string;
  /** Sends the INVITE; from then on the call's status is kept on its phone_calls row like a carrier's. */
  start(): void;
}

export interface SipOutboundPlacer {
  /** The call prepared for SIP when the account has SIP settings for calling out; null when the carrier places it. */
  prepare(call: SipCallRequest): Promise<PreparedSipCall | null>;
  /** Whether the account's calls can go by SIP (it or its organization has an outbound route or a registration). */
  canPlace(accountId: number): Promise<boolean>;
}

/** Where the SIP feature puts its placer once its endpoint runs (null: no endpoint in this process). */
export class SipOutboundSlot {
  placer: SipOutboundPlacer | null = null;
}
