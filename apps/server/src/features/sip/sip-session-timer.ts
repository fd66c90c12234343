import type { SipMessage } from '../../providers/telephony/sip/sip-stack';

/** What an INVITE asks of session timers (RFC 4028): none, an interval we accept, or one below our minimum. */
export type SessionTimerAsk =
  | { kind: 'none' }
  | { kind: 'accept'; interval: number; refresher: 'uac' | 'uas' }
  | { kind: 'too-brief'; minimum: number };

const headerText = (message: SipMessage, ...names: string[]): string => {
  for (const name of names) {
    const value = message.headers[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
};

/**
 * Reads Session-Expires (compact `x`), Min-SE and Supported of an INVITE or UPDATE: an interval below
 * `minimumSeconds` is too brief (422 with our Min-SE, §6); otherwise the refresher is the one the request
 * names, else the caller when it supports timers, else us (§9).
 */
export function readSessionTimer(request: SipMessage, minimumSeconds: number): SessionTimerAsk {
  const text = headerText(request, 'session-expires', 'x').trim();
  if (text === '') return { kind: 'none' };
  const [value = '', ...params] = text.split(';').map((part) => part.trim());
  const interval = Number(value);
  if (!Number.isInteger(interval) || interval < 1) return { kind: 'none' };
  if (interval < minimumSeconds) return { kind: 'too-brief', minimum: minimumSeconds };
  const named = params
    .map((param) => /^refresher\s*=\s*(uac|uas)$/i.exec(param)?.[1]?.toLowerCase())
    .find((one) => one !== undefined);
  const supported = headerText(request, 'supported', 'k')
    .toLowerCase()
    .split(',')
    .map((tag) => tag.trim());
  const refresher = named === 'uac' || named === 'uas' ? named : supported.includes('timer') ? 'uac' : 'uas';
  return { kind: 'accept', interval, refresher };
}

/**
 * The Session-Expires of a 2xx to a session refresh request of ours (our INVITE, a refresh UPDATE or re-INVITE):
 * its interval and refresher (RFC 4028 §7.2), or null when the answer has none (no session timer). A 2xx that
 * names no refresher leaves the refreshing to us, the request's sender.
 */
export function readSessionAnswer(
  response: SipMessage,
): { interval: number; refresher: 'uac' | 'uas' } | null {
  const text = headerText(response, 'session-expires', 'x').trim();
  const [value = '', ...params] = text.split(';').map((part) => part.trim());
  const interval = Number(value);
  if (text === '' || !Number.isInteger(interval) || interval < 1) return null;
  const named = params
    .map((param) => /^refresher\s*=\s*(uac|uas)$/i.exec(param)?.[1]?.toLowerCase())
    .find((one) => one !== undefined);
  return { interval, refresher: named === 'uas' ? 'uas' : 'uac' };
}

/** The Min-SE of a 422 answer (RFC 4028 §7.4), or null without one. */
export function readMinSe(response: SipMessage): number | null {
  const minimum = Number(headerText(response, 'min-se').split(';')[0]?.trim());
  return Number.isInteger(minimum) && minimum > 0 ? minimum : null;
}

/**
 * A dialog's session timer (RFC 4028 §10): every refresh (a re-INVITE or UPDATE) starts the interval again.
 * When we are the refresher, `refresh` is called halfway through; when the interval nears its end without a
 * refresh (the lesser of 32 s and a third of it before), `expired` is called and the call is ended with a BYE.
 * `role` is our side in the transaction that set the interval (the UAS of an inbound call's INVITE, the UAC of
 * a placed call's): we refresh when the refresher it named is us.
 */
export class SessionTimer {
  private refreshTimer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly interval: number,
    readonly refresher: 'uac' | 'uas',
    private readonly on: { refresh(): void; expired(): void },
    readonly role: 'uac' | 'uas' = 'uas',
  ) {
    this.refreshed();
  }

  /** Whether we are the side that refreshes the session. */
  get ours(): boolean {
    return this.refresher === this.role;
  }

  /** The Session-Expires of our 2xx (with Require: timer when the caller refreshes). */
  get headers(): Record<string, string> {
    return {
      'session-expires': `${this.interval};refresher=${this.refresher}`,
      ...(this.refresher === 'uac' ? { require: 'timer' } : {}),
    };
  }

  /** The session was refreshed: the interval starts over. */
  refreshed(): void {
    this.stop();
    const ms = this.interval * 1000;
    if (this.ours) {
      this.refreshTimer = setTimeout(() => this.on.refresh(), ms / 2);
      this.refreshTimer.unref();
    }
    this.expiryTimer = setTimeout(() => this.on.expired(), ms - Math.min(32_000, ms / 3));
    this.expiryTimer.unref();
  }

  stop(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.refreshTimer = null;
    this.expiryTimer = null;
  }
}
