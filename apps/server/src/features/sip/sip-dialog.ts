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
import { codecOfPayloadType, SipCallChannel } from '../../runtime/channels/sip/sip-call-channel';
import { buildAudioAnswer, type AudioOffer } from '../../runtime/channels/sip/sdp';
import type { AgentRuntime } from '../../runtime/session-types';
import { sayOnLine } from './sip-line-prompt';
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
}

export type DialogState = 'ringing' | 'answered' | 'confirmed' | 'ended';

const hostInUri = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * Where a REFER sends the caller: a SIP URI as given, else the number or extension (`ext:`/`pbx:` prefix and any
 * post-answer digits after a comma left out) at the peer that sent the call.
 */
export function referTarget(destination: string, peerAddress: string): string {
  const trimmed = destination.trim();
  if (/^sips?:/i.test(trimmed)) return trimmed;
  const user = trimmed.replace(/^(ext|pbx):/i, '').split(',')[0] ?? '';
  return `sip:${user.replace(/[^0-9A-Za-z+*#._-]/g, '')}@${hostInUri(peerAddress)}`;
}

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

  /** A re-INVITE (a refresh, hold or resume): the same answer again; the call carries on. */
  reinvite(request: SipRequest): void {
    if (!this.answer || this.state === 'ended') {
      this.deps.stack.send(sip.makeResponse(request, 481, 'Call/Transaction Does Not Exist'));
      return;
    }
    this.deps.stack.send(this.response(200, 'OK', request, this.answer.content));
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
    refer.headers['refer-to'] = `<${referTarget(destination, this.call.remote.address)}>`;
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
      sessionId: randomInt(1, 2 ** 31),
    });
    this.answer = this.response(200, 'OK', call.invite, sdp);
    this.state = 'answered';
    deps.stack.send(this.answer);
    if (call.remote.protocol.toUpperCase() === 'UDP') this.retransmitAnswer(t1);
    this.ackDeadline = setTimeout(() => {
      if (this.state === 'answered') this.hangUp('no-ack');
    }, 64 * t1);
    this.ackDeadline.unref();
    void updateSipCall(deps.db, call.recordId, { status: 'answered' }).catch(() => undefined);
    this.channel = new SipCallChannel({
      runtime: deps.runtime,
      logger: deps.logger,
      pacer: deps.pacer,
      codec: codecOfPayloadType(call.codec),
      callId: this.callId,
      rtp,
      call: {
        agentAccountId: call.agent.id,
        direction: 'inbound',
        contactPhone: call.from,
        contactName: call.invite.headers.from?.name?.replace(/^"|"$/g, '').slice(0, 100) ?? null,
        phoneCall: { callId: this.callId, fromNumber: call.from, toNumber: call.toUri },
        call: {
          hangUp: (reason) => {
            if (reason !== 'caller') this.hangUp(reason === 'agent' ? 'agent' : reason);
            return Promise.resolve();
          },
          transfer: (destination) => {
            this.transfer(destination);
            return Promise.resolve();
          },
        },
      },
      onClosed: () => this.hangUp('error'),
      onFinished: (uuid) => {
        if (uuid)
          void updateSipCall(deps.db, call.recordId, { conversationUuid: uuid }).catch(() => undefined);
      },
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
    const { invite } = this.call;
    const contact = Array.isArray(invite.headers.contact) ? invite.headers.contact[0] : undefined;
    const to = invite.headers.from;
    if (!to) return null;
    const bye: SipMessage = {
      method,
      uri: contact?.uri ?? to.uri,
      headers: {
        to,
        from: {
          uri: invite.headers.to?.uri ?? invite.uri,
          params: { ...(invite.headers.to?.params ?? {}), tag: this.localTag },
        },
        'call-id': this.callId,
        cseq: { seq: (this.localSeq += 1), method },
        via: [],
        // Sent back where the INVITE came from (the stack's flow route, removed before sending): the peer's
        // Contact may sit behind NAT, or share our own address on one host.
        route: [{ uri: this.deps.stack.encodeFlowUri(this.call.remote), params: {} }],
        'max-forwards': 70,
        'content-length': 0,
      },
    };
    if (invite.headers.to?.name) (bye.headers.from as { name?: string }).name = invite.headers.to.name;
    return bye;
  }

  /** A response to the INVITE (or a re-INVITE) with our To tag, and a Contact on what answers. */
  private response(status: number, reason: string, request = this.call.invite, sdp?: string): SipMessage {
    const { deps } = this;
    const to = request.headers.to;
    const protocol = this.call.remote.protocol.toLowerCase();
    const response = sip.makeResponse(request, status, reason);
    response.headers.to = {
      ...(to ?? { uri: request.uri }),
      params: { ...(to?.params ?? {}), tag: this.localTag },
    };
    if (status >= 200 && status < 300) {
      response.headers.contact = [
        {
          uri: `sip:${this.call.agent.username}@${hostInUri(deps.publicHost)}:${deps.port};transport=${protocol}`,
          params: {},
        },
      ];
      response.headers.allow = 'INVITE, ACK, CANCEL, BYE, OPTIONS';
    }
    if (sdp) {
      response.headers['content-type'] = 'application/sdp';
      response.content = sdp;
    }
    return response;
  }

  private async end(status: 'ended' | 'canceled', reason: string): Promise<void> {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.endReason = reason;
    this.stopRetransmitting();
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
