import type { FastifyRequest } from 'fastify';
import { agentSessionPath, runtimeEndpoints } from '@switchboard/contract';
import { readCredentials, type Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { BrowserSession } from '../../runtime/channels/browser-session';
import { voiceAvailability } from '../../runtime/channels/voice-availability';
import type { Feature } from '../feature';

declare module 'fastify' {
  interface FastifyRequest {
    sessionActor?: Actor;
  }
}

/**
 * The agent runtime's HTTP side: runPrompt, the runtime status, and the agent session WebSocket that carries
 * chat and browser voice (see packages/contract/src/agent-session.ts), bound to a BrowserSession channel.
 */
export const runtimeFeature: Feature = {
  name: 'runtime',
  registerRoutes({ app, implement, runtime, authenticator, logger }) {
    implement(runtimeEndpoints)({
      runPrompt: async ({ body }) => ({
        success: true,
        reply: await runtime.runPrompt(body.targetAgent, body.promptText),
      }),
      runtimeStatus: async () => ({
        success: true,
        model: { name: runtime.model.name, label: runtime.model.label, sandbox: runtime.model.sandbox },
        voice: await voiceAvailability(runtime),
      }),
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
      const channel = new BrowserSession({
        runtime,
        logger,
        mayTalkTo: (agentAccountId) => authenticator.canActFor(actor, agentAccountId),
        fallbackAddress: `web-user:${actor.userId}`,
        link: {
          send: (message) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          },
          sendAudio: (frame) => {
            if (socket.readyState === socket.OPEN) socket.send(frame);
          },
          close: (code, reason) => socket.close(code, reason),
        },
      });
      socket.on('message', (data, isBinary) => {
        const bytes = Buffer.isBuffer(data)
          ? data
          : Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.from(data);
        channel.receive(bytes, isBinary);
      });
      socket.on('close', () => {
        sockets.delete(socket);
        channel.disconnected();
      });
    });
  },
};
