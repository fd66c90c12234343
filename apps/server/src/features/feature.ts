import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Endpoint, OwnedKind } from '@switchboard/contract';
import type { Authenticator, OwnerResolver } from '../http/authenticator';
import type { EndpointHandlers } from '../http/register-endpoint';
import type { Config } from '../platform/config';
import type { Db, DatabaseKind } from '../platform/database';
import type { MailProvider } from '../providers/mail/types';
import type { SmsProvider } from '../providers/sms/types';
import type { StorageProvider } from '../providers/storage/types';
import type { AgentRuntime } from '../runtime/agent-runtime';

/** What every feature gets: the database, providers and configuration, and a way to register its endpoints. */
export interface FeatureContext {
  app: FastifyInstance;
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  storage: StorageProvider;
  mail: MailProvider;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
  startedAt: Date;
  /** The agent runtime: the text entry point for SMS-style channels, sessions, runPrompt. */
  runtime: AgentRuntime;
  /** How tokens become callers and whether a caller may act for an account. */
  authenticator: Authenticator;
  /**
   * Registers a handler for every endpoint of a map: `implement(platformEndpoints)({ health: ..., ... })`. It is
   * curried so the endpoint types are fixed before the handlers are checked against them.
   */
  implement: <M extends Record<string, Endpoint>>(endpoints: M) => (handlers: EndpointHandlers<M>) => void;
}

/** An area of the server; app.ts registers each one listed in features/index.ts. */
export interface Feature {
  name: string;
  /** Resolvers for the tenant-owned record kinds this area owns (contact, room, task, ...). */
  ownerResolvers?: (
    context: Omit<FeatureContext, 'implement' | 'runtime'>,
  ) => Partial<Record<OwnedKind, OwnerResolver>>;
  registerRoutes: (context: FeatureContext) => void | Promise<void>;
}
