import { sandboxPhoneEventsPath, sandboxPhoneStreamPath } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCredentials, type Authenticator } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { SandboxTelephony } from '../../providers/telephony/sandbox';
import { CalleeLine, interceptTones } from '../../providers/telephony/sandbox-callee-line';
import { pcm16k } from '../../runtime/channels/line-codec';
import type { TwilioMediaStream } from '../../runtime/channels/twilio-media-stream';
import { sandboxCallId } from '../../providers/telephony/sandbox-network';
import { updateCall } from './calls.repo';
import { joinAgentLeg, type SandboxCallDeps } from './sandbox-phone-calls';
import type { SoftphoneCalls } from './sandbox-phone.service';
import type { SoftphoneTransfers } from './sandbox-phone-transfers';
import type { SoftphoneRinger } from './softphone-ringer';
import { callerNameOf } from './softphones.repo';
import { admitCall, recordCallStatus } from './voice-calls.service';

/** What the softphone may send on a call's stream: the Media Streams messages a caller's side produces. */
const fromSoftphone = new Set(['media', 'dtmf', 'mark', 'stop']);

interface Socket {
  readonly OPEN: number;
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): void;
  on(event: 'close', listener: () => void): void;
}

const textOf = (data: unknown) =>
  Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString();

/**
 * The network's intercept on a softphone's call: the three special information tones, then the sentence through
 * the sandbox voice, as 16 kHz PCM frames at real time with the sentence in the transcript; then the call ends.
 */
function playAnnouncement(
  deps: SandboxCallDeps,
  socket: Socket,
  send: (message: Record<string, unknown>) => void,
  announcement: string,
): void {
  const line = new CalleeLine({
    tts: deps.runtime.speech?.tts ?? null,
    codec: pcm16k,
    send: (message) => send({ ...message, streamSid: 'SBMZintercept' }),
    hangUp: () => undefined,
    onError: (error) => deps.logger.warn({ err: error }, 'the sandbox intercept could not be spoken'),
  });
  socket.on('close', () => line.stop());
  send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  send({ event: 'status', status: 'in-progress' });
  line.start();
  void line
    .sound(interceptTones())
    .then(() => {
      send({ event: 'transcript', role: 'network', text: announcement });
      return line.say(announcement);
    })
    .finally(() => {
      line.stop();
      send({ event: 'ended', reason: 'not-in-service', duration: null });
      socket.close(1000);
    });
}

/**
 * The softphone page's sockets: each call's audio (Media Streams messages with 16 kHz PCM, bound to the agent's
 * TwilioMediaStream leg) and the page's incoming calls (the ringer's events). Both authenticate with the session
 * token in `?token=`.
 */
export function registerSoftphoneSockets(
  app: FastifyInstance,
  deps: SandboxCallDeps & {
    authenticator: Authenticator;
    carrier: SandboxTelephony;
    calls: SoftphoneCalls;
    ringer: SoftphoneRinger;
    transfers: SoftphoneTransfers;
  },
): void {
  const { db, logger, calls, ringer, transfers } = deps;
  const network = deps.carrier.network;
  const authorize = async (request: FastifyRequest) => {
    const actor = await deps.authenticator.authenticate(readCredentials(request), request);
    if (!actor) throw new AppError('UNAUTHENTICATED', 'The session token is invalid or expired');
    request.sessionActor = actor;
  };
  const sockets = new Set<Socket>();
  app.addHook('onClose', () => {
    for (const socket of sockets) socket.close(1001, 'Server shutting down');
  });

  app.get(sandboxPhoneEventsPath, { websocket: true, preValidation: authorize }, (socket, request) => {
    const actor = request.sessionActor;
    if (!actor) {
      socket.close(4401, 'Sign in to use the softphone');
      return;
    }
    sockets.add(socket);
    const close = ringer.open(actor.userId, (event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    socket.on('close', () => {
      sockets.delete(socket);
      close();
    });
    socket.send(JSON.stringify({ event: 'ready' }));
  });

  /** The destination's page opened the leg it answered: bridged to the caller once the agent lets go. */
  const joinTransfer = (
    socket: Socket,
    send: (message: Record<string, unknown>) => void,
    legId: string,
    userId: number,
  ) => {
    sockets.add(socket);
    const end = (reason: string, duration: number) => {
      send({ event: 'ended', reason, duration });
      socket.close(1000);
    };
    send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    const forget = calls.connected(legId, userId, () => transfers.pass(legId, { event: 'stop' }));
    socket.on('close', () => {
      sockets.delete(socket);
      forget();
      transfers.hangUp(legId);
    });
    send({ event: 'status', callId: legId, status: 'in-progress' });
    if (!transfers.joinTarget(legId, { send, end })) {
      end('caller', 0);
      return;
    }
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      try {
        const frame = JSON.parse(textOf(data)) as { event?: unknown };
        if (typeof frame.event === 'string' && fromSoftphone.has(frame.event)) transfers.pass(legId, frame);
      } catch {
        // Not JSON: nothing a softphone sends.
      }
    });
  };

  app.get(sandboxPhoneStreamPath, { websocket: true, preValidation: authorize }, (socket, request) => {
    const callId = (request.params as { callId?: string }).callId ?? '';
    const actor = request.sessionActor;
    const call = actor ? calls.take(actor.userId, callId) : null;
    if (!actor || !call) {
      socket.close(4404, 'No such call is waiting on your softphone');
      return;
    }
    sockets.add(socket);
    const send = (message: Record<string, unknown>) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    if (call.announcement !== undefined) {
      socket.on('close', () => sockets.delete(socket));
      playAnnouncement(deps, socket, send, call.announcement);
      return;
    }
    if (call.transferOf !== undefined) {
      joinTransfer(socket, send, callId, actor.userId);
      return;
    }
    let endedBy: 'caller' | 'agent' | 'transfer' = 'caller';
    /** Put through to a transfer's destination softphone: the socket stays, bridged, after the agent's leg ends. */
    let bridged = false;
    /**
     * Handed to another agent: the destination is a number an agent holds, so the network admits the caller there
     * as a new inbound call on this same socket once the first agent's leg has ended (null: it is no agent's).
     */
    let handoff: Promise<{ callId: string; token: string } | null> | null = null;
    /** Where the agent transferred the call, shown when the call ends there. */
    let transferredTo: string | null = null;
    const hangUp = (by: typeof endedBy, extra: Record<string, unknown> = {}) => {
      endedBy = by;
      send({ event: 'ended', reason: by, ...extra });
      socket.close(1000);
    };
    const logFailure = (error: unknown) =>
      logger.error({ err: error, callId }, 'a sandbox call was not recorded');
    /** The carrier's record of leg `legId` ending after `seconds`, with the conversation it carried. */
    const recordEnd = async (legId: string, seconds: number, conversationUuid: string | null = null) => {
      await recordCallStatus(deps, 'sandbox', {
        CallSid: legId,
        CallStatus: 'completed',
        CallDuration: String(seconds),
      });
      if (conversationUuid) await updateCall(db, legId, { conversationUuid });
    };
    const admitAt = async (to: string) => {
      const legId = sandboxCallId();
      const admission = await admitCall(deps, 'sandbox', {
        CallSid: legId,
        From: call.from,
        To: to,
        Direction: 'inbound',
        CallerName: (await callerNameOf(db, actor.userId)) ?? undefined,
      });
      return admission.kind === 'connect' ? { callId: legId, token: admission.token } : null;
    };

    let stream: TwilioMediaStream;
    let disconnectLeg: () => void = () => undefined;
    /** The agent's leg `legId` on this socket: the first is the dialed call, later ones are transfers' handoffs. */
    const startLeg = (legId: string, token: string) => {
      const legStartedAt = Date.now();
      handoff = null;
      disconnectLeg = network.connect(legId, {
        hangUp: () => hangUp('agent'),
        transfer: (to) => {
          bridged = transfers.connectCaller(callId, to, {
            send,
            end: (reason) => {
              const seconds = Math.round((Date.now() - legStartedAt) / 1000);
              void recordEnd(legId, seconds)
                .catch(logFailure)
                .finally(() => {
                  send({ event: 'ended', reason, duration: seconds });
                  socket.close(1000);
                });
            },
          });
          endedBy = 'transfer';
          transferredTo = to;
          if (!bridged) handoff = admitAt(to);
        },
      });
      stream = joinAgentLeg(deps, {
        callId: legId,
        token,
        codec: pcm16k,
        link: { send, close: () => socket.close(1000) },
        onSaid: (role, text) => send({ event: 'transcript', role, text }),
        ringTransfer: async (to, callerNumber) => {
          send({ event: 'status', status: 'transferring', to });
          const rung = await transfers.ring(callId, to, callerNumber);
          if (rung !== 'answered') send({ event: 'status', status: 'in-progress', transfer: rung });
          return rung;
        },
        onFinished: (conversationUuid) => {
          disconnectLeg();
          const seconds = Math.round((Date.now() - legStartedAt) / 1000);
          if (bridged) {
            // The caller talks with the transfer's destination now: the call ends when the bridge does.
            if (conversationUuid) void updateCall(db, legId, { conversationUuid }).catch(logFailure);
            return;
          }
          const end = () => {
            forget();
            const to = endedBy === 'transfer' && transferredTo ? { to: transferredTo } : {};
            send({ event: 'ended', reason: endedBy, duration: seconds, ...to });
            socket.close(1000);
          };
          void (async () => {
            await recordEnd(legId, seconds, conversationUuid);
            const next = endedBy === 'transfer' && handoff ? await handoff : null;
            if (next && socket.readyState !== socket.OPEN) {
              // The caller hung up while the other agent's line was being admitted: that call never started.
              await recordEnd(next.callId, 0);
            }
            if (!next || socket.readyState !== socket.OPEN) {
              end();
              return;
            }
            // The destination is another agent's number: that agent takes the caller on, on this same call.
            const to = transferredTo ?? '';
            endedBy = 'caller';
            transferredTo = null;
            send({ event: 'status', status: 'transferred', to });
            send({
              event: 'transcript',
              role: 'network',
              text: `Connected to ${formatPhoneForDisplay(to)}.`,
            });
            startLeg(next.callId, next.token);
          })().catch((error: unknown) => {
            logFailure(error);
            end();
          });
        },
      });
    };
    const forget = calls.connected(callId, actor.userId, () => {
      if (bridged) transfers.pass(callId, { event: 'stop' });
      else hangUp('caller');
    });
    startLeg(callId, call.token);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = textOf(data);
      let frame: { event?: unknown };
      try {
        frame = JSON.parse(text) as { event?: unknown };
      } catch {
        return;
      }
      const event = frame.event;
      if (typeof event !== 'string' || !fromSoftphone.has(event)) return;
      if (bridged) transfers.pass(callId, frame);
      // On hold while a transfer rings: the agent hears nothing.
      else if (event !== 'media' || !transfers.ringing(callId)) stream.receive(text);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      transfers.hangUp(callId);
      forget();
      stream.disconnected();
    });
    send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    send({ event: 'status', callId, status: 'in-progress', from: call.from, to: call.to });
  });
}
