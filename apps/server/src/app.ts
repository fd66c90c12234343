import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { allEndpoints, type Endpoint, type OwnedKind } from '@switchboard/contract';
import {
  answerClientError,
  answerFrameworkError,
  errorBody,
  installErrorHandler,
  maxPathParamLength,
} from './http/error-handler';
import type { Authenticator, OwnerResolver } from './http/authenticator';
import { createAuthenticator } from './features/auth/authenticator';
import { registerEndpoint, type EndpointHandler } from './http/register-endpoint';
import { registerApiDocs } from './http/api-docs';
import { registerWebApp, registerWebDelivery } from './http/web-app';
import { getDomainProfile } from './features/domains/domains.service';
import { exceedsJsonDepth, tooDeepMessage } from './http/json-depth';
import { AppError } from './platform/app-error';
import { closeSandboxDoors } from './http/sandbox-doors';
import { features as allFeatures } from './features/index';
import type { Feature } from './features/feature';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/database';
import type { MailProvider } from './providers/mail/types';
import { createMail } from './providers/mail/create';
import { createSms } from './providers/sms/create';
import type { SmsProvider } from './providers/sms/types';
import { createSpeechProviders } from './providers/shared/speech-providers';
import type { StorageProvider } from './providers/storage/types';
import type { AgentRuntimePort } from './runtime/port';
import { createAgentRuntime, type AgentRuntime, type SpeechProviders } from './runtime/agent-runtime';
import { outboxRecorder } from './features/outbox/outbox.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The agent runtime this app runs conversations on. */
    agentRuntime: AgentRuntime;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  storage: StorageProvider;
  /** Default to the configured providers (the sandbox outbox unless SMTP_URL is set). */
  mail?: MailProvider;
  sms?: SmsProvider;
  logger: FastifyBaseLogger;
  authenticator?: Authenticator;
  /**
   * Defaults to the real runtime on the configured model and speech providers. A test may pass only the text
   * entry point; the rest of the runtime stays real.
   */
  runtime?: AgentRuntime | AgentRuntimePort;
  /** Speech for voice sessions; defaults to the configured providers; null turns voice off. */
  speech?: SpeechProviders | null;
  /** Defaults to every area; tests may add their own. */
  features?: readonly Feature[];
  /** Refuse to start when a declared endpoint has no handler (on unless a test registers a subset of features). */
  requireAllEndpoints?: boolean;
}

const requestId = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the HTTP application (plugins, error mapping, every feature's routes, the web app); tests use it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestId.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
    // A hop count trusts that many proxies nearest the server (as proxy-addr reads a number).
    trustProxy:
      typeof deps.config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(deps.config.trustProxy)
        : deps.config.trustProxy,
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
  await registerWebDelivery(app, deps.config.publicUrl);

  // Uploads (pictures, media, task lists): each route reads its parts with its own, tighter limits.
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 50 } });

  // WebSocket routes (live inbox updates, agent sessions) declare `{ websocket: true }`.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  installErrorHandler(app);
  closeSandboxDoors(app, deps.config);

  const startedAt = new Date();
  const base = {
    app,
    config: deps.config,
    db: deps.database.db,
    dbKind: deps.database.kind,
    storage: deps.storage,
    mail: deps.mail ?? createMail(deps.config.mail, outboxRecorder(deps.database.db)),
    sms: deps.sms ?? createSms(deps.config.sms, outboxRecorder(deps.database.db)),
    logger: deps.logger,
    startedAt,
    authenticator:
      deps.authenticator ??
      createAuthenticator(deps.database.db, {
        testAccountUsernames: deps.config.accounts.testAccountUsernames,
      }),
  };
  const realRuntime = (): AgentRuntime =>
    createAgentRuntime({
      config: deps.config,
      db: base.db,
      sms: base.sms,
      logger: deps.logger,
      speech:
        deps.speech === undefined
          ? createSpeechProviders(deps.config.speech, { logger: deps.logger })
          : deps.speech,
    });
  const runtime: AgentRuntime = !deps.runtime
    ? realRuntime()
    : 'openSession' in deps.runtime
      ? deps.runtime
      : { ...realRuntime(), replyToText: deps.runtime.replyToText.bind(deps.runtime) };
  app.decorate('agentRuntime', runtime);
  const features = deps.features ?? allFeatures;
  const ownerResolvers = new Map<OwnedKind, OwnerResolver>();
  for (const feature of features) {
    for (const [kind, resolver] of Object.entries(feature.ownerResolvers?.(base) ?? {})) {
      if (resolver) ownerResolvers.set(kind, resolver);
    }
  }
  const registry = {
    authenticator: base.authenticator,
    ownerResolvers,
    checkResponses: deps.config.env !== 'production',
  };
  const implemented = new Set<Endpoint>();
  for (const feature of features) {
    await feature.registerRoutes({
      ...base,
      runtime,
      implement: (endpointMap) => (handlers) => {
        for (const [name, endpoint] of Object.entries(endpointMap)) {
          registerEndpoint(app, registry, endpoint, handlers[name] as EndpointHandler<Endpoint>);
          implemented.add(endpoint);
        }
      },
    });
  }
  const missing = (deps.requireAllEndpoints === false ? [] : allEndpoints).filter(
    (endpoint) => !implemented.has(endpoint),
  );
  if (missing.length > 0) {
    throw new Error(
      `Declared but not implemented: ${missing.map((e) => `${e.method} ${e.path}`).join(', ')}`,
    );
  }

  await registerApiDocs(app);
  const web = await registerWebApp(app, {
    distDir: deps.config.webDistDir,
    publicUrl: deps.config.publicUrl,
    demonstration: deps.config.demoMode,
    brandOf: (host) =>
      getDomainProfile(
        {
          db: base.db,
          testAccountUsernames: deps.config.accounts.testAccountUsernames,
          publicUrl: deps.config.publicUrl,
          specialOrganizationId: deps.config.accounts.specialOrganizationId,
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
