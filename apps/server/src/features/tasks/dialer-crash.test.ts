import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TaskView } from '@switchboard/contract';
import { openDatabase, phoneCalls } from '@switchboard/db';
import {
  cloneDatabase,
  startServerProcess,
  writePgliteDataDir,
  type ClonedDatabase,
  type ServerProcess,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The dialer across a kill -9 of the real server while its calls are on the line: a restart on the same data
 * places no call twice, closes the tries the kill cut off as interrupted with the reason, and finishes the rest.
 */

// People who answer and talk (sandbox persona 0: +1 555 200-00NN), each for most of a minute: two on the line at
// the kill and two waiting their turn, so the calls after the kill run side by side.
const targets = ['+15552000011', '+15552000012', '+15552000013', '+15552000014'];

/** The real server with the dialer running in it; on PostgreSQL `databaseUrl` is the shared database. */
function startDialingServer(dataDir: string, databaseUrl?: string): Promise<ServerProcess> {
  return startServerProcess({
    dataDir,
    env: {
      JOB_WORKERS: 'server',
      DIALER_SWEEP_SECONDS: '1',
      SIP_PORT: 'off',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
}

/** Signs a demo person in over HTTP with the code the sandbox outbox received; answers the session token. */
async function signIn(url: string, email: string): Promise<string> {
  const post = (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/v1/signin/email', { email })).status).toBe(200);
  const outbox = (await (
    await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`)
  ).json()) as { items: { text: string }[] };
  const verificationCode = outbox.items[0]?.text.match(/\d{6}/)?.[0];
  const verified = await post('/api/v1/email/verify', { email, verificationCode });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

/** The API as a signed-in person calls it: the session token in the query. */
function api(url: string, token: string) {
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${route}${route.includes('?') ? '&' : '?'}token=${token}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${String(response.status)}: ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    get: <T>(route: string) => call<T>('GET', route),
    post: <T>(route: string, body: unknown) => call<T>('POST', route, body),
  };
}

/** Signs acme in, allows one try per task, and queues a call to each target with its agent. */
async function queueCalls(url: string) {
  const client = api(url, await signIn(url, 'acme@demo.switchboard.test'));
  const agent = await client.get<{ account: { id: number } }>('/api/v1/account/agent1');
  // One try each (a try the kill cut off ends its task, so every call placed is counted once), two lines: some
  // tasks are on the line at the kill, the others wait their turn.
  await client.post('/api/v2/tasks/limits', { retryPolicy: { maxAttempts: 1 }, concurrencyPerRun: 2 });
  for (const target of targets) {
    await client.post('/api/v2/tasks', { type: 'call', target, accountId: agent.account.id });
  }
  return client;
}

const listOf = async (client: ReturnType<typeof api>) =>
  (await client.get<{ tasks: TaskView[] }>('/api/v2/tasks?limit=50')).tasks.filter((task) =>
    targets.includes(task.target),
  );

/** Waits until people are on the line with the agent (answered, and known to be people); answers those tasks. */
async function whileOnTheLine(client: ReturnType<typeof api>): Promise<TaskView[]> {
  const onTheLine = async () =>
    (await listOf(client)).filter((task) => task.state === 'running' && task.attempts.at(-1)?.answeredBy);
  await expect
    .poll(async () => (await onTheLine()).length, { timeout: 90_000, interval: 100 })
    .toBeGreaterThanOrEqual(2);
  return onTheLine();
}

/** Waits until every task has ended; answers them. */
async function allEnded(client: ReturnType<typeof api>, timeout: number): Promise<TaskView[]> {
  await expect
    .poll(
      async () =>
        (await listOf(client)).every((task) => task.state === 'finished' || task.state === 'errored'),
      {
        timeout,
        interval: 250,
      },
    )
    .toBe(true);
  return listOf(client);
}

/**
 * What must hold once all ended: one try per task, and no number called twice. A finished task has its one call;
 * an errored one was cut off by the kill (on the line, or while being placed), says so, and was not placed again;
 * a call on the line at the kill kept its call id, and if cut off is recorded failed. Every task not yet placed
 * at the kill was placed afterwards and finished. Answers how many were interrupted.
 */
function expectPlacedOnce(
  after: TaskView[],
  onTheLine: TaskView[],
  calls: { callId: string; toNumber: string; status: string }[],
): number {
  expect(after).toHaveLength(targets.length);
  let interrupted = 0;
  for (const task of after) {
    expect(task.attempts).toHaveLength(1);
    const placed = calls.filter((call) => call.toNumber === task.target);
    expect(placed.length).toBeLessThanOrEqual(1);
    if (task.state === 'finished') {
      expect(task.attempts[0]?.callId).toBe(placed[0]?.callId);
      continue;
    }
    interrupted += 1;
    expect(task).toMatchObject({ state: 'errored', outcome: 'interrupted' });
    expect(task.attempts[0]?.detail).toMatch(
      /process carrying this sandbox call stopped|dialer stopped \(a restart\) while placing/,
    );
  }
  for (const cut of onTheLine) {
    const task = after.find((one) => one.id === cut.id);
    const callId = cut.attempts.at(-1)?.callId;
    expect(task?.attempts[0]?.callId).toBe(callId);
    if (task?.state === 'errored')
      expect(calls.find((call) => call.callId === callId)?.status).toBe('failed');
  }
  const ends = JSON.stringify(after.map((task) => [task.target, task.state, task.attempts.at(-1)?.detail]));
  expect(after.filter((task) => task.state === 'finished').length, ends).toBeGreaterThanOrEqual(
    targets.length - onTheLine.length,
  );
  return interrupted;
}

describe('the dialer across a kill -9 of the server', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-dialer-crash-'));
    await writePgliteDataDir(inject('databaseTemplate'), path.join(dataDir, 'pglite'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'places no call twice and closes the calls the kill cut off as interrupted',
    async () => {
      const first = await startDialingServer(dataDir);
      server = first;
      await first.waitUntilHealthy(150_000);
      const onTheLine = await whileOnTheLine(await queueCalls(first.url));
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      // The restart closes the cut-off calls at once (no other process can carry them); the rest are placed.
      const second = await startDialingServer(dataDir);
      server = second;
      await second.waitUntilHealthy(150_000);
      const after = await allEnded(
        api(second.url, await signIn(second.url, 'acme@demo.switchboard.test')),
        120_000,
      );
      expect(await second.stop()).toBe(0);
      server = undefined;

      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        const calls = await database.db.select().from(phoneCalls);
        expect(expectPlacedOnce(after, onTheLine, calls)).toBeGreaterThanOrEqual(1);
      } finally {
        await database.close();
      }
    },
    420_000,
  );
});

// Two processes share one queue only on a PostgreSQL server (PGlite's files have one owner).
describe.runIf(process.env.TEST_DATABASE_URL)('two servers dialing from one PostgreSQL', () => {
  let dataDirs: string[];
  let database: ClonedDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDirs = await Promise.all(
      [1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'switchboard-dialer-pair-'))),
    );
    database = await cloneDatabase(inject('databaseTemplate'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((one) => one.stop()));
    await database.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('share the calls: each placed once, also when one server is killed while its calls are on the line', async () => {
    // The first seeds the demo data; the second joins once it has.
    const [dirOne = '', dirTwo = ''] = dataDirs;
    const one = await startDialingServer(dirOne, database.url);
    servers.push(one);
    await one.waitUntilHealthy(150_000);
    const two = await startDialingServer(dirTwo, database.url);
    servers.push(two);
    await two.waitUntilHealthy(150_000);

    const onTheLine = await whileOnTheLine(await queueCalls(one.url));
    one.child.kill('SIGKILL');
    expect(await one.exited).toBe('SIGKILL');
    // The survivor finishes its own calls, and closes the killed one's once they go unheard (its watchdog).
    const after = await allEnded(api(two.url, await signIn(two.url, 'acme@demo.switchboard.test')), 240_000);
    const calls = await database.db.select().from(phoneCalls);
    expectPlacedOnce(after, onTheLine, calls);
  }, 480_000);
});
