import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/error-handler';
import { isTwilioSignatureValid } from '../../providers/telephony/twilio-signature';
import { FramePacer } from '../../runtime/channels/frame-pacer';
import { TwilioMediaStream } from '../../runtime/channels/twilio-media-stream';
import type { Feature } from '../feature';
import { receiveCarrierText } from './carrier-texts.service';
import { recordTextStatus } from './text-delivery.service';
import { answerCall, recordCallStatus, resolveStream } from './voice-calls.service';

type Form = Record<string, string | undefined>;

/** A form body as Twilio posts it; a repeated field keeps its first value (none of ours repeat). */
function parseForm(text: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(text)) form[name] ??= value;
  return form;
}

/**
 * Twilio's side of telephony (registered when TELEPHONY_PROVIDER=twilio): the voice, status and messaging
 * webhooks, each refused with 403 unless X-Twilio-Signature is Twilio's signature of the request, and the media
 * stream socket a call is connected to, bound to a TwilioMediaStream channel.
 */
export const twilioFeature: Feature = {
  name: 'twilio',
  async registerRoutes(services) {
    const { app, config, db, telephony, runtime, background, logger } = services;
    const carrier = config.telephony;
    if (carrier.provider !== 'twilio') return;
    const calls = { db, telephony, publicUrl: config.publicUrl };

    await app.register((scope: FastifyInstance, _options, done) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, parseForm(typeof body === 'string' ? body : body.toString())),
      );
      scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method !== 'POST') return;
        const signed = isTwilioSignatureValid({
          authToken: carrier.authToken,
          publicUrl: `${config.publicUrl}${request.url}`,
          params: (request.body ?? {}) as Form,
          signature: request.headers['x-twilio-signature'],
        });
        if (!signed) {
          logger.warn({ url: request.url }, 'a carrier webhook without a valid signature was refused');
          await reply
            .code(403)
            .send(
              errorBody(
                'FORBIDDEN',
                'X-Twilio-Signature is missing or is not Twilio’s signature of this request',
              ),
            );
        }
      });
      const form = (request: FastifyRequest): Form => (request.body ?? {}) as Form;
      const twiml = (reply: FastifyReply, document: string) => reply.type('text/xml').send(document);

      scope.post('/api/twilio/voice', async (request, reply) =>
        twiml(reply, await answerCall(calls, 'twilio', form(request))),
      );
      scope.post('/api/twilio/status', async (request, reply) => {
        await recordCallStatus(calls, 'twilio', form(request));
        return reply.code(204).send();
      });
      scope.post('/api/twilio/sms-status', async (request, reply) => {
        await recordTextStatus(db, 'twilio', form(request));
        return reply.code(204).send();
      });
      scope.post('/api/twilio/sms', async (request, reply) =>
        twiml(reply, await receiveCarrierText({ db, runtime, background, logger }, 'twilio', form(request))),
      );
      // Every call's outbound audio at real time, on one timer.
      const pacer = new FramePacer();
      scope.get('/api/twilio/stream', { websocket: true }, (socket) => {
        const stream = new TwilioMediaStream({
          runtime,
          logger,
          pacer,
          resolve: (start) => resolveStream(calls, start),
          link: {
            send: (message) => {
              if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
            },
            sendText: (json) => {
              if (socket.readyState === socket.OPEN) socket.send(json);
            },
            close: () => socket.close(1000),
          },
        });
        socket.on('message', (data, isBinary) => {
          if (isBinary) return;
          stream.receive(
            Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'),
          );
        });
        socket.on('close', () => stream.disconnected());
      });
      done();
    });
  },
};
