import { sandboxPhoneEventsPath, sandboxPhoneStreamPath } from '@switchboard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCredentials, type Authenticator } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { SandboxTelephony } from '../../providers/telephony/sandbox';
import { CalleeLine, interceptTones } from '../../providers/telephony/sandbox-callee-line';
import { pcm16k } from '../../runtime/channels/line-codec';
import { updateCall } from './calls.repo';
import { joinAgentLeg, type SandboxCallDeps } from './sandbox-phone-calls';
import type { SoftphoneCalls } from './sandbox-phone.service';
import type { SoftphoneRinger } from './softphone-ringer';
import { recordCallStatus } from './voice-calls.service';

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
  },
): void {
  const { db, logger, calls, ringer } = deps;
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
    const connectedAt = Date.now();
    let endedBy: 'caller' | 'agent' | 'transfer' = 'caller';
    const hangUp = (by: typeof endedBy, extra: Record<string, unknown> = {}) => {
      endedBy = by;
      send({ event: 'ended', reason: by, ...extra });
      socket.close(1000);
    };
    const disconnect = network.connect(callId, {
      hangUp: () => hangUp('agent'),
      transfer: (to) => hangUp('transfer', { to }),
    });
    const forget = calls.connected(callId, actor.userId, () => hangUp('caller'));
    const stream = joinAgentLeg(deps, {
      callId,
      token: call.token,
      codec: pcm16k,
      link: { send, close: () => socket.close(1000) },
      onSaid: (role, text) => send({ event: 'transcript', role, text }),
      onFinished: (conversationUuid) => {
        disconnect();
        forget();
        const seconds = Math.round((Date.now() - connectedAt) / 1000);
        void (async () => {
          await recordCallStatus(deps, 'sandbox', {
            CallSid: callId,
            CallStatus: 'completed',
            CallDuration: String(seconds),
          });
          if (conversationUuid) await updateCall(db, callId, { conversationUuid });
        })()
          .catch((error: unknown) => logger.error({ err: error, callId }, 'a sandbox call was not recorded'))
          .finally(() => {
            send({ event: 'ended', reason: endedBy, duration: seconds });
            socket.close(1000);
          });
      },
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = textOf(data);
      let event: unknown;
      try {
        event = (JSON.parse(text) as { event?: unknown }).event;
      } catch {
        return;
      }
      if (typeof event === 'string' && fromSoftphone.has(event)) stream.receive(text);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      stream.disconnected();
    });
    send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    send({ event: 'status', callId, status: 'in-progress', from: call.from, to: call.to });
  });
}
