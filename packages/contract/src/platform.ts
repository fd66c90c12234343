import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, okOnly } from './fields';

export const databaseKindSchema = z.enum(['pglite', 'postgres']);

export const healthResponse = okBody({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().int().nonnegative(),
  database: z.object({
    kind: databaseKindSchema,
    reachable: z.boolean(),
    migrations: z.object({
      applied: z.number().int().nonnegative(),
      pending: z.array(z.string()),
      latest: z.string().nullable(),
      upToDate: z.boolean(),
    }),
  }),
  providers: z.record(z.string(), z.object({ name: z.string(), sandbox: z.boolean() })),
  /**
   * How this server runs: development (sandbox open, demo data), production, or a production demonstration
   * (DEMO_MODE: demo data and sandbox open, which the web app says plainly).
   */
  mode: z.enum(['development', 'production', 'demonstration']),
});

export const platformEndpoints = {
  health: defineEndpoint({
    area: 'platform',
    method: 'GET',
    path: '/api/health',
    summary: 'Service health: database kind, reachability and migration state',
    description:
      'Answers 200 when the database is reachable and every migration is applied, else 503 (degraded).',
    guard: 'public',
    response: healthResponse,
  }),
  openApi: defineEndpoint({
    area: 'platform',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document, generated from the contract (rendered at /api/docs)',
    guard: 'public',
    response: z.looseObject({
      openapi: z.string(),
      info: z.looseObject({}),
      paths: z.record(z.string(), z.unknown()),
    }),
  }),
  ipCorrelator: defineEndpoint({
    area: 'platform',
    method: 'POST',
    path: '/api/v1/ipCorrelator',
    summary: 'Record a page visit (page and referrer) against the caller address for sign-up attribution',
    guard: 'public',
    body: z.object({
      page: z.string().trim().min(1, 'is required').max(2048),
      ref: z.string().trim().max(2048).optional(),
    }),
    response: okOnly,
  }),
};
