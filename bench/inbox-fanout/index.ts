// Live inbox fan-out: 1,000 WebSockets on /api/realtime across 50 tenants (half of each tenant's viewers on the
// agent account, half on its organization), messages written through the inbox service at a steady rate, and
// the delay from the write to each viewer's socket. Beside it, a bare `ws` server broadcasting the same payload
// to the same grouping in the same process: the floor that WebSocket delivery alone costs here.
// `npm run bench -- inbox-fanout [--sockets 1000] [--tenants 50] [--rate 50] [--seconds 10]`;
// BENCH_DATABASE_URL=postgres://... runs it on a PostgreSQL server (LISTEN/NOTIFY) instead of PGlite.
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { accounts, type Db } from '@switchboard/db';
import { buildApp } from '@switchboard/server/app';
import { realtimeFeature } from '@switchboard/server/features/realtime/realtime.routes';
import { appendMessage, openRoom } from '@switchboard/server/features/inbox/inbox.service';
import { loadConfig } from '@switchboard/server/platform/config';
import { createLogger } from '@switchboard/server/platform/logger';
import type { Authenticator } from '@switchboard/server/http/authenticator';
import { createServices } from '@switchboard/server/services';
import { cloneDatabase, createDatabaseTemplate } from '@switchboard/testing';
import { intFlag, table } from '../support';

const socketCount = intFlag('sockets', 1000);
const tenantCount = intFlag('tenants', 50);
const rate = intFlag('rate', 50);
const seconds = intFlag('seconds', 10);
const perTenant = Math.floor(socketCount / tenantCount);
const now = () => performance.timeOrigin + performance.now();

interface Tenant {
  organizationId: number;
  agentId: number;
  roomId: string;
  conversationUuid: string;
}

async function createTenants(db: Db): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let n = 0; n < tenantCount; n++) {
    const [organization] = await db
      .insert(accounts)
      .values({ accountType: 'organization', username: `bench-org-${n}`, details: { orgName: `Org ${n}` } })
      .returning();
    if (!organization) throw new Error('no organization');
    const [agent] = await db
      .insert(accounts)
      .values({
        accountType: 'agent',
        username: `bench-agent-${n}`,
        parentId: organization.id,
        organizationId: organization.id,
        details: { agentName: `Agent ${n}` },
      })
      .returning();
    if (!agent) throw new Error('no agent');
    const room = await openRoom(db, {
      accountId: agent.id,
      contactAddress: `+1555${String(1000000 + n)}`,
      channel: 'sms',
    });
    tenants.push({
      organizationId: organization.id,
      agentId: agent.id,
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
    });
  }
  return tenants;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

interface Run {
  latencies: number[];
  /** From the write's commit (the message stored) to the socket, when the writer knows it. */
  afterCommit: number[];
  committedAt: Map<string, number>;
  crossTenant: number;
  expected: number;
}

/** Opens one socket per viewer; each records the delay of the messages it receives and any of another tenant. */
async function openViewers(urlFor: (tenant: Tenant, index: number) => string, tenants: Tenant[], run: Run) {
  const sockets: WebSocket[] = [];
  const opening: Promise<void>[] = [];
  tenants.forEach((tenant, t) => {
    for (let i = 0; i < perTenant; i++) {
      const socket = new WebSocket(urlFor(tenant, i));
      socket.on('message', (data: Buffer) => {
        const event = JSON.parse(data.toString('utf8')) as {
          type: string;
          accountId?: number;
          message?: { message: string };
          sentAt?: number;
          tenant?: number;
        };
        if (event.type !== 'message') return;
        const text = event.message?.message ?? '';
        const [sentAt, from] = text.startsWith('bench:')
          ? text.slice(6).split('@').map(Number)
          : [event.sentAt, event.tenant];
        if (from !== t) run.crossTenant++;
        if (sentAt !== undefined) run.latencies.push(now() - sentAt);
        const committed = run.committedAt.get(text);
        if (committed !== undefined) run.afterCommit.push(now() - committed);
      });
      opening.push(
        new Promise((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        }),
      );
      sockets.push(socket);
    }
  });
  await Promise.all(opening);
  return sockets;
}

/** Calls `send(tenantIndex)` `rate` times a second for `seconds`, round-robin over the tenants. */
async function steady(send: (tenant: number) => Promise<void>) {
  const total = rate * seconds;
  const interval = 1000 / rate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(n % tenantCount));
  }
  await Promise.all(pending);
}

async function settle(run: Run) {
  const deadline = performance.now() + 10_000;
  while (run.latencies.length < run.expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function summary(name: string, run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const fromCommit = [...run.afterCommit].sort((a, b) => a - b);
  return {
    name,
    delivered: `${sorted.length}/${run.expected}`,
    'p50 ms': percentile(sorted, 0.5),
    'p99 ms': percentile(sorted, 0.99),
    'max ms': sorted.at(-1) ?? Number.NaN,
    'commit→socket p50': fromCommit.length ? percentile(fromCommit, 0.5) : '-',
    'commit→socket p99': fromCommit.length ? percentile(fromCommit, 0.99) : '-',
  };
}

// --- the platform: /api/realtime fed by the database's NOTIFY ---
const { template, dispose } = await createDatabaseTemplate(process.env.BENCH_DATABASE_URL);
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
const tenants = await createTenants(database.db);
// Tokens name the account they sign in to; the hub's tenant routing is what is measured, not sign-in.
const authenticator: Authenticator = {
  authenticate: ({ token }) => {
    const accountId = Number(token?.replace(/^bench-/, ''));
    return Promise.resolve(
      Number.isSafeInteger(accountId) ? { userId: accountId, accountId, superAdmin: false } : null,
    );
  },
  canActFor: (actor, accountId) => Promise.resolve(actor.accountId === accountId),
  accessOf: () =>
    Promise.resolve({
      role: 'organization',
      permissions: {
        canViewOrg: true,
        canEditOrg: true,
        canManageUsers: true,
        canInviteUsers: true,
        canManageBilling: true,
        canDeleteOrg: true,
        canViewBilling: true,
      },
    }),
};
const app = await buildApp(
  createServices({ config, database, logger: createLogger({ level: 'silent' }) }, { authenticator }),
  { features: [realtimeFeature], requireAllEndpoints: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const platform: Run = {
  latencies: [],
  afterCommit: [],
  committedAt: new Map(),
  crossTenant: 0,
  expected: rate * seconds * perTenant,
};
const viewerAccount = (tenant: Tenant, index: number) =>
  index % 2 === 0 ? tenant.agentId : tenant.organizationId;
const platformSockets = await openViewers(
  (tenant, index) => `ws://127.0.0.1:${port}/api/realtime?token=bench-${viewerAccount(tenant, index)}`,
  tenants,
  platform,
);
await steady(async (t) => {
  const tenant = tenants[t];
  if (!tenant) return;
  const text = `bench:${now()}@${t}`;
  await appendMessage(database.db, {
    accountId: tenant.agentId,
    roomId: tenant.roomId,
    conversationUuid: tenant.conversationUuid,
    direction: 'inbound',
    channel: 'sms',
    author: 'contact',
    text,
  });
  platform.committedAt.set(text, now());
});
await settle(platform);
for (const socket of platformSockets) socket.terminate();
await app.close();
await database.close();
await dispose();

// --- the reference: a bare ws server broadcasting to each tenant's sockets ---
const bare = new WebSocketServer({ port: 0, host: '127.0.0.1' });
const groups = new Map<number, Set<WebSocket>>();
bare.on('connection', (socket, request) => {
  const tenant = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('tenant'));
  let group = groups.get(tenant);
  if (!group) groups.set(tenant, (group = new Set()));
  group.add(socket);
});
await new Promise((resolve) => bare.once('listening', resolve));
const barePort = (bare.address() as AddressInfo).port;
const reference: Run = {
  latencies: [],
  afterCommit: [],
  committedAt: new Map(),
  crossTenant: 0,
  expected: rate * seconds * perTenant,
};
const bareSockets = await openViewers(
  (tenant) => `ws://127.0.0.1:${barePort}/?tenant=${tenants.indexOf(tenant)}`,
  tenants,
  reference,
);
await steady((t) => {
  const text = JSON.stringify({ type: 'message', sentAt: now(), tenant: t });
  for (const socket of groups.get(t) ?? []) socket.send(text);
  return Promise.resolve();
});
await settle(reference);
for (const socket of bareSockets) socket.terminate();
bare.close();

console.log(
  `${tenants.length} tenants, ${perTenant * tenants.length} sockets, ${rate} messages/s for ${seconds} s ` +
    `(${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
table([
  summary('/api/realtime (database NOTIFY → hub)', platform),
  summary('bare ws broadcast (reference)', reference),
]);
console.log(`cross-tenant deliveries: ${platform.crossTenant}`);
const p99 = percentile(
  [...platform.latencies].sort((a, b) => a - b),
  0.99,
);
console.log(`target p99 ≤ 50 ms: ${p99 <= 50 ? 'met' : 'missed'} (${p99.toFixed(1)} ms)`);
process.exit(platform.crossTenant === 0 ? 0 : 1);
