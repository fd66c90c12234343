import type { FastifyInstance } from 'fastify';
import type { Endpoint, OwnedKind } from '@switchboard/contract';
import type { OwnerResolver } from '../http/authenticator';
import type { EndpointHandlers } from '../http/register-endpoint';
import type { Services } from '../services';

/** What every feature gets: the services (database, providers, runtime, settings) and a way to register endpoints. */
export interface FeatureContext extends Services {
  app: FastifyInstance;
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
  ownerResolvers?: (services: Services) => Partial<Record<OwnedKind, OwnerResolver>>;
  registerRoutes: (context: FeatureContext) => void | Promise<void>;
}
