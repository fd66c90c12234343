import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  sip,
  type Remote,
  type SipMessage,
  type SipRequest,
  type Stack,
} from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import type { FramePacer } from '../../runtime/channels/frame-pacer';
import { RtpLine } from '../../runtime/channels/sip/rtp-line';
import { codecOfPayloadType, type SipCallChannel } from '../../runtime/channels/sip/sip-call-channel';
import { buildAudioAnswer, type AudioOffer } from '../../runtime/channels/sip/sdp';
import type { AgentRuntime } from '../../runtime/session-types';
import { inboundChannel } from './sip-dialog-channel';
import { dialogRequest, dialogResponse, hostInUri, referTarget } from './sip-dialog-messages';
import { sayOnLine } from './sip-line-prompt';
import { answerDirection, readReoffer } from './sip-reoffer';
import { readSessionTimer, SessionTimer } from './sip-session-timer';
import { updateSipCall } from './sip.repo';

/** RFC 3261 timers: T1 and T2 for the 2xx retransmissions, 64·T1 before giving up on the ACK. */
const t1 = 500;
const t2 = 4000;

export interface SipDialogDeps {
  db: Db;
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  pacer: FramePacer;
  stack: Stack;
  /** Where the peer reaches us: put in Contact and SDP. */
  publicHost: string;
  port: number;
  rtpHost: string;
  rtpPorts: { min: number; max: number };
  rtpTimeoutMs: number;
  /** The least Session-Expires accepted (RFC 4028 Min-SE), seconds. */
  sessionMinSeconds: number;
}

export interface InboundCall {
  invite: SipRequest;
  remote: Remote;
  offer: AudioOffer;
  codec: 0 | 8;
  agent: { id: number; username: string };
  from: string;
  toUri: string;
  /** The sip_calls row. */
  recordId: number;
  /** The host part a transfer's Refer-To takes (the account's outbound route or registration), when it has one. */
  transferHost?: string | null;
}

export { referTarget } from './sip-dialog-messages';

export type DialogState = 'ringing' | 'answered' | 'confirmed' | 'ended';

/**
 * One inbound call from ringing to its end, as the UAS (RFC 3261 §13.3, §15): 180 then 200 with the SDP answer
 * (resent over UDP until the ACK, §13.3.1.4), the conversation on the RTP line from the answer on, and its end by
 * the caller's BYE, a CANCEL before the answer (487), the agent's hang-up (our BYE), or RTP silence (our BYE).
 */
export class SipDialog {
  state: DialogState = 'ringing';
  private readonly localTag = randomBytes(6).toString('hex');
  private localSeq = randomInt(1, 10_000);
  private answer: SipMessage | null = null;
  private retransmit: NodeJS.Timeout | null = null;
  private ackDeadline: NodeJS.Timeout | null = null;
  private rtp: RtpLine | null = null;
  private channel: SipCallChannel | null = null;
  private endReason: string | null = null;
  /** A REFER awaiting its outcome: the timer that gives up on it. */
  private transferring: NodeJS.Timeout | null = null;
  private session: SessionTimer | null = null;
  private readonly sessionId = randomInt(1, 2 ** 31);
  private sdpVersion = this.sessionId;

  constructor(
    private readonly deps: SipDialogDeps,
    readonly call: InboundCall,
    private readonly onEnded: (dialog: SipDialog) => void,
  ) {}

  get callId(): string {
    return String(this.call.invite.headers['call-id']);
  }

  /** Rings, then answers after `ringMs` unless a CANCEL came first. */
  async ring(ringMs: number): Promise<void> {
    const { deps, call } = this;
    const timer = readSessionTimer(call.invite, deps.sessionMinSeconds);
    if (timer.kind === 'too-brief') {
      // RFC 4028 §8.1: 422 with our Min-SE; the caller may try again with a longer interval.
      const refusal = sip.makeResponse(call.invite, 422, 'Session Interval Too Small');
      refusal.headers['min-se'] = String(timer.minimum);
      deps.stack.send(refusal);
      void this.end('ended', `422 session interval below ${timer.minimum} s`);
      return;
    }
    if (timer.kind === 'accept') {
      this.session = new SessionTimer(timer.interval, timer.refresher, {
        refresh: () => this.refreshSession(),
        expired: () => this.hangUp('session-expired'),
      });
    }
    deps.stack.send(this.response(180, 'Ringing'));
    this.rtp = await RtpLine.open({
      host: deps.rtpHost,
      ports: deps.rtpPorts,
      payloadType: call.codec,
      telephoneEvent: call.offer.telephoneEvent,
      silence: codecOfPayloadType(call.codec).silence,
      timeoutMs: deps.rtpTimeoutMs,
      onAudio: (payload) => this.channel?.audio(payload),
      onDigit: (digit) => this.channel?.digit(digit),
      onTimeout: () => this.hangUp('rtp-timeout'),
    });
    this.rtp.sendTo(call.offer.address, call.offer.port);
    if (ringMs > 0) await new Promise((resolve) => setTimeout(resolve, ringMs));
    if (this.state !== 'ringing') return;
    this.answerCall();
  }

  /** CANCEL before the answer: 487 to the INVITE (the caller's 200 to CANCEL is the endpoint's). */
  cancel(): boolean {
    if (this.state !== 'ringing') return false;
    this.deps.stack.send(this.response(487, 'Request Terminated'));
    void this.end('canceled', 'canceled');
    return true;
  }

  /** The ACK for our 2xx. */
  acknowledged(): void {
    if (this.state !== 'answered') return;
    this.state = 'confirmed';
    this.stopRetransmitting();
  }

  /** A BYE from the caller. */
  byeReceived(request: SipRequest): void {
    this.deps.stack.send(sip.makeResponse(request, 200, 'OK'));
    this.stopRetransmitting();
    void this.end('ended', 'caller-bye');
  }

  /**
   * A re-INVITE or UPDATE (RFC 3311) within the call: a session refresh (RFC 4028), a move of the caller's media,
   * hold (sendonly, inactive) or resume. A new offer is answered with our port and the direction it calls for;
   * one that drops the call's codec gets 488 and the call goes on as before.
   */
  reinvite(request: SipRequest): void {
    const rtp = this.rtp;
    if (!this.answer || this.state === 'ended' || !rtp) {
      this.deps.stack.send(sip.makeResponse(request, 481, 'Call/Transaction Does Not Exist'));
      return;
    }
    const refusal = (status: number, reason: string, headers: Record<string, string>) => {
      const response = sip.makeResponse(request, status, reason);
      Object.assign(response.headers, headers);
      this.deps.stack.send(response);
    };
    const timer = readSessionTimer(request, this.deps.sessionMinSeconds);
    if (timer.kind === 'too-brief') {
      refusal(422, 'Session Interval Too Small', { 'min-se': String(timer.minimum) });
      return;
    }
    let sdp = request.method === 'INVITE' ? this.answer.content : undefined;
    if (request.content?.trim()) {
      const offer = readReoffer(request.content, this.call.codec);
      if (!offer.ok) {
        refusal(488, 'Not Acceptable Here', { warning: `304 switchboard "${offer.reason}"` });
        return;
      }
      rtp.redirect(offer.offer.address, offer.offer.port, offer.held);
      sdp = buildAudioAnswer({
        offer: offer.offer,
        address: this.deps.publicHost,
        port: rtp.port,
        codec: this.call.codec,
        sessionId: this.sessionId,
        version: (this.sdpVersion += 1),
        direction: answerDirection(offer.direction),
      });
    }
    if (timer.kind === 'accept') {
      this.session?.stop();
      this.session = new SessionTimer(timer.interval, timer.refresher, {
        refresh: () => this.refreshSession(),
        expired: () => this.hangUp('session-expired'),
      });
    } else this.session?.refreshed();
    const ok = this.response(200, 'OK', request, sdp);
    Object.assign(ok.headers, this.session?.headers ?? {});
    this.deps.stack.send(ok);
  }

  /**
   * We are the refresher (RFC 4028 §7.4): an UPDATE without a body refreshes the session. In a refresh request
   * `refresher=uac` names the request's sender, so we stay the refresher.
   */
  private refreshSession(): void {
    const update = this.inDialogRequest('UPDATE');
    if (!update || !this.session) return;
    Object.assign(update.headers, {
      'session-expires': `${this.session.interval};refresher=uac`,
      supported: 'timer',
    });
    this.deps.stack.send(update, (response) => {
      if ((response.status ?? 0) >= 200 && (response.status ?? 0) < 300) this.session?.refreshed();
    });
  }

  /** Ends an answered call from our side with a BYE (the agent, RTP silence, the endpoint closing). */
  hangUp(reason: string): void {
    if (this.state === 'ended') return;
    if (this.state === 'ringing') {
      this.deps.stack.send(this.response(480, 'Temporarily Unavailable'));
      void this.end('ended', reason);
      return;
    }
    this.sendBye();
    void this.end('ended', reason);
  }

  /**
   * Transfers the caller with an in-dialog REFER (RFC 3515): Refer-To the destination at the peer that sent the
   * call (its trunk or PBX places the new leg). 202 then NOTIFYs with a sipfrag of the new leg's progress; a 2xx
   * there ends our leg with a BYE; a refusal, a failed new leg or no final NOTIFY within 32 s is a failed transfer,
   * and the call is ended with the reason kept on its row.
   */
  transfer(destination: string): void {
    if (this.state !== 'answered' && this.state !== 'confirmed') return;
    const refer = this.inDialogRequest('REFER');
    if (!refer) return;
    refer.headers['refer-to'] =
      `<${referTarget(destination, this.call.remote.address, this.call.transferHost)}>`;
    refer.headers['referred-by'] = `<sip:${this.call.agent.username}@${hostInUri(this.deps.publicHost)}>`;
    this.transferring = setTimeout(() => this.transferFailed('no outcome within 32 s'), 64 * t1);
    this.transferring.unref();
    this.deps.logger.info({ callId: this.callId, destination }, 'a SIP call is being transferred');
    this.deps.stack.send(refer, (response) => {
      const status = response.status ?? 0;
      if (status >= 300) this.transferFailed(`REFER answered ${status} ${response.reason ?? ''}`.trim());
    });
  }

  /** A NOTIFY of the transfer's progress (a sipfrag of the new leg's status line). */
  notified(request: SipRequest): void {
    this.deps.stack.send(sip.makeResponse(request, 200, 'OK'));
    const frag = /^SIP\/2\.0\s+(\d{3})\s*(.*)$/m.exec(request.content ?? '');
    if (!frag || this.transferring === null) return;
    const status = Number(frag[1]);
    if (status < 200) return;
    if (status < 300) {
      clearTimeout(this.transferring);
      this.transferring = null;
      this.sendBye();
      void this.end('ended', 'transferred');
      return;
    }
    this.transferFailed(`the new leg answered ${status} ${frag[2] ?? ''}`.trim());
  }

  private transferFailed(why: string): void {
    if (this.transferring === null) return;
    clearTimeout(this.transferring);
    this.transferring = null;
    this.deps.logger.warn({ callId: this.callId, why }, 'a SIP transfer failed');
    const reason = `transfer-failed: ${why}`.slice(0, 200);
    // The conversation is over: the caller hears why before the line closes.
    const speech = this.deps.runtime.speech;
    const rtp = this.rtp;
    if (!speech || !rtp) {
      this.hangUp(reason);
      return;
    }
    void sayOnLine({
      text: 'Sorry, I could not transfer your call. Please call again later. Goodbye.',
      tts: speech.tts,
      codec: codecOfPayloadType(this.call.codec),
      rtp,
      voice: 'Asteria',
      language: 'en',
    })
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'the transfer apology was not played'))
      .finally(() => this.hangUp(reason));
  }

  private answerCall(): void {
    const { deps, call } = this;
    const rtp = this.rtp;
    if (!rtp) return;
    const sdp = buildAudioAnswer({
      offer: call.offer,
      address: deps.publicHost,
      port: rtp.port,
      codec: call.codec,
      sessionId: this.sessionId,
    });
    this.answer = this.response(200, 'OK', call.invite, sdp);
    Object.assign(this.answer.headers, this.session?.headers ?? {});
    this.session?.refreshed();
    this.state = 'answered';
    deps.stack.send(this.answer);
    if (call.remote.protocol.toUpperCase() === 'UDP') this.retransmitAnswer(t1);
    this.ackDeadline = setTimeout(() => {
      if (this.state === 'answered') this.hangUp('no-ack');
    }, 64 * t1);
    this.ackDeadline.unref();
    void updateSipCall(deps.db, call.recordId, { status: 'answered' }).catch(() => undefined);
    this.channel = inboundChannel(deps, { ...call, callId: this.callId, agentId: call.agent.id }, rtp, {
      hangUp: (reason) => this.hangUp(reason),
      transfer: (destination) => this.transfer(destination),
    });
    this.channel.start();
  }

  private retransmitAnswer(interval: number): void {
    this.retransmit = setTimeout(() => {
      if (this.state !== 'answered' || !this.answer) return;
      this.deps.stack.send(this.answer);
      this.retransmitAnswer(Math.min(interval * 2, t2));
    }, interval);
    this.retransmit.unref();
  }

  private stopRetransmitting(): void {
    if (this.retransmit) clearTimeout(this.retransmit);
    if (this.ackDeadline) clearTimeout(this.ackDeadline);
    this.retransmit = null;
    this.ackDeadline = null;
  }

  private sendBye(): void {
    const bye = this.inDialogRequest('BYE');
    if (bye) this.deps.stack.send(bye, () => undefined);
  }

  /** A request of ours in the call's dialog (RFC 3261 §12.2.1.1), sent back over the INVITE's flow. */
  private inDialogRequest(method: string): SipMessage | null {
    return dialogRequest(method, this.call, this.localTag, (this.localSeq += 1), this.deps.stack);
  }

  /** A response to the INVITE (or a re-INVITE) with our To tag, and a Contact on what answers. */
  private response(status: number, reason: string, request = this.call.invite, sdp?: string): SipMessage {
    const contact = { user: this.call.agent.username, host: this.deps.publicHost, port: this.deps.port };
    return dialogResponse(status, reason, request, this.localTag, this.call.remote, contact, sdp);
  }

  private async end(status: 'ended' | 'canceled', reason: string): Promise<void> {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.endReason = reason;
    this.stopRetransmitting();
    this.session?.stop();
    if (this.transferring) clearTimeout(this.transferring);
    this.transferring = null;
    this.channel?.hungUp();
    this.rtp?.close();
    this.onEnded(this);
    this.deps.logger.info(
      { callId: this.callId, agent: this.call.agent.id, reason, rtp: this.rtp?.counts },
      'a SIP call ended',
    );
    const conversationUuid = this.channel?.conversationUuid ?? null;
    await updateSipCall(this.deps.db, this.call.recordId, {
      status,
      endReason: reason,
      endedAt: new Date(),
      ...(conversationUuid ? { conversationUuid } : {}),
    }).catch((error: unknown) =>
      this.deps.logger.warn({ err: error }, 'the SIP call record was not updated'),
    );
  }

  get reason(): string | null {
    return this.endReason;
  }
}
