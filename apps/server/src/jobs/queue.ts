import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, DatabaseKind } from '../platform/database';
import type { BatchItem, JobDefinition, JobHandler, SendOptions, SendResult, WorkOptions } from './define';
import { listenForNudges, nudgeChannel, type NotificationListener } from './nudges.repo';
import { JobRunner, type FetchedJob } from './runner';
import {
  bossDbFor,
  bossDbInTransaction,
  completeAttemptSql,
  failAttemptSql,
  handBackAttemptSql,
  insertJobsSql,
} from './sql-adapter';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRecord<Payload> {
  id: string;
  name: string;
  payload: Payload;
  state: JobState;
  /** Retries used so far. */
  retryCount: number;
  retryLimit: number;
  startAfter: Date;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  singletonKey: string | null;
  /** The handler's return value, or the last failure ({ message }). */
  output: unknown;
}

/** The durable job queue (pg-boss 10 on the application's database). See jobs/index.ts for how to use it. */
export interface JobQueue {
  /** Creates or updates the job types' queues (send and work do it on first use). */
  prepare(...jobs: JobDefinition<object>[]): Promise<void>;
  send<P extends object>(job: JobDefinition<P>, payload: P, options?: SendOptions): Promise<SendResult>;
  /**
   * Sends many jobs of one type in one statement (not inside a transaction), each idempotent by its key as with
   * send; this process's consumers of the type are woken at once, the others by the same nudge as send's.
   * Answers how many jobs were created.
   */
  sendMany<P extends object>(job: JobDefinition<P>, items: readonly BatchItem<P>[]): Promise<number>;
  /** Runs `handler` for due jobs of this type in this process, until stop(). */
  work<P extends object>(job: JobDefinition<P>, handler: JobHandler<P>, options?: WorkOptions): Promise<void>;
  /** Sends the job on a cron schedule (one schedule per job type; any process may run it, each tick sends once). */
  schedule<P extends object>(
    job: JobDefinition<P>,
    cron: string,
    payload: P,
    options?: { tz?: string },
  ): Promise<void>;
  unschedule(job: JobDefinition<object>): Promise<void>;
  /** Cancels a job that has not finished; a running attempt finishes its work, but the job is not retried. */
  cancel(job: JobDefinition<object>, id: string): Promise<void>;
  getJob<P extends object>(job: JobDefinition<P>, id: string): Promise<JobRecord<P> | null>;
  /** The id an idempotent send with this key gets (to look the job up later). */
  idFor(job: JobDefinition<object>, idempotencyKey: string): string;
  /**
   * Hands every job left active to the retry policy, as a crashed attempt. Only for a process that owns the
   * database alone (PGlite behind its data-directory lock): there, anything active at start is an orphan.
   */
  recoverInterrupted(): Promise<number>;
  /** Runs `hook` first when the queue stops (a consumer's own listeners and timers). */
  onStop(hook: () => Promise<void>): void;
  /** Stops this process's consumers (running attempts get `graceMs` to finish, then are handed back). */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** The pg-boss instance underneath (benchmarks and tests). */
  boss(): Promise<PgBoss>;
}

export interface JobQueueOptions {
  db: Db;
  kind: DatabaseKind;
  logger: FastifyBaseLogger;
  /** How often expired attempts (a crashed process's) are handed back, across all processes. Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** Schema of pg-boss's tables. Default 'pgboss'. */
  schema?: string;
}

/** A UUID derived from (job type, key): a second send with the key collides on pg-boss's primary key. */
const idempotentId = (name: string, key: string): string => {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** pg-boss's types call these columns non-null; they are null until the job starts or finishes. */
const orNull = <T>(value: T): T | null => value ?? null;

const toRecord = <P>(job: PgBoss.JobWithMetadata<P>): JobRecord<P> => ({
  id: job.id,
  name: job.name,
  payload: job.data,
  state: job.state,
  retryCount: job.retryCount,
  retryLimit: job.retryLimit,
  startAfter: job.startAfter,
  createdOn: job.createdOn,
  startedOn: orNull(job.startedOn),
  completedOn: orNull(job.completedOn),
  singletonKey: job.singletonKey ?? null,
  output: orNull(job.output),
});

/**
 * Creates the queue; pg-boss starts (installing or migrating its schema) on first use, so a process that never
 * touches jobs pays nothing.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, logger } = options;
  const schema = options.schema ?? 'pgboss';
  const bossDb = bossDbFor(db);
  const statements = {
    complete: completeAttemptSql(schema),
    fail: failAttemptSql(schema),
    handBack: handBackAttemptSql(schema),
    insertMany: insertJobsSql(schema),
  };
  const runners = new Map<string, JobRunner[]>();
  const queues = new Map<string, Promise<void>>();
  const readyTypes = new Set<string>();
  let starting: Promise<PgBoss> | null = null;
  let settingUp: Promise<void> = Promise.resolve();
  let listener: Promise<NotificationListener | null> | null = null;
  let stopped = false;
  const stopHooks: (() => Promise<void>)[] = [];

  const boss = (): Promise<PgBoss> => {
    if (stopped) return Promise.reject(new Error('The job queue is stopped'));
    starting ??= (async () => {
      for (let attempt = 1; ; attempt += 1) {
        const instance = new PgBoss({
          db: bossDb,
          schema,
          maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
          // Completed and failed jobs stay in the job table for a day (idempotent sends and lookups read them).
          archiveCompletedAfterSeconds: 24 * 60 * 60,
        });
        instance.on('error', (error) => logger.error({ err: error }, 'job queue error'));
        try {
          await instance.start();
          return instance;
        } catch (error) {
          // Processes starting together on an empty database race to install the queue's schema: the loser's
          // CREATE fails on a catalogue key, and its next start finds the schema installed.
          if (attempt >= 3 || !lostInstallRace(error)) throw error;
          logger.info(
            { attempt },
            'the job queue schema was being installed by another process; starting again',
          );
        }
      }
    })();
    return starting;
  };

  const ensureQueue = (job: JobDefinition<object>): Promise<void> => {
    let ready = queues.get(job.name);
    if (!ready) {
      ready = (async () => {
        const instance = await boss();
        const { retryLimit, retryDelay, retryBackoff, expireInSeconds, retentionDays, policy, deadLetter } =
          job.policy;
        const settings = {
          name: job.name,
          policy,
          retryLimit,
          retryDelay,
          retryBackoff,
          expireInSeconds,
          retentionMinutes: retentionDays * 24 * 60,
          ...(deadLetter ? { deadLetter } : {}),
        };
        // One queue at a time per process (creation also takes a lock across processes: sql-adapter.ts).
        const made = settingUp.then(async () => {
          if (deadLetter && !(await instance.getQueue(deadLetter))) await instance.createQueue(deadLetter);
          if (await instance.getQueue(job.name)) await instance.updateQueue(job.name, settings);
          else await instance.createQueue(job.name, settings);
        });
        settingUp = made.catch(() => undefined);
        await made;
        readyTypes.add(job.name);
      })();
      ready.catch(() => queues.delete(job.name));
      queues.set(job.name, ready);
    }
    return ready;
  };

  /** This process's consumers of a type fetch at once (or at `dueAt`), without waiting for the nudge's round trip. */
  const wakeLocal = (name: string, dueAt: number) => {
    for (const runner of runners.get(name) ?? []) runner.nudge(dueAt);
  };

  const listen = () => {
    listener ??= listenForNudges(
      db,
      (name, dueAt) => {
        for (const runner of runners.get(name) ?? []) runner.nudge(dueAt);
      },
      {
        onError: (error) => logger.warn({ err: error }, 'job queue nudges lost; polling continues'),
        onReconnect: () => runners.forEach((list) => list.forEach((runner) => runner.nudge())),
      },
    ).catch((error: unknown) => {
      logger.warn({ err: error }, 'job queue nudges unavailable; polling only');
      return null;
    });
    return listener;
  };

  const queue: JobQueue = {
    idFor: (job, key) => idempotentId(job.name, key),

    async prepare(...types) {
      await Promise.all(types.map(ensureQueue));
    },

    async send(job, payload, sendOptions = {}) {
      const { startAfter, idempotencyKey, singletonKey, priority, tx, ...overrides } = sendOptions;
      if (tx && !readyTypes.has(job.name) && options.kind === 'pglite') {
        throw new Error(
          `The job type ${job.name} is not ready: prepare it before sending inside a transaction`,
        );
      }
      await ensureQueue(job);
      const instance = await boss();
      const through = tx ? bossDbInTransaction(tx) : bossDb;
      const id = idempotencyKey ? idempotentId(job.name, idempotencyKey) : undefined;
      const due =
        startAfter === undefined
          ? new Date()
          : startAfter instanceof Date
            ? startAfter
            : new Date(Date.now() + startAfter * 1000);
      if (id && (await instance.getJobById(job.name, id, { includeArchive: true, db: through }))) {
        return { id, created: false };
      }
      const created = await instance.send(job.name, payload, {
        ...(id ? { id } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(priority === undefined ? {} : { priority }),
        ...overrides,
        startAfter: due,
        db: through,
      });
      if (!created) {
        if (id) return { id, created: false };
        // A 'short' queue already holds a waiting job with this singleton key.
        const { rows } = (await through.executeSql(
          `SELECT id FROM ${schema}.job WHERE name = $1 AND singleton_key = $2 AND state = 'created' LIMIT 1`,
          [job.name, singletonKey ?? ''],
        )) as { rows: { id: string }[] };
        const waiting = rows[0]?.id;
        if (!waiting) throw new Error(`The job queue refused a ${job.name} job`);
        return { id: waiting, created: false };
      }
      // After the commit (or now, outside a transaction) every process's consumers of this type hear of it.
      await through.executeSql('SELECT pg_notify($1, $2)', [nudgeChannel, `${job.name}|${due.getTime()}`]);
      if (!tx) wakeLocal(job.name, due.getTime());
      return { id: created, created: true };
    },

    async sendMany(job, items) {
      if (items.length === 0) return 0;
      await ensureQueue(job);
      await boss();
      const now = Date.now();
      const rows = items.map((item) => ({
        id: item.idempotencyKey ? idempotentId(job.name, item.idempotencyKey) : randomUUID(),
        name: job.name,
        data: item.payload,
        startAfter: new Date(
          item.startAfter instanceof Date ? item.startAfter.getTime() : now + (item.startAfter ?? 0) * 1000,
        ).toISOString(),
        singletonKey: item.singletonKey ?? null,
      }));
      // A finished job moved to the archive still answers its key, as send's lookup does.
      const { rows: archived } = (await bossDb.executeSql(
        `SELECT id FROM ${schema}.archive WHERE id = ANY($1::uuid[])`,
        [rows.map((row) => row.id)],
      )) as { rows: { id: string }[] };
      const kept = new Set(archived.map((row) => row.id));
      const fresh = rows.filter((row) => !kept.has(row.id));
      if (fresh.length === 0) return 0;
      const { rows: created } = (await bossDb.executeSql(statements.insertMany, [JSON.stringify(fresh)])) as {
        rows: { start_after: Date | string }[];
      };
      if (created.length === 0) return 0;
      const due = Math.min(...created.map((row) => new Date(row.start_after).getTime()));
      await bossDb.executeSql('SELECT pg_notify($1, $2)', [nudgeChannel, `${job.name}|${due}`]);
      wakeLocal(job.name, due);
      return created.length;
    },

    async work<P extends object>(
      job: JobDefinition<P>,
      handler: JobHandler<P>,
      workOptions: WorkOptions = {},
    ) {
      await ensureQueue(job);
      const instance = await boss();
      await listen();
      const runner = new JobRunner(
        {
          name: job.name,
          db,
          boss: bossDb,
          logger,
          statements,
          fetch: (batchSize): Promise<FetchedJob[]> =>
            instance.fetch<object>(job.name, { batchSize, includeMetadata: true }),
        },
        (payload, context) => handler(payload as P, context),
        workOptions,
      );
      runners.set(job.name, [...(runners.get(job.name) ?? []), runner]);
      runner.start();
    },

    async schedule(job, cron, payload, scheduleOptions = {}) {
      await ensureQueue(job);
      await (await boss()).schedule(job.name, cron, payload, scheduleOptions);
    },

    async unschedule(job) {
      await (await boss()).unschedule(job.name);
    },

    async cancel(job, id) {
      await (await boss()).cancel(job.name, id);
    },

    async getJob<P extends object>(job: JobDefinition<P>, id: string) {
      await ensureQueue(job);
      const found = await (await boss()).getJobById<P>(job.name, id, { includeArchive: true });
      return found ? toRecord(found) : null;
    },

    async recoverInterrupted() {
      await boss();
      const { rows } = (await bossDb.executeSql(
        `SELECT name, id, retry_count FROM ${schema}.job WHERE state = 'active'`,
        [],
      )) as { rows: { name: string; id: string; retry_count: number }[] };
      for (const row of rows) {
        await bossDb.executeSql(statements.fail, [
          row.name,
          row.id,
          JSON.stringify({
            message: 'interrupted: the process running the attempt ended without finishing it',
          }),
          row.retry_count,
        ]);
      }
      if (rows.length > 0)
        logger.warn({ jobs: rows.length }, 'jobs interrupted by a restart handed to their retries');
      return rows.length;
    },

    onStop(hook) {
      stopHooks.push(hook);
    },

    async stop({ graceMs = 10_000 } = {}) {
      if (stopped) return;
      await Promise.allSettled(stopHooks.splice(0).map((hook) => hook()));
      const all = [...runners.values()].flat();
      await Promise.all(all.map((runner) => runner.stop(graceMs)));
      runners.clear();
      stopped = true;
      const open = await listener;
      await open?.close();
      if (starting) {
        const instance = await starting.catch(() => null);
        await instance?.stop({ graceful: false, close: false });
      }
    },

    boss,
  };
  return queue;
}

/** A unique-key or already-exists error from installing the queue's schema at the same time as another process. */
function lostInstallRace(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return ['23505', '42P06', '42P07', '42710'].includes(code);
}
