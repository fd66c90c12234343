import type { FastifyRequest } from 'fastify';
import {
  agentSessionInputSampleRate,
  agentSessionPath,
  clientSessionMessageSchema,
  runtimeEndpoints,
  type ServerSessionMessage,
} from '@switchboard/contract';
import { readCredentials, type Actor } from '../../http/authenticator';
import { exceedsJsonDepth, tooDeepMessage } from '../../http/json-depth';
import { nulCharacterIssues } from '../../http/validation';
import { AppError } from '../../platform/app-error';
import type { AgentSession } from '../../runtime/agent-runtime';
import { bytesToPcm16, pcm16ToBuffer } from '../../runtime/audio/pcm';
import { VoicePipeline } from '../../runtime/voice-pipeline';
import type { Feature } from '../feature';

declare module 'fastify' {
  interface FastifyRequest {
    sessionActor?: Actor;
  }
}

/** The agent speaks at this rate to the browser (the sandbox voices' own rate, so no resampling). */
const outputSampleRate = 16_000;
/** A socket that does not say `start` in time is closed. */
const startTimeoutMs = 15_000;
/** No caller activity for this long ends the session. */
const idleTimeoutMs = 10 * 60_000;

/**
 * The agent runtime's HTTP side: runPrompt, the runtime status, and the agent session WebSocket that carries
 * chat and browser voice (see packages/contract/src/agent-session.ts).
 */
export const runtimeFeature: Feature = {
  name: 'runtime',
  registerRoutes({ app, implement, runtime, authenticator, logger }) {
    let voiceStatus: { available: boolean; reason: string | null } | null = null;
    const voiceAvailability = async () => {
      if (voiceStatus) return voiceStatus;
      const speech = runtime.speech;
      if (!speech) return { available: false, reason: 'Voice is not set up on this server.' };
      const reason = (await speech.stt.unavailableReason()) ?? (await speech.tts.unavailableReason());
      voiceStatus = { available: reason === null, reason };
      return voiceStatus;
    };
    const modelView = () => ({
      name: runtime.model.name,
      label: runtime.model.label,
      sandbox: runtime.model.sandbox,
    });

    implement(runtimeEndpoints)({
      runPrompt: async ({ body }) => ({
        success: true,
        reply: await runtime.runPrompt(body.targetAgent, body.promptText),
      }),
      runtimeStatus: async () => ({ success: true, model: modelView(), voice: await voiceAvailability() }),
    });

    const sockets = new Set<{ close(code?: number, reason?: string): void }>();
    app.addHook('onClose', () => {
      for (const socket of sockets) socket.close(1001, 'Server shutting down');
    });

    const authorize = async (request: FastifyRequest) => {
      const credentials = readCredentials(request);
      if (!credentials.token && !credentials.adminToken) {
        throw new AppError('UNAUTHENTICATED', 'No auth token provided');
      }
      const actor = await authenticator.authenticate(credentials, request);
      if (!actor) throw new AppError('UNAUTHENTICATED', 'The session token is invalid or expired');
      request.sessionActor = actor;
    };

    app.get(agentSessionPath, { websocket: true, preValidation: authorize }, (socket, request) => {
      const actor = request.sessionActor;
      if (!actor) {
        socket.close(4401, 'Not signed in');
        return;
      }
      sockets.add(socket);
      const send = (message: ServerSessionMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      let session: AgentSession | null = null;
      let voice: VoicePipeline | null = null;
      let mode: 'chat' | 'voice' = 'chat';
      let starting = false;
      let closed = false;
      let voiceStartedAt: number | null = null;

      const startTimer = setTimeout(() => socket.close(4408, 'No start message'), startTimeoutMs);
      let idleTimer = setTimeout(() => session?.conversation.hangUp('timeout'), idleTimeoutMs);
      const touch = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => session?.conversation.hangUp('timeout'), idleTimeoutMs);
      };

      const stopVoiceClock = () => {
        if (voiceStartedAt !== null && session) {
          session.usage.voice = (session.usage.voice ?? 0) + (performance.now() - voiceStartedAt) / 1000;
        }
        voiceStartedAt = null;
      };

      const finish = async () => {
        clearTimeout(startTimer);
        clearTimeout(idleTimer);
        voice?.close();
        stopVoiceClock();
        await session?.finalize();
      };

      const startVoice = async (current: AgentSession) => {
        const status = await voiceAvailability();
        if (!status.available || !runtime.speech) {
          send({ type: 'error', message: status.reason ?? 'Voice is not available here; chat still works.' });
          return false;
        }
        voice = new VoicePipeline({
          session: current,
          speech: runtime.speech,
          outputSampleRate,
          logger,
          output: {
            audio: (pcm) => {
              if (socket.readyState === socket.OPEN) socket.send(pcm16ToBuffer(pcm));
            },
            audioStart: (turnId) => send({ type: 'audio-start', turnId }),
            audioEnd: (turnId) => send({ type: 'audio-end', turnId }),
            bargeIn: () => send({ type: 'barge-in' }),
            userText: (text, final) => send({ type: 'user-text', text, final }),
          },
        });
        await voice.start();
        voiceStartedAt = performance.now();
        return true;
      };

      socket.on('message', (data, isBinary) => {
        touch();
        if (isBinary) {
          if (mode === 'voice' && voice && Buffer.isBuffer(data)) voice.pushAudio(bytesToPcm16(data));
          return;
        }
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.from(data as ArrayBuffer).toString('utf8');
        if (exceedsJsonDepth(text)) {
          send({ type: 'error', message: tooDeepMessage('The message') });
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          send({ type: 'error', message: 'Messages must be JSON.' });
          return;
        }
        const [nul] = nulCharacterIssues(parsed, 'message', 1);
        if (nul) {
          send({ type: 'error', message: `${nul.field}: ${nul.message}` });
          return;
        }
        const result = clientSessionMessageSchema.safeParse(parsed);
        if (!result.success) {
          const issue = result.error.issues[0];
          send({
            type: 'error',
            message: `${issue && issue.path.length > 0 ? issue.path.join('.') : 'message'}: ${issue?.message ?? 'is invalid'}`,
          });
          return;
        }
        const message = result.data;
        void (async () => {
          try {
            if (message.type === 'start') {
              if (session || starting) {
                send({ type: 'error', message: 'The session has already started.' });
                return;
              }
              starting = true;
              clearTimeout(startTimer);
              if (!(await authenticator.canActFor(actor, message.agentAccountId))) {
                send({
                  type: 'error',
                  message: `You cannot talk to agent ${message.agentAccountId} from this account.`,
                });
                socket.close(4403, 'Forbidden');
                return;
              }
              mode = message.mode;
              const contact = {
                name: message.contact?.name ?? null,
                phoneNumber: message.contact?.phoneNumber ?? null,
                email: message.contact?.email ?? null,
              };
              const opened = await runtime.openSession({
                agentAccountId: message.agentAccountId,
                channel: mode,
                slot: message.config,
                contact,
                contactAddress: contact.phoneNumber ?? contact.email ?? `web-user:${actor.userId}`,
                isTest: message.config === 'staging',
                events: {
                  state: (state) => send({ type: 'state', state }),
                  delta: (turnId, delta) => {
                    send({ type: 'agent-delta', turnId, delta });
                    if (mode === 'voice') voice?.onDelta(turnId, delta);
                  },
                  reply: (turnId, text) => {
                    send({ type: 'agent-text', turnId, text });
                    if (mode === 'voice' && voice) voice.onReply(turnId);
                    // Text is delivered the moment it is sent.
                    else queueMicrotask(() => opened.conversation.delivered(turnId));
                  },
                  tool: (call, outcome) =>
                    send({
                      type: 'tool',
                      name: call.name,
                      arguments: call.arguments,
                      ok: outcome.ok,
                      summary: outcome.message,
                    }),
                  ended: (reason, transfer) => {
                    send({ type: 'ended', reason, transfer });
                    void finish().then(() => socket.close(1000, 'Conversation ended'));
                  },
                },
              });
              session = opened;
              const status = await voiceAvailability();
              send({
                type: 'ready',
                sessionId: opened.id,
                roomId: opened.roomId,
                conversationUuid: opened.conversationUuid,
                agentName: opened.agentName,
                model: { name: opened.model.name, label: opened.model.label, sandbox: opened.model.sandbox },
                voice: status,
                inputSampleRate: agentSessionInputSampleRate,
                outputSampleRate,
              });
              if (mode === 'voice' && !(await startVoice(opened))) mode = 'chat';
              opened.switchChannel(mode);
              await opened.conversation.greet(opened.config.welcomeMessage);
              return;
            }
            if (!session) {
              send({ type: 'error', message: 'Send start first.' });
              return;
            }
            switch (message.type) {
              case 'text':
                await session.conversation.userSaid(message.text);
                break;
              case 'mode':
                if (message.mode === 'voice' && mode !== 'voice') {
                  if (await startVoice(session)) mode = 'voice';
                } else if (message.mode === 'chat' && mode === 'voice') {
                  voice?.close();
                  voice = null;
                  stopVoiceClock();
                  mode = 'chat';
                }
                session.switchChannel(mode);
                break;
              case 'played':
                voice?.played(message.turnId);
                break;
              case 'end':
                session.conversation.hangUp('caller');
                break;
            }
          } catch (error) {
            logger.error({ err: error }, 'agent session message failed');
            send({
              type: 'error',
              message: error instanceof AppError ? error.message : 'Something went wrong on our side.',
            });
            if (!session) socket.close(1011, 'Could not start');
          }
        })();
      });

      socket.on('close', () => {
        sockets.delete(socket);
        if (closed) return;
        closed = true;
        if (session && !session.conversation.ended) session.conversation.hangUp('caller');
        void finish();
      });
    });
  },
};
