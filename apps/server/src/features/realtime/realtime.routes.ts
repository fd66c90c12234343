import type { FastifyRequest } from 'fastify';
import { maxDatabaseInteger, realtimePath, type RealtimeEvent } from '@switchboard/contract';
import { readCredentials } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { findAccount } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { RealtimeHub, type RealtimeViewer } from './realtime-hub';
import { listenRealtime } from './realtime.repo';

const heartbeatMs = 30_000;
// A viewer that cannot keep up (its unsent data grows past this) is dropped; it reconnects and refetches.
const maxBufferedBytes = 4 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    realtimeScope?: { accountId: number; organizationId: number | null };
  }
}

/** Hubs by app, so tests (and the benchmark) can wait for deliveries to settle. */
export const realtimeHubs = new WeakMap<object, RealtimeHub>();

/**
 * Live updates over a WebSocket at /api/realtime: new messages, room changes, unread counts, notifications and
 * other areas' events, for the account the viewer acts for (and its agent accounts for an organization).
 */
export const realtimeFeature: Feature = {
  name: 'realtime',
  async registerRoutes({ app, db, authenticator, logger }) {
    const hub = new RealtimeHub(db, logger);
    realtimeHubs.set(app, hub);
    const listener = await listenRealtime(db, (payload) => hub.enqueue(payload), {
      onError: (error) => logger.warn({ err: error }, 'the live-update listener lost its connection'),
      // Whatever happened while the listener was away is unknown: every viewer refetches.
      onReconnect: () => hub.broadcastToAll((viewer) => ({ type: 'ready', accountId: viewer.accountId })),
    });
    const sockets = new Set<{ close(code?: number, reason?: string): void }>();
    app.addHook('onClose', async () => {
      for (const socket of sockets) socket.close(1001, 'Server shutting down');
      await listener.close();
    });

    const authorize = async (request: FastifyRequest) => {
      const credentials = readCredentials(request);
      if (!credentials.token && !credentials.adminToken) {
        throw new AppError('UNAUTHENTICATED', 'No auth token provided');
      }
      const actor = await authenticator.authenticate(credentials, request);
      if (!actor) throw new AppError('UNAUTHENTICATED', 'The session token is invalid or expired');
      const target = (request.query as Record<string, unknown> | undefined)?.targetAccountId;
      let accountId = actor.accountId;
      if (target !== undefined && target !== '') {
        if (typeof target !== 'string' || !/^\d{1,10}$/.test(target) || Number(target) > maxDatabaseInteger) {
          throw new AppError('VALIDATION_FAILED', 'query.targetAccountId: must be an account id');
        }
        accountId = Number(target);
        if (!(await authenticator.canActFor(actor, accountId))) {
          throw new AppError('FORBIDDEN', `You cannot act for account ${accountId}`);
        }
      }
      const account = await findAccount(db, accountId);
      if (!account || account.deletedAt)
        throw new AppError('NOT_FOUND', 'This session has no account to act for');
      request.realtimeScope = {
        accountId: account.id,
        organizationId: account.accountType === 'organization' ? account.id : null,
      };
    };

    app.get(realtimePath, { websocket: true, preValidation: authorize }, (socket, request) => {
      const scope = request.realtimeScope;
      if (!scope) {
        socket.close(4401, 'Not signed in');
        return;
      }
      sockets.add(socket);
      let alive = true;
      const viewer: RealtimeViewer = {
        ...scope,
        send: (text) => {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > maxBufferedBytes) {
            socket.terminate();
            return;
          }
          socket.send(text);
        },
      };
      hub.add(viewer);
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, heartbeatMs);
      heartbeat.unref();
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('message', (data) => {
        alive = true;
        if (Buffer.isBuffer(data) && data.toString('utf8') === 'ping')
          viewer.send(JSON.stringify({ type: 'pong' } satisfies RealtimeEvent));
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        hub.remove(viewer);
        sockets.delete(socket);
      });
      viewer.send(JSON.stringify({ type: 'ready', accountId: scope.accountId } satisfies RealtimeEvent));
    });
  },
};
