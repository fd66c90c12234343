// What the contract layer (token read, zod parsing of the query, guard, envelope) costs per request, against a
// bare Fastify route answering the same JSON in the same process, measured over loopback HTTP in the same run.
import { z } from 'zod';
import { defineEndpoint, okBody, queryInt } from '@switchboard/contract';
import { buildApp } from '@switchboard/server/app';
import type { Feature } from '@switchboard/server/features/feature';
import { loadConfig } from '@switchboard/server/platform/config';
import { createLogger } from '@switchboard/server/platform/logger';
import { createServices } from '@switchboard/server/services';
import { cloneDatabase, createDatabaseTemplate } from '@switchboard/testing';
import { intFlag, load, median, table } from '../support';

const requests = intFlag('requests', 2000);
const concurrency = intFlag('concurrency', 16);
const rounds = intFlag('rounds', 5);

const echo = defineEndpoint({
  area: 'bench',
  method: 'GET',
  path: '/api/bench/contract',
  summary: 'contract route',
  guard: 'public',
  query: z.object({
    page: queryInt({ min: 0 }).default(0),
    pageSize: queryInt({ min: 1, max: 100 }).default(20),
  }),
  response: okBody({ page: z.number(), pageSize: z.number(), rooms: z.array(z.object({ id: z.number() })) }),
});
const rooms = Array.from({ length: 20 }, (_, id) => ({ id }));

const benchFeature: Feature = {
  name: 'bench',
  registerRoutes: ({ app, implement }) => {
    implement({ echo })({
      echo: ({ query }) =>
        Promise.resolve({ success: true, page: query.page, pageSize: query.pageSize, rooms }),
    });
    app.get('/api/bench/raw', (request) => {
      const query = request.query as Record<string, string | undefined>;
      return { success: true, page: Number(query.page ?? 0), pageSize: Number(query.pageSize ?? 20), rooms };
    });
  },
};

const { template, dispose } = await createDatabaseTemplate();
const database = await cloneDatabase(template);
const config = loadConfig({
  NODE_ENV: 'production',
  // What a production start requires; the bench sends no mail.
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'http://127.0.0.1',
  SECRETS_KEY: 'bench-secrets-key-0123456789',
  PORT: '0',
  DATA_DIR: '/tmp/switchboard-bench',
  LOG_LEVEL: 'silent',
});
const app = await buildApp(createServices({ config, database, logger: createLogger({ level: 'silent' }) }), {
  features: [benchFeature],
  requireAllEndpoints: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const rawUrl = `${base}/api/bench/raw?page=1&pageSize=20`;
const contractUrl = `${base}/api/bench/contract?page=1&pageSize=20`;
// Warm both paths, then alternate rounds so drift in the machine's load falls on both alike; report the medians.
await load(rawUrl, 1000, concurrency);
await load(contractUrl, 1000, concurrency);
const rawRounds = [];
const contractRounds = [];
for (let round = 0; round < rounds; round++) {
  rawRounds.push(await load(rawUrl, requests, concurrency));
  contractRounds.push(await load(contractUrl, requests, concurrency));
}
const raw = median(rawRounds);
const contract = median(contractRounds);

console.log(
  `contract-overhead: ${rounds} rounds of ${requests} requests per route, ${concurrency} in flight, loopback HTTP (medians)`,
);
table([
  { route: 'bare Fastify (reference)', 'req/s': raw.perSecond, 'p50 ms': raw.p50, 'p99 ms': raw.p99 },
  { route: 'contract route', 'req/s': contract.perSecond, 'p50 ms': contract.p50, 'p99 ms': contract.p99 },
]);
console.log(`contract route throughput = ${(contract.perSecond / raw.perSecond).toFixed(2)} x the reference`);

await app.close();
await database.close();
await dispose();
