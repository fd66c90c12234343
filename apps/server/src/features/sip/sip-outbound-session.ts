import type { FastifyBaseLogger } from 'fastify';
import type { SipMessage, SipRequest } from '../../providers/telephony/sip/sip-stack';
import { readMinSe, readSessionAnswer, readSessionTimer, SessionTimer } from './sip-session-timer';

/** What a placed call's session timer needs of the call. */
export interface PlacedSessionLine {
  callId: string;
  logger: FastifyBaseLogger;
  /** A new request of ours within the call's dialog (the next CSeq). */
  inDialog(method: string): SipMessage;
  send(request: SipMessage, onResponse: (response: SipMessage) => void): void;
  /** Our session description: a refresh by re-INVITE offers it again, unchanged. */
  offer(): string;
  /** Ends the call with our BYE. */
  hangUp(reason: string): void;
}

/**
 * The session timer of a call we placed (RFC 4028 as the UAC): the 2xx to our INVITE says the interval and who
 * refreshes it. When it is us (refresher=uac), an UPDATE without a body goes halfway through each interval (a
 * re-INVITE with our unchanged description once the callee refuses UPDATE with 405 or 501); when it is the
 * callee, its re-INVITEs and UPDATEs start the interval again, and without one the call is ended with our BYE
 * shortly before the session expires (§10). A 2xx without Session-Expires leaves the call without a timer.
 */
export class PlacedSession {
  private timer: SessionTimer | null = null;
  private byInvite = false;
  private stopped = false;
  /** The interval our INVITE asks for: RFC 4028's recommended 30 minutes, never below our Min-SE. */
  private seconds: number;

  constructor(
    private readonly line: PlacedSessionLine,
    private readonly minimum: number,
  ) {
    this.seconds = Math.max(1800, minimum);
  }

  /** Session-Expires, Min-SE and Supported: timer for our INVITE; no refresher named, so the callee picks (§7.1). */
  get offer(): Record<string, string> {
    return { 'session-expires': String(this.seconds), 'min-se': String(this.minimum), supported: 'timer' };
  }

  /** A 422 to our INVITE (§7.4): true when it names a longer Min-SE, our interval raised to it to ask again. */
  raise(response: SipMessage): boolean {
    const minimum = readMinSe(response);
    if (minimum === null || minimum <= this.seconds) return false;
    this.seconds = minimum;
    return true;
  }

  /** The 2xx to our INVITE. */
  answered(response: SipMessage): void {
    const answer = readSessionAnswer(response);
    if (answer) this.start(answer.interval, answer.refresher, 'uac');
  }

  /** Our Min-SE when a callee's refresh asks for a shorter interval (to be refused with 422, §9); else null. */
  tooBrief(request: SipRequest): number | null {
    const asked = readSessionTimer(request, this.minimum);
    return asked.kind === 'too-brief' ? asked.minimum : null;
  }

  /**
   * A re-INVITE or UPDATE of the callee's that we answer 2xx refreshes the session: the interval it asks for
   * (its refresher named for that request, where the callee is the UAC) starts over. Answers the headers of
   * our 2xx.
   */
  refreshedByPeer(request: SipRequest): Record<string, string> {
    const asked = readSessionTimer(request, this.minimum);
    if (asked.kind === 'accept') {
      this.start(asked.interval, asked.refresher, 'uas');
      return this.timer?.headers ?? {};
    }
    this.timer?.refreshed();
    return {};
  }

  stop(): void {
    this.stopped = true;
    this.timer?.stop();
    this.timer = null;
  }

  private start(interval: number, refresher: 'uac' | 'uas', role: 'uac' | 'uas'): void {
    if (this.stopped) return;
    this.timer?.stop();
    this.timer = new SessionTimer(
      interval,
      refresher,
      { refresh: () => this.refresh(interval), expired: () => this.expired() },
      role,
    );
  }

  private expired(): void {
    if (this.stopped) return;
    this.line.logger.warn(
      { callId: this.line.callId, interval: this.timer?.interval, ourRefresh: this.timer?.ours },
      'a placed SIP call’s session expired without a refresh; ending it',
    );
    this.line.hangUp('session-expired');
  }

  /** Our refresh (§7.4), asking to stay the refresher. */
  private refresh(interval: number): void {
    if (this.stopped) return;
    const method = this.byInvite ? 'INVITE' : 'UPDATE';
    const request = this.line.inDialog(method);
    Object.assign(request.headers, {
      'session-expires': `${interval};refresher=uac`,
      'min-se': String(this.minimum),
      supported: 'timer',
    });
    if (method === 'INVITE') {
      request.headers['content-type'] = 'application/sdp';
      request.content = this.line.offer();
    }
    const seq = request.headers.cseq?.seq ?? 0;
    this.line.send(request, (response) => this.refreshAnswered(method, seq, interval, response));
  }

  private refreshAnswered(method: string, seq: number, interval: number, response: SipMessage): void {
    const status = response.status ?? 0;
    if (status < 200 || this.stopped) return;
    if (status < 300) {
      if (method === 'INVITE') {
        const ack = this.line.inDialog('ACK');
        ack.headers.cseq = { method: 'ACK', seq };
        this.line.send(ack, () => undefined);
      }
      const answer = readSessionAnswer(response);
      if (answer) this.start(answer.interval, answer.refresher, 'uac');
      else this.timer?.refreshed();
      return;
    }
    if (method === 'UPDATE' && (status === 405 || status === 501)) {
      this.byInvite = true;
      this.refresh(interval);
      return;
    }
    const minimum = status === 422 ? readMinSe(response) : null;
    if (minimum !== null && minimum > interval) {
      this.refresh(minimum);
      return;
    }
    if (status === 481 || status === 408) {
      // The dialog is gone at the callee (RFC 3261 §12.2.1.2).
      this.line.hangUp('session-refresh-failed');
      return;
    }
    this.line.logger.warn(
      { callId: this.line.callId, status },
      'a placed SIP call’s session refresh was refused; it ends when the session expires',
    );
  }
}
