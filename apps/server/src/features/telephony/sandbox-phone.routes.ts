import { randomBytes } from 'node:crypto';
import { sandboxPhoneEndpoints, sandboxPhoneStreamPath } from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import { readCredentials, type Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { FramePacer } from '../../runtime/channels/frame-pacer';
import { pcm16k } from '../../runtime/channels/line-codec';
import { TwilioMediaStream } from '../../runtime/channels/twilio-media-stream';
import type { Feature } from '../feature';
import { updateCall } from './calls.repo';
import {
  chooseSoftphoneNumber,
  dialFromSoftphone,
  hangUpSoftphoneCall,
  softphoneNumber,
  SoftphoneCalls,
} from './sandbox-phone.service';
import { sendSoftphoneText, softphoneTexts } from './softphone-texts.service';
import { recordCallStatus, resolveStream } from './voice-calls.service';

/** What the softphone may send on a call's stream: the Media Streams messages a caller's side produces. */
const fromSoftphone = new Set(['media', 'dtmf', 'mark', 'stop']);

const signedIn = (actor: Actor | null) => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to use the softphone');
  return actor;
};

/**
 * The sandbox phone network's softphone: the person's caller number, dialing, hanging up, and each call's audio
 * on a WebSocket in the Media Streams message format with 16 kHz PCM, bound to the same TwilioMediaStream
 * channel a carrier's call uses. The endpoints answer 404 unless telephony is the sandbox network.
 */
export const sandboxPhoneFeature: Feature = {
  name: 'sandbox-phone',
  registerRoutes({ app, implement, db, telephony, runtime, background, authenticator, logger, config }) {
    const deps = { db, telephony, publicUrl: config.publicUrl };
    const textDeps = { ...deps, runtime, background, logger };
    const calls = new SoftphoneCalls();
    implement(sandboxPhoneEndpoints)({
      softphone: async ({ ctx }) => ({
        success: true,
        phoneNumber: await softphoneNumber(deps, signedIn(ctx.actor).userId),
        sandbox: true,
      }),
      chooseSoftphoneNumber: async ({ body, ctx }) => ({
        success: true,
        phoneNumber: await chooseSoftphoneNumber(deps, signedIn(ctx.actor).userId, body.phoneNumber),
        sandbox: true,
      }),
      dialSandboxCall: async ({ body, ctx }) => ({
        success: true,
        ...(await dialFromSoftphone(deps, calls, signedIn(ctx.actor).userId, body.to)),
      }),
      hangUpSandboxCall: async ({ params, ctx }) => ({
        success: true,
        status: await hangUpSoftphoneCall(deps, calls, signedIn(ctx.actor).userId, params.callId),
      }),
      softphoneTexts: async ({ ctx }) => ({
        success: true,
        ...(await softphoneTexts(textDeps, signedIn(ctx.actor).userId)),
      }),
      sendSoftphoneText: async ({ body, ctx }) => ({
        success: true,
        text: await sendSoftphoneText(textDeps, signedIn(ctx.actor).userId, body.to, body.text),
      }),
    });
    if (!(telephony instanceof SandboxTelephony)) return;
    const network = telephony.network;

    const authorize = async (request: FastifyRequest) => {
      const actor = await authenticator.authenticate(readCredentials(request), request);
      if (!actor) throw new AppError('UNAUTHENTICATED', 'The session token is invalid or expired');
      request.sessionActor = actor;
    };
    const pacer = new FramePacer();
    const sockets = new Set<{ close(code?: number, reason?: string): void }>();
    app.addHook('onClose', () => {
      for (const socket of sockets) socket.close(1001, 'Server shutting down');
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
      const stream = new TwilioMediaStream({
        runtime,
        logger,
        pacer,
        codec: pcm16k,
        resolve: (start) => resolveStream(deps, start),
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
            .catch((error: unknown) =>
              logger.error({ err: error, callId }, 'a sandbox call was not recorded'),
            )
            .finally(() => {
              send({ event: 'ended', reason: endedBy, duration: seconds });
              socket.close(1000);
            });
        },
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.from(data as ArrayBuffer).toString();
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
      const streamSid = `SBMZ${randomBytes(16).toString('hex')}`;
      send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
      send({ event: 'status', callId, status: 'in-progress', from: call.from, to: call.to });
      stream.receive(
        JSON.stringify({
          event: 'start',
          streamSid,
          start: {
            streamSid,
            callSid: callId,
            tracks: ['inbound', 'outbound'],
            customParameters: { callToken: call.token },
            mediaFormat: pcm16k.mediaFormat,
          },
        }),
      );
    });
  },
};
