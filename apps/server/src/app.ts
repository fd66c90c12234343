import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { allEndpoints, type Endpoint, type OwnedKind } from '@switchboard/contract';
import {
  answerClientError,
  answerFrameworkError,
  errorBody,
  installErrorHandler,
  maxPathParamLength,
} from './http/error-handler';
import type { OwnerResolver } from './http/authenticator';
import { registerEndpoint, type EndpointHandler } from './http/register-endpoint';
import { registerApiDocs } from './http/api-docs';
import { registerWebApp, registerWebDelivery } from './http/web-app';
import { getDomainProfile } from './features/domains/domains.service';
import { exceedsJsonDepth, tooDeepMessage } from './http/json-depth';
import { AppError } from './platform/app-error';
import { closeSandboxDoors } from './http/sandbox-doors';
import { features as allFeatures } from './features/index';
import { recordSuperAdminAction, type SuperAdminAction } from './features/admin';
import type { Feature } from './features/feature';
import type { AgentRuntime } from './runtime/session-types';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The agent runtime this app runs conversations on. */
    agentRuntime: AgentRuntime;
  }
}

export interface AppOptions {
  /** Defaults to every area; tests may add their own. */
  features?: readonly Feature[];
  /** Refuse to start when a declared endpoint has no handler (on unless a test registers a subset of features). */
  requireAllEndpoints?: boolean;
}

const requestId = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the HTTP application on the services (plugins, error mapping, every feature's routes, the web app);
 * tests use it too. Closing the app does not close the services: their owner does.
 */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config, logger } = services;
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestId.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
    // A hop count trusts that many proxies nearest the server (as proxy-addr reads a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: maxPathParamLength },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // An empty JSON body (as some clients send on bodiless POSTs) reads as no body rather than a parse error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = typeof text === 'string' ? text : text.toString('utf8');
    if (body.trim() === '') {
      done(null, undefined);
      return;
    }
    // Bounded before parsing: everything after (validation, logging) may walk the value recursively.
    if (exceedsJsonDepth(body)) {
      done(new AppError('BAD_REQUEST', tooDeepMessage('The request body')), undefined);
      return;
    }
    try {
      done(null, JSON.parse(body));
    } catch (error) {
      const failure = error as Error & { statusCode?: number; code?: string };
      failure.statusCode = 400;
      failure.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(failure, undefined);
    }
  });

  // Compression and security headers hook into each route as it is added, so they come before every route.
  await registerWebDelivery(app, config.publicUrl);

  // Uploads (pictures, media, task lists): each route reads its parts with its own, tighter limits.
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 50 } });

  // WebSocket routes (live inbox updates, agent sessions) declare `{ websocket: true }`.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  installErrorHandler(app);
  closeSandboxDoors(app, config);

  app.decorate('agentRuntime', services.runtime);
  // Closing the server waits for the background work its requests started (an agent answering a text).
  app.addHook('onClose', () => services.background.drain());
  const features = options.features ?? allFeatures;
  const ownerResolvers = new Map<OwnedKind, OwnerResolver>();
  for (const feature of features) {
    for (const [kind, resolver] of Object.entries(feature.ownerResolvers?.(services) ?? {})) {
      if (resolver) ownerResolvers.set(kind, resolver);
    }
  }
  const registry = {
    authenticator: services.authenticator,
    ownerResolvers,
    checkResponses: config.env !== 'production',
    auditSuperAdmin: (action: SuperAdminAction) => recordSuperAdminAction(services.db, action),
  };
  const implemented = new Set<Endpoint>();
  for (const feature of features) {
    await feature.registerRoutes({
      ...services,
      app,
      implement: (endpointMap) => (handlers) => {
        for (const [name, endpoint] of Object.entries(endpointMap)) {
          registerEndpoint(app, registry, endpoint, handlers[name] as EndpointHandler<Endpoint>);
          implemented.add(endpoint);
        }
      },
    });
  }
  const missing = (options.requireAllEndpoints === false ? [] : allEndpoints).filter(
    (endpoint) => !implemented.has(endpoint),
  );
  if (missing.length > 0) {
    throw new Error(
      `Declared but not implemented: ${missing.map((e) => `${e.method} ${e.path}`).join(', ')}`,
    );
  }

  await registerApiDocs(app);
  const web = await registerWebApp(app, {
    distDir: config.webDistDir,
    publicUrl: config.publicUrl,
    demonstration: config.demoMode,
    brandOf: (host) =>
      getDomainProfile(
        {
          db: services.db,
          testAccountUsernames: config.accounts.testAccountUsernames,
          publicUrl: config.publicUrl,
          specialOrganizationId: config.accounts.specialOrganizationId,
        },
        { host },
      ),
  });

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? request.url;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathOnly.startsWith('/api/') &&
      !pathOnly.startsWith('/internal/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return web.sendPage(reply, 404);
    // The path as sent, cut short: it may be kilobytes of anything.
    const shown = pathOnly.length > 200 ? `${pathOnly.slice(0, 200)}…` : pathOnly;
    return reply.code(404).send(errorBody('NOT_FOUND', `There is no ${request.method} ${shown}`));
  });

  return app;
}
