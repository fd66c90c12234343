import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  sip,
  type NameAddr,
  type SipMessage,
  type SipRequest,
} from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import { RtpLine } from '../../runtime/channels/sip/rtp-line';
import { codecOfPayloadType, SipCallChannel } from '../../runtime/channels/sip/sip-call-channel';
import { buildAudioOffer, chooseCodec, parseAudioOffer } from '../../runtime/channels/sip/sdp';
import type { LineCodec } from '../../runtime/channels/line-codec';
import type { AgentRuntime } from '../../runtime/session-types';
import { answerChallenge, canAnswer, readChallenge } from './sip-digest';
import type { SipEndpoint } from './sip-endpoint';
import { answerReoffer, cancelOf, placedDialogRequest } from './sip-outbound-messages';
import { notePlacedCall } from './sip-outbound.repo';
import { PlacedSession } from './sip-outbound-session';
import { referTarget } from './sip-dialog-messages';
import {
  failedCallStatus,
  placedStreamCall,
  storeOutboundStatus,
  statusWritesInOrder,
  type PlacedCallStatus,
} from './sip-outbound-status';

export interface OutboundCallDeps {
  db: Db;
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  endpoint: SipEndpoint;
}

/** What the call is and where it goes, as sip-outbound.ts worked it out from the account's SIP settings. */
export interface OutboundPlan {
  callId: string;
  /** The agent account on the call. */
  accountId: number;
  agentUsername: string;
  /**
   * The number called, and the caller id we present: the agent's number, else its SIP username or the
   * registration's AOR user (the contact's and our side of the conversation log).
   */
  to: string;
  from: string;
  /** The Request-URI and To (the number at the route's host or the registration's domain). */
  requestUri: string;
  /** Our From: the agent's number at our host, or the registration's AOR. */
  fromUri: string;
  /** Where every request of the call is sent (the route, its proxy, or the registration's proxy). */
  target: { host: string; port: number; transport: 'udp' | 'tcp' };
  /** Answers a 401/407 challenge once (the registration's credentials). */
  credentials: { username: string; password: string } | null;
  ringMs: number;
  /** The host part of a transfer's Refer-To (the route's or the registration's). */
  transferHost: string;
  /** The sip_calls row. */
  recordId: number;
}

type State = 'calling' | 'ringing' | 'answered' | 'ended';

/**
 * One call we place as the UAC (RFC 3261 §13.2): INVITE with our offer, one answer to a digest challenge, 1xx as
 * ringing, the 2xx ACKed and the conversation run on the RTP line as an inbound SIP call's is, 3xx-6xx recorded
 * as busy, no-answer or failed, CANCEL when it rings too long, BYE from either side; status as a carrier's.
 */
export class SipOutboundCall {
  state: State = 'calling';
  private readonly localTag = randomBytes(6).toString('hex');
  private seq = randomInt(1, 10_000);
  private invite: SipMessage | null = null;
  private challenged = false;
  private remote: { to: NameAddr; contact: string } | null = null;
  private rtp: RtpLine | null = null;
  private channel: SipCallChannel | null = null;
  private ringTimer: NodeJS.Timeout | null = null;
  private answeredAt = 0;
  private readonly inOrder = statusWritesInOrder();
  private offer = '';
  private codec: 0 | 8 | null = null;
  private session: PlacedSession | null = null;
  private authorization: { header: string; value: Record<string, string> } | null = null;

  constructor(
    private readonly deps: OutboundCallDeps,
    readonly plan: OutboundPlan,
  ) {}

  /** Opens the RTP line and sends the INVITE; the call rings for at most `plan.ringMs`. */
  async start(): Promise<void> {
    const placing = this.deps.endpoint.placing;
    if (!placing) {
      await this.end('failed', 'this server runs no SIP endpoint');
      return;
    }
    const { config } = placing;
    this.session = new PlacedSession(
      {
        callId: this.plan.callId,
        logger: this.deps.logger,
        inDialog: (method) => this.inDialog(method),
        send: (request, onResponse) => this.send(request, onResponse),
        offer: () => this.offer,
        hangUp: (reason) => this.hangUp(reason),
      },
      config.sessionMinSeconds,
    );
    this.rtp = await RtpLine.open({
      host: config.host,
      ports: config.rtpPorts,
      payloadType: 0,
      telephoneEvent: 101,
      silence: codecOfPayloadType(0).silence,
      timeoutMs: config.rtpTimeoutMs,
      onAudio: (payload) => this.channel?.audio(payload),
      onDigit: (digit) => this.channel?.digit(digit),
      onTimeout: () => {
        if (this.state === 'answered') this.hangUp('rtp-timeout');
      },
    });
    this.offer = buildAudioOffer({
      address: config.publicHost,
      port: this.rtp.port,
      sessionId: randomInt(1, 2 ** 31),
    });
    this.deps.endpoint.track(this.plan.callId, this);
    this.ringTimer = setTimeout(() => this.cancel('no-answer', 'nobody answered in time'), this.plan.ringMs);
    this.ringTimer.unref();
    this.sendInvite(null);
  }

  /** A request from the callee within the call: its BYE, a refresh, the progress of a transfer. */
  request(request: SipRequest): void {
    const { stack } = this.deps.endpoint.placing ?? {};
    const reply = (status: number, reason: string, sdp?: string, headers: Record<string, string> = {}) => {
      const response = sip.makeResponse(request, status, reason);
      Object.assign(response.headers, headers);
      if (sdp) {
        response.headers['content-type'] = 'application/sdp';
        response.content = sdp;
      }
      stack?.send(response);
    };
    switch (request.method) {
      case 'ACK':
        return;
      case 'BYE':
        reply(200, 'OK');
        void this.end('completed', 'callee-bye');
        return;
      case 'INVITE':
      case 'UPDATE': {
        // A new offer or session refresh (hold, resume, media move, RFC 4028 §9): answered with our port and the
        // session's interval; 422 below our Min-SE; 488 without our codec.
        const minimum = this.state === 'answered' ? (this.session?.tooBrief(request) ?? null) : null;
        if (minimum !== null) {
          reply(422, 'Session Interval Too Small', undefined, { 'min-se': String(minimum) });
          return;
        }
        const answer =
          this.rtp && this.codec !== null ? answerReoffer(request, this.codec, this.rtp, this.offer) : null;
        if (this.state !== 'answered' || !answer) reply(491, 'Request Pending');
        else if (!answer.ok) reply(488, 'Not Acceptable Here');
        else reply(200, 'OK', answer.sdp, this.session?.refreshedByPeer(request));
        return;
      }
      case 'NOTIFY':
        reply(200, 'OK');
        this.notified(request.content ?? '');
        return;
      case 'OPTIONS':
        reply(200, 'OK');
        return;
      default:
        reply(405, 'Method Not Allowed');
    }
  }

  /** Ends the call from our side: BYE once answered, CANCEL while it rings. */
  hangUp(reason: string): void {
    if (this.state === 'ended') return;
    if (this.state !== 'answered') {
      this.cancel(reason === 'error' ? 'failed' : 'canceled', reason);
      return;
    }
    this.send(this.inDialog('BYE'), () => undefined);
    void this.end('completed', reason);
  }

  /** Transfers the callee with an in-dialog REFER to the destination at the route's host (RFC 3515). */
  transfer(destination: string): void {
    if (this.state !== 'answered') return;
    const refer = this.inDialog('REFER');
    refer.headers['refer-to'] =
      `<${referTarget(destination, this.plan.target.host, this.plan.transferHost)}>`;
    refer.headers['referred-by'] = `<${this.plan.fromUri}>`;
    this.deps.logger.info(
      { callId: this.plan.callId, destination },
      'a placed SIP call is being transferred',
    );
    this.send(refer, (response) => {
      if ((response.status ?? 0) >= 300)
        this.deps.logger.warn(
          { callId: this.plan.callId, status: response.status },
          'a SIP transfer was refused',
        );
    });
  }

  private notified(content: string): void {
    const status = Number(/^SIP\/2\.0\s+(\d{3})/m.exec(content)?.[1] ?? 0);
    if (status >= 200 && status < 300 && this.state === 'answered') {
      this.send(this.inDialog('BYE'), () => undefined);
      void this.end('completed', 'transferred');
    }
  }

  private sendInvite(authorization: { header: string; value: Record<string, string> } | null): void {
    const { plan } = this;
    const placing = this.deps.endpoint.placing;
    if (!placing) return;
    const host = placing.config.publicHost.includes(':')
      ? `[${placing.config.publicHost}]`
      : placing.config.publicHost;
    const transport = plan.target.transport === 'tcp' ? ';transport=tcp' : '';
    this.seq += 1;
    const invite: SipMessage = {
      method: 'INVITE',
      uri: plan.requestUri,
      headers: {
        to: { uri: plan.requestUri, params: {} },
        from: { uri: plan.fromUri, params: { tag: this.localTag } },
        'call-id': plan.callId,
        cseq: { method: 'INVITE', seq: this.seq },
        contact: [{ uri: `sip:${plan.agentUsername}@${host}:${placing.port}${transport}`, params: {} }],
        'max-forwards': 70,
        'user-agent': 'Switchboard',
        allow: 'INVITE, ACK, CANCEL, BYE, OPTIONS, NOTIFY, UPDATE',
        ...this.session?.offer,
        'content-type': 'application/sdp',
        ...(authorization ? { [authorization.header]: [authorization.value] } : {}),
      },
      content: this.offer,
    };
    this.invite = invite;
    this.authorization = authorization;
    this.send(invite, (response) => this.answered(response));
  }

  private answered(response: SipMessage): void {
    const status = response.status ?? 0;
    if (status < 200) {
      if (status > 100 && this.state === 'calling') {
        this.state = 'ringing';
        void this.status('ringing');
      }
      return;
    }
    if (status < 300) {
      this.accepted(response);
      return;
    }
    if (this.state === 'ended' || this.state === 'answered') return;
    // RFC 4028 §7.4: a 422 names the callee's Min-SE; the INVITE goes again asking for that interval.
    if (status === 422 && this.session?.raise(response)) {
      this.sendInvite(this.authorization);
      return;
    }
    if ((status === 401 || status === 407) && this.plan.credentials && !this.challenged) {
      const offered = response.headers[status === 401 ? 'www-authenticate' : 'proxy-authenticate'];
      const challenge = readChallenge(Array.isArray(offered) ? offered[0] : offered);
      if (challenge && canAnswer(challenge)) {
        this.challenged = true;
        const value = answerChallenge(challenge, this.plan.credentials, {
          method: 'INVITE',
          uri: this.plan.requestUri,
        });
        this.sendInvite({ header: status === 401 ? 'authorization' : 'proxy-authorization', value });
        return;
      }
    }
    const failed = failedCallStatus(status, response.reason ?? '');
    void this.end(failed.status, failed.reason);
  }

  /** A 2xx: ACKed (again, for a retransmission); the conversation starts on the first. */
  private accepted(response: SipMessage): void {
    const contact = Array.isArray(response.headers.contact) ? response.headers.contact[0]?.uri : undefined;
    const to = response.headers.to;
    if (!to) return;
    const first = this.remote === null;
    this.remote ??= { to, contact: contact ?? this.plan.requestUri };
    const ack = this.inDialog('ACK');
    ack.headers.cseq = { method: 'ACK', seq: response.headers.cseq?.seq ?? this.seq };
    this.send(ack);
    if (!first) return;
    if (this.state === 'ended') {
      // Answered as we gave up: the call is ended at once.
      this.send(this.inDialog('BYE'), () => undefined);
      return;
    }
    const answer = parseAudioOffer(response.content ?? '');
    const codec = answer.ok ? chooseCodec(answer.offer) : null;
    if (!answer.ok || codec === null || !this.rtp) {
      this.send(this.inDialog('BYE'), () => undefined);
      void this.end('failed', answer.ok ? 'the answer has neither PCMU nor PCMA' : answer.reason);
      return;
    }
    this.state = 'answered';
    this.session?.answered(response);
    this.codec = codec;
    this.answeredAt = Date.now();
    this.stopRinging();
    const line = codecOfPayloadType(codec);
    this.rtp.settle({
      payloadType: codec,
      telephoneEvent: answer.offer.telephoneEvent,
      silence: line.silence,
    });
    this.rtp.sendTo(answer.offer.address, answer.offer.port);
    void this.status('in-progress');
    void this.converse(line);
  }

  /** The agent on the answered call, with the task it was placed for, as a carrier's call runs. */
  private async converse(codec: LineCodec): Promise<void> {
    const { deps, plan } = this;
    const pacer = deps.endpoint.placing?.pacer;
    const rtp = this.rtp;
    if (!pacer || !rtp) return;
    const call = await placedStreamCall(deps.db, plan, {
      hangUp: (reason) => this.hangUp(reason),
      transfer: (destination) => this.transfer(destination),
    });
    if (this.state !== 'answered') return;
    this.channel = new SipCallChannel({
      runtime: deps.runtime,
      logger: deps.logger,
      pacer,
      codec,
      callId: plan.callId,
      rtp,
      call,
      onClosed: () => this.hangUp('error'),
      onFinished: (uuid) => {
        if (uuid)
          void notePlacedCall(deps.db, plan.callId, { conversationUuid: uuid }).catch(() => undefined);
      },
    });
    this.channel.start();
  }

  /** CANCEL of the ringing INVITE (RFC 3261 §9.1): its Request-URI, Call-ID, To, From, Via and CSeq number. */
  private cancel(status: PlacedCallStatus, reason: string): void {
    if (this.state !== 'calling' && this.state !== 'ringing') return;
    const invite = this.invite;
    if (invite) this.send(cancelOf(invite, this.plan), () => undefined);
    void this.end(status, reason);
  }

  /** A request of ours within the dialog the 2xx made (RFC 3261 §12.2.1.1). */
  private inDialog(method: string): SipMessage {
    return placedDialogRequest(method, this.plan, this.remote, this.localTag, (this.seq += 1));
  }

  private send(request: SipMessage, onResponse: (response: SipMessage) => void = () => undefined): void {
    const sent = this.deps.endpoint.sendRequest(request, this.plan.target, this.plan.accountId, onResponse);
    if (!sent && request.method === 'INVITE') void this.end('failed', 'the INVITE could not be sent');
  }

  private status(status: PlacedCallStatus | 'ringing' | 'in-progress', reason?: string): Promise<void> {
    const { answeredAt } = this;
    return this.inOrder(() => storeOutboundStatus(this.deps, this.plan, status, answeredAt, reason));
  }

  private stopRinging(): void {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.ringTimer = null;
  }

  private async end(status: PlacedCallStatus, reason: string): Promise<void> {
    if (this.state === 'ended') return;
    const wasAnswered = this.state === 'answered';
    this.state = 'ended';
    this.stopRinging();
    this.session?.stop();
    this.channel?.hungUp();
    this.rtp?.close();
    // The dialog stays tracked a little while: a 2xx crossing our CANCEL, a retransmitted BYE.
    setTimeout(() => this.deps.endpoint.track(this.plan.callId, null), 32_000).unref();
    this.deps.logger.info(
      { callId: this.plan.callId, agent: this.plan.accountId, status, reason, rtp: this.rtp?.counts },
      'a placed SIP call ended',
    );
    await this.status(wasAnswered ? 'completed' : status, reason);
  }
}
