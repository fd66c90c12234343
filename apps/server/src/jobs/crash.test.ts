import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cloneDatabase,
  startServerProcess,
  type ClonedDatabase,
  type ServerProcess,
  writePgliteDataDir,
} from '@switchboard/testing';
import { openDatabase } from '@switchboard/db';
import type { Db } from '../platform/database';
import { createLogger } from '../platform/logger';
import { createJobQueue, defineJob } from './index';

const jobCount = 20;

/** The fixture's job type (jobs/crash-fixture.ts), for sending from the test. */
const crashJob = defineJob<{ n: number }>('test.crash-effect', {
  retryLimit: 2,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 3,
});
const fixture = 'apps/server/src/jobs/crash-fixture.ts';

/** Starts a crash-test worker; on PostgreSQL `databaseUrl` is the shared database, otherwise DATA_DIR's PGlite. */
function startCrashWorker(
  dataDir: string,
  effectsFile: string,
  databaseUrl?: string,
  seed = true,
): Promise<ServerProcess> {
  return startServerProcess({
    dataDir,
    entry: fixture,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CRASH_JOBS: String(jobCount),
      CRASH_EFFECTS_FILE: effectsFile,
      CRASH_HOLD_MS: '300',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      CRASH_SEED: String(seed),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
}

const lines = (text: string, prefix: string) => text.split('\n').filter((line) => line.startsWith(prefix));

/** What the jobs did, read from the database and the file of irreversible steps. */
async function outcome(db: Db, effectsFile: string) {
  const rows = <T>(query: ReturnType<typeof sql>) =>
    db.execute(query).then((result) => (result as { rows: T[] }).rows);
  const outcomes = await rows<{ n: number; outcome: string; attempt_id: string }>(
    sql`SELECT n, outcome, attempt_id FROM crash_outcomes ORDER BY n`,
  );
  const jobs = await rows<{ state: string; retry_count: number }>(
    sql`SELECT state::text AS state, retry_count FROM pgboss.job WHERE name = 'test.crash-effect'`,
  );
  const effects = (await readFile(effectsFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.split(' ')[0]));
  return { outcomes, jobs, effects };
}

function expectExactlyOnceInEffect(result: Awaited<ReturnType<typeof outcome>>) {
  const { outcomes, jobs, effects } = result;
  // None lost: every job finished, each with one outcome.
  expect(jobs).toHaveLength(jobCount);
  expect(jobs.every((job) => job.state === 'completed')).toBe(true);
  expect(outcomes.map((row) => row.n)).toEqual(Array.from({ length: jobCount }, (_, index) => index + 1));
  // None twice: no irreversible step was performed twice.
  expect(new Set(effects).size).toBe(effects.length);
  // A job done in effect performed its step exactly once; one cut off mid-step was closed, not repeated.
  for (const row of outcomes) {
    expect(effects.filter((n) => n === row.n).length).toBe(
      row.outcome === 'done' ? 1 : effects.includes(row.n) ? 1 : 0,
    );
  }
}

describe('jobs across a kill -9 of the worker process', () => {
  let dataDir: string;
  let effectsFile: string;
  let database: ClonedDatabase | undefined;
  const url = process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-crash-'));
    effectsFile = path.join(dataDir, 'effects.log');
    await writeFile(effectsFile, '');
    if (url) database = await cloneDatabase(inject('databaseTemplate'));
    else await writePgliteDataDir(inject('databaseTemplate'), path.join(dataDir, 'pglite'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no job and repeats no step when the process is killed mid-run and restarted', async () => {
    const first = await startCrashWorker(dataDir, effectsFile, database?.url);
    const progress = () => {
      const performed = lines(first.output(), 'performing ').map((line) => line.split(' ').slice(1, 3));
      const finished = lines(first.output(), 'effect ').map((line) => line.split(' ')[1]);
      return { performed, finished, unfinished: performed.filter(([n]) => !finished.includes(n ?? '')) };
    };
    // Kill once some steps are done and others are in progress.
    await expect
      .poll(
        () => {
          const { finished, unfinished } = progress();
          return finished.length >= 5 && unfinished.length > 0;
        },
        { timeout: 60_000, interval: 5 },
      )
      .toBe(true);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const { finished, unfinished } = progress();
    expect(unfinished.length).toBeGreaterThan(0);

    const second = await startCrashWorker(dataDir, effectsFile, database?.url);
    await expect
      .poll(() => second.output(), { timeout: 60_000, interval: 50 })
      .toContain('all jobs completed');
    expect(await second.stop('SIGTERM')).toBe(0);

    const db = database ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }));
    try {
      const result = await outcome(db.db, effectsFile);
      expectExactlyOnceInEffect(result);
      // The attempts the kill cut off mid-step were closed as interrupted, and retried once at most. A step whose
      // outcome committed in the instant before the kill, its line unprinted, is done by that attempt, not cut off.
      const doneBy = new Set(
        result.outcomes.filter((row) => row.outcome === 'done').map((row) => `${row.n} ${row.attempt_id}`),
      );
      const cutOff = unfinished
        .filter(([n, attempt]) => !doneBy.has(`${n ?? ''} ${attempt ?? ''}`))
        .map(([n]) => n ?? '');
      const interrupted = result.outcomes
        .filter((row) => row.outcome === 'interrupted')
        .map((row) => String(row.n));
      // Every attempt cut off mid-step was closed as interrupted. A claim can also commit in the instant before the
      // kill, its step not yet begun: that job is closed as interrupted too (nobody can know the step did not
      // happen), but only an attempt the first process had started to claim can end that way.
      const claimed = new Set(lines(first.output(), 'claiming ').map((line) => line.split(' ')[1] ?? ''));
      expect(interrupted.filter((n) => !cutOff.includes(n))).toEqual(
        interrupted.filter((n) => !cutOff.includes(n) && claimed.has(n) && !finished.includes(n)),
      );
      expect(cutOff.filter((n) => !interrupted.includes(n))).toEqual([]);
      expect(result.jobs.every((job) => job.retry_count <= 1)).toBe(true);
    } finally {
      if (!database) await db.close();
    }
  }, 120_000);
});

// Two processes share one queue only on a PostgreSQL server (PGlite's files have one owner).
describe.runIf(process.env.TEST_DATABASE_URL)('two worker processes on one PostgreSQL', () => {
  let dataDirs: string[];
  let effectsFile: string;
  let database: ClonedDatabase;

  beforeAll(async () => {
    dataDirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'switchboard-pair-'))));
    effectsFile = path.join(dataDirs[0] ?? '', 'effects.log');
    await writeFile(effectsFile, '');
    database = await cloneDatabase(inject('databaseTemplate'));
  });
  afterAll(async () => {
    await database.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('share the queue: each job done once in effect, also when one of them is killed mid-run', async () => {
    const [one, two] = await Promise.all(
      dataDirs.map((dir) => startCrashWorker(dir, effectsFile, database.url, false)),
    );
    if (!one || !two) throw new Error('the workers did not start');
    for (const worker of [one, two]) {
      await expect
        .poll(() => worker.output(), { timeout: 60_000, interval: 50 })
        .toContain('crash worker ready');
    }
    // Both are consuming; the jobs go in now, from a third party.
    const jobs = createJobQueue({
      db: database.db,
      kind: 'postgres',
      logger: createLogger({ level: 'silent' }),
    });
    for (let n = 1; n <= jobCount; n++) await jobs.send(crashJob, { n });
    await jobs.stop();
    // Both processes take jobs from the one queue; one is killed while it holds some.
    await expect
      .poll(() => Math.min(lines(one.output(), 'effect ').length, lines(two.output(), 'effect ').length), {
        timeout: 60_000,
        interval: 20,
      })
      .toBeGreaterThanOrEqual(1);
    one.child.kill('SIGKILL');
    await one.exited;
    // The survivor finishes the rest, including the attempts the killed one held once they expire (3 s).
    await expect.poll(() => two.output(), { timeout: 60_000, interval: 50 }).toContain('all jobs completed');
    expect(await two.stop('SIGTERM')).toBe(0);
    expectExactlyOnceInEffect(await outcome(database.db, effectsFile));
  }, 120_000);
});
