import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { startWorker } from '../worker';
import { defineJob } from './define';
import type { JobFeature } from './registry';

/**
 * A worker process for the crash tests (jobs/crash.test.ts): it enqueues CRASH_JOBS jobs (idempotently, so a restart
 * adds none; CRASH_SEED=false leaves that to the test) and works them through the real worker start-up. Each job
 * performs one irreversible step, appending a line to CRASH_EFFECTS_FILE (outside the database, like a call placed
 * at a carrier), holds CRASH_HOLD_MS inside the step so a kill lands mid-step, then records its outcome and the
 * effect in one transaction. Progress goes to stdout for the test to follow, ending with 'all jobs completed'.
 */
const jobCount = Number(process.env.CRASH_JOBS ?? 20);
const effectsFile = process.env.CRASH_EFFECTS_FILE ?? '';
const holdMs = Number(process.env.CRASH_HOLD_MS ?? 300);
const say = (line: string) => process.stdout.write(`${line}\n`);

const crashJob = defineJob<{ n: number }>('test.crash-effect', {
  retryLimit: 2,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 3,
});

const crashFeature: JobFeature = {
  area: 'crash-test',
  async start({ jobs, services }) {
    const { db } = services;
    // Two workers start side by side on one database, and CREATE TABLE IF NOT EXISTS is not safe against a
    // concurrent create of the same table: the lock makes the second wait and then find it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('crash_outcomes'))`);
      await tx.execute(
        sql`CREATE TABLE IF NOT EXISTS crash_outcomes (n integer PRIMARY KEY, outcome text NOT NULL, attempt_id text NOT NULL)`,
      );
    });
    const outcomes = async () => {
      const result: unknown = await db.execute(sql`SELECT count(*)::int AS count FROM crash_outcomes`);
      return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    };
    const record = async (n: number, outcome: string, attemptId: string) => {
      await db.execute(
        sql`INSERT INTO crash_outcomes (n, outcome, attempt_id) VALUES (${n}, ${outcome}, ${attemptId})`,
      );
    };
    // Every outcome recorded is not yet every job completed: a job whose outcome committed just before a kill is
    // completed by its retry once its attempt expires. The test reads the end from this line.
    let watching = false;
    const untilAllCompleted = async () => {
      if (watching) return;
      watching = true;
      for (;;) {
        const result: unknown = await db.execute(
          sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'test.crash-effect' AND state <> 'completed'`,
        );
        if ((result as { rows: { count: number }[] }).rows[0]?.count === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      say('all jobs completed');
    };
    await jobs.work(
      crashJob,
      async ({ n }, { effects, attemptId }) => {
        say(`claiming ${n} ${attemptId}`);
        const claim = await effects.claim<{ line: number }>('side effect');
        if (claim.state === 'done') return { outcome: 'already done' };
        if (claim.state === 'interrupted') {
          // Cut off by the crash: whether the step happened is unknown, so it is closed, never repeated.
          await record(n, 'interrupted', attemptId);
          say(`outcome ${n} interrupted`);
        } else {
          say(`performing ${n} ${attemptId}`);
          appendFileSync(effectsFile, `${n} ${attemptId}\n`);
          await new Promise((resolve) => setTimeout(resolve, holdMs));
          await db.transaction(async (tx) => {
            await tx.execute(
              sql`INSERT INTO crash_outcomes (n, outcome, attempt_id) VALUES (${n}, 'done', ${attemptId})`,
            );
            await effects.complete('side effect', { n }, tx);
          });
          say(`effect ${n} ${attemptId}`);
        }
        if ((await outcomes()) === jobCount) void untilAllCompleted();
        return { outcome: 'recorded' };
      },
      { concurrency: 4, pollingIntervalSeconds: 0.5 },
    );
    if (process.env.CRASH_SEED === 'false') return;
    for (let n = 1; n <= jobCount; n++) await jobs.send(crashJob, { n }, { idempotencyKey: `crash-${n}` });
  },
};

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const worker = await startWorker(config, logger, { jobFeatures: [crashFeature] });
say(`crash worker ready ${process.pid}`);
const keepAlive = setInterval(() => undefined, 60_000);
process.once('SIGTERM', () => {
  clearInterval(keepAlive);
  void worker.stop().then(() => process.exit(0));
});
