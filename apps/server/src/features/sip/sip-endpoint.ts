import dgram from 'node:dgram';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import {
  sip,
  type Remote,
  type SipMessage,
  type SipRequest,
  type Stack,
} from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import type { SipConfig } from '../../providers/telephony/sip/config';
import { FramePacer } from '../../runtime/channels/frame-pacer';
import { chooseCodec, parseAudioOffer } from '../../runtime/channels/sip/sdp';
import type { AgentRuntime } from '../../runtime/session-types';
import { admitInvite } from './sip-admission';
import { peerOf, SipCaptureLog } from './sip-capture-log';
import { SipDialog } from './sip-dialog';
import { transferHostOf } from './sip-dialog-messages';
import { findOutboundSipTarget } from './sip-outbound.repo';
import { insertSipCall } from './sip.repo';

export interface SipEndpointDeps {
  db: Db;
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  config: SipConfig;
  /** How long a call rings before it is answered (a CANCEL can still stop it): 300 ms. */
  ringMs?: number;
}

/** INVITEs one source address may send in a window before it is told to wait (503 with Retry-After). */
const invitesPerWindow = 30;
const inviteWindowMs = 10_000;
const allowed = 'INVITE, ACK, CANCEL, BYE, OPTIONS, UPDATE';

/** Whether a port is free on UDP (and TCP when asked): bind, then let go. */
async function portIsFree(host: string, port: number, tcp: boolean): Promise<boolean> {
  const udp = await new Promise<boolean>((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, host, () => socket.close(() => resolve(true)));
  });
  if (!udp || !tcp) return udp;
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port free on both transports, for SIP_PORT=0. */
async function anyFreePort(host: string, tcp: boolean): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await new Promise<number>((resolve, reject) => {
      const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
      socket.once('error', reject);
      socket.bind(0, host, () => {
        const chosen = socket.address().port;
        socket.close(() => resolve(chosen));
      });
    });
    if (await portIsFree(host, port, tcp)) return port;
  }
  throw new Error('no free port for SIP');
}

/**
 * The SIP endpoint (RFC 3261 UAS on the npm `sip` stack, UDP and TCP): inbound INVITEs to an agent become calls
 * on the same voice path as a carrier's (FACTS §8 checks in sip-admission.ts), each a SipDialog. OPTIONS is
 * answered for peers that ping; REGISTER, REFER and other methods are 405 for now.
 */
/** A call this endpoint placed (sip-outbound-call.ts): the requests its peer sends within its dialog. */
export interface PlacedDialog {
  request(request: SipRequest): void;
  hangUp(reason: string): void;
  transfer(destination: string): void;
}

export class SipEndpoint {
  private readonly dialogs = new Map<string, SipDialog>();
  private readonly placed = new Map<string, PlacedDialog>();
  private readonly invites = new Map<string, number[]>();
  private readonly captures: SipCaptureLog;
  private readonly pacer = new FramePacer();
  private stack: Stack | null = null;

  private constructor(
    private readonly deps: SipEndpointDeps,
    readonly port: number,
  ) {
    this.captures = new SipCaptureLog(deps.db, deps.logger);
  }

  /** Starts listening; null (with a warning) when the default port is taken, an error when a chosen one is. */
  static async start(deps: SipEndpointDeps): Promise<SipEndpoint | null> {
    const { config, logger } = deps;
    if (config.port === null) return null;
    let port = config.port;
    if (port === 0) port = await anyFreePort(config.host, config.tcp);
    else if (!(await portIsFree(config.host, port, config.tcp))) {
      const message = `SIP port ${port} on ${config.host} is in use`;
      if (!config.portIsDefault) throw new Error(`${message} (SIP_PORT); choose another or set SIP_PORT=off`);
      logger.warn(`${message}: the SIP endpoint is off (set SIP_PORT to use another port)`);
      return null;
    }
    const endpoint = new SipEndpoint(deps, port);
    endpoint.listen();
    logger.info(
      { port, host: config.host, publicHost: config.publicHost, tcp: config.tcp, rtpPorts: config.rtpPorts },
      `SIP endpoint listening on ${config.host}:${port} (UDP${config.tcp ? ' and TCP' : ''})`,
    );
    return endpoint;
  }

  /** Transfers a call in progress with REFER (what the agent's transfer does); false when there is no such call. */
  transfer(callId: string, destination: string): boolean {
    const dialog = this.dialogs.get(callId) ?? this.placed.get(callId);
    dialog?.transfer(destination);
    return dialog !== undefined;
  }

  /** Calls in progress. */
  get activeCalls(): number {
    return this.dialogs.size + this.placed.size;
  }

  /** What a call placed from this endpoint needs: the stack, the audio pacer and the SIP settings. */
  get placing(): { stack: Stack; pacer: FramePacer; config: SipConfig; port: number } | null {
    return this.stack
      ? { stack: this.stack, pacer: this.pacer, config: this.deps.config, port: this.port }
      : null;
  }

  /** A placed call's dialog receives the requests with its Call-ID until it is let go. */
  track(callId: string, dialog: PlacedDialog | null): void {
    if (dialog) this.placed.set(callId, dialog);
    else if (this.placed.delete(callId)) this.captures.release(callId);
  }

  /** Hangs up every call and stops listening. */
  async close(): Promise<void> {
    for (const dialog of [...this.dialogs.values()]) dialog.hangUp('server-stopping');
    for (const placed of [...this.placed.values()]) placed.hangUp('server-stopping');
    await this.captures.flush();
    this.stack?.destroy();
    this.stack = null;
  }

  /** Where peers reach this endpoint: the host put in Contact headers, and the port. */
  get contactAddress(): { host: string; port: number; tcp: boolean } {
    return { host: this.deps.config.publicHost, port: this.port, tcp: this.deps.config.tcp };
  }

  /**
   * Sends a request of our own (a REGISTER) to `target` as a client transaction: `onResponse` gets each response,
   * a 408 when nothing answered and a 503 when the peer could not be reached. An IP target is reached as a flow
   * (no DNS, and right even when the peer shares our address); a host name through a loose route. Its messages go
   * to `accountId`'s captures. False when it could not be sent.
   */
  sendRequest(
    request: SipMessage,
    target: { host: string; port: number; transport: 'udp' | 'tcp' },
    accountId: number,
    onResponse: (response: SipMessage) => void,
  ): boolean {
    const stack = this.stack;
    if (!stack) return false;
    const address = target.host.replace(/^\[(.*)\]$/, '$1');
    request.headers.route = net.isIP(address)
      ? [
          {
            uri: stack.encodeFlowUri({
              protocol: target.transport.toUpperCase(),
              address,
              port: target.port,
              local: { address: this.deps.config.host, port: this.port },
            }),
            params: {},
          },
        ]
      : [{ uri: `sip:${target.host}:${target.port};transport=${target.transport};lr`, params: {} }];
    const callId = request.headers['call-id'];
    if (callId) this.captures.assign(callId, accountId);
    try {
      stack.send(request, onResponse);
      return true;
    } catch (error) {
      this.deps.logger.warn({ err: error, callId }, 'a SIP request could not be sent');
      return false;
    }
  }

  /** Waits for the captured messages queued so far to be stored. */
  flushCaptures(): Promise<void> {
    return this.captures.flush();
  }

  private listen(): void {
    const { config, logger } = this.deps;
    this.stack = sip.create(
      {
        address: config.host,
        port: this.port,
        publicAddress: config.publicHost,
        udp: true,
        tcp: config.tcp,
        maxBytesHeaders: 8 * 1024,
        maxContentLength: 16 * 1024,
        logger: {
          recv: (message, remote) => this.captures.record(message, 'in', remote),
          send: (message, target) => this.captures.record(message, 'out', target),
          error: (error) => logger.warn({ err: error }, 'the SIP stack reported an error'),
        },
      },
      (request, remote) => {
        void this.handle(request, remote).catch((error: unknown) => {
          logger.error({ err: error, method: request.method }, 'a SIP request failed');
          if (request.method !== 'ACK') this.respond(request, 500, 'Server Internal Error');
        });
      },
    );
  }

  private respond(
    request: SipRequest,
    status: number,
    reason: string,
    headers: Record<string, unknown> = {},
  ) {
    const response = sip.makeResponse(request, status, reason);
    Object.assign(response.headers, headers);
    this.stack?.send(response);
  }

  private async handle(request: SipRequest, remote: Remote): Promise<void> {
    const callId = request.headers['call-id'] ?? '';
    const placed = this.placed.get(callId);
    if (placed) {
      placed.request(request);
      return;
    }
    const dialog = this.dialogs.get(callId);
    const hasTag = Boolean(request.headers.to?.params.tag);
    switch (request.method) {
      case 'INVITE':
        if (dialog && hasTag) dialog.reinvite(request);
        else if (dialog)
          return; // a retransmission the transaction layer did not absorb
        else if (hasTag) this.respond(request, 481, 'Call/Transaction Does Not Exist');
        else await this.invite(request, remote);
        return;
      case 'ACK':
        dialog?.acknowledged();
        return;
      case 'UPDATE':
        if (dialog) dialog.reinvite(request);
        else this.respond(request, 481, 'Call/Transaction Does Not Exist');
        return;
      case 'BYE':
        if (dialog) dialog.byeReceived(request);
        else this.respond(request, 481, 'Call/Transaction Does Not Exist');
        return;
      case 'CANCEL':
        // 200 to the CANCEL itself; the INVITE gets its 487 when it was still ringing (RFC 3261 §9.2).
        this.respond(request, dialog ? 200 : 481, dialog ? 'OK' : 'Call/Transaction Does Not Exist');
        dialog?.cancel();
        return;
      case 'NOTIFY':
        // The progress of a transfer this endpoint asked for with REFER.
        if (dialog) dialog.notified(request);
        else this.respond(request, 481, 'Call/Transaction Does Not Exist');
        return;
      case 'OPTIONS':
        this.respond(request, 200, 'OK', { allow: allowed, accept: 'application/sdp' });
        return;
      default:
        this.respond(request, 405, 'Method Not Allowed', { allow: allowed });
    }
  }

  private flooding(address: string): boolean {
    const now = Date.now();
    const recent = (this.invites.get(address) ?? []).filter((at) => now - at < inviteWindowMs);
    recent.push(now);
    this.invites.set(address, recent);
    if (this.invites.size > 10_000) this.invites.clear();
    return recent.length > invitesPerWindow;
  }

  private async invite(request: SipRequest, remote: Remote): Promise<void> {
    const { db, logger, config } = this.deps;
    const callId = String(request.headers['call-id']);
    if (this.flooding(remote.address)) {
      this.respond(request, 503, 'Service Unavailable', { 'retry-after': String(inviteWindowMs / 1000) });
      return;
    }
    this.respond(request, 100, 'Trying');
    const admission = await admitInvite(db, request, remote.address);
    const source = peerOf(remote);
    if (!admission.ok) {
      logger.info(
        { callId, source, status: admission.status, reason: admission.reason },
        'a SIP call was refused',
      );
      if (admission.accountId !== null) {
        this.captures.assign(callId, admission.accountId);
        this.captures.release(callId);
        await insertSipCall(db, {
          sipCallId: callId,
          accountId: admission.accountId,
          fromNumber: admission.from,
          toUri: admission.toUri,
          source,
          status: 'refused',
          endReason: `${admission.status} ${admission.reason}`,
          endedAt: new Date(),
        });
      }
      this.respond(request, admission.status, admission.status === 403 ? 'Forbidden' : 'Not Found', {
        warning: `399 switchboard "${admission.reason.replace(/"/g, "'")}"`,
      });
      return;
    }
    this.captures.assign(callId, admission.agent.id);
    const offer = parseAudioOffer(request.content ?? '');
    const codec = offer.ok ? chooseCodec(offer.offer) : null;
    if (!offer.ok || codec === null) {
      const reason = offer.ok ? 'the offer has neither PCMU nor PCMA' : offer.reason;
      this.captures.release(callId);
      await insertSipCall(db, {
        sipCallId: callId,
        accountId: admission.agent.id,
        fromNumber: admission.from,
        toUri: admission.toUri,
        source,
        status: 'refused',
        endReason: `488 ${reason}`,
        endedAt: new Date(),
      });
      this.respond(request, 488, 'Not Acceptable Here', { warning: `304 switchboard "${reason}"` });
      return;
    }
    const stack = this.stack;
    if (!stack) return;
    const recordId = await insertSipCall(db, {
      sipCallId: callId,
      accountId: admission.agent.id,
      fromNumber: admission.from,
      toUri: admission.toUri,
      source,
      status: 'ringing',
    });
    const dialog = new SipDialog(
      {
        db,
        runtime: this.deps.runtime,
        logger,
        pacer: this.pacer,
        stack,
        publicHost: config.publicHost,
        port: this.port,
        rtpHost: config.host,
        rtpPorts: config.rtpPorts,
        rtpTimeoutMs: config.rtpTimeoutMs,
        sessionMinSeconds: config.sessionMinSeconds,
      },
      {
        invite: request,
        remote,
        offer: offer.offer,
        codec,
        agent: admission.agent,
        from: admission.from,
        toUri: admission.toUri,
        recordId,
        transferHost: await findOutboundSipTarget(db, admission.agent.id).then((target) =>
          target ? transferHostOf(target) : null,
        ),
      },
      (ended) => {
        this.dialogs.delete(ended.callId);
        this.captures.release(ended.callId);
      },
    );
    this.dialogs.set(callId, dialog);
    logger.info({ callId, source, agent: admission.agent.id, codec }, 'a SIP call is ringing');
    await dialog.ring(this.deps.ringMs ?? 300).catch((error: unknown) => {
      logger.error({ err: error, callId }, 'a SIP call could not be answered');
      dialog.hangUp('error');
    });
  }
}
