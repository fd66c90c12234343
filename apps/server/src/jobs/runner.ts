import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/database';
import type { JobHandler, WorkOptions } from './define';
import { effectsFor } from './effects.repo';
import type { BossDb } from './sql-adapter';

/** A fetched job as pg-boss answers it with includeMetadata. */
export interface FetchedJob {
  id: string;
  data: object;
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number | string;
}

export interface RunnerDeps {
  name: string;
  db: Db;
  boss: BossDb;
  logger: FastifyBaseLogger;
  fetch(batchSize: number): Promise<FetchedJob[]>;
  statements: { complete: string; fail: string; handBack: string };
}

interface Running {
  job: FetchedJob;
  abort: AbortController;
  done: Promise<void>;
  /** Set once the attempt's outcome is written (or given up on): later results are ignored. */
  settled: boolean;
}

/** Future due times a runner remembers; later ones are left to the polls. */
const maxDueTimes = 10_000;

const errorOutput = (error: unknown) =>
  error instanceof Error
    ? { message: error.message, name: error.name, stack: error.stack }
    : { message: String(error) };

/**
 * One job type's consumer in this process: keeps up to `concurrency` attempts running, fetching only as many jobs
 * as there are free slots (FOR UPDATE SKIP LOCKED, so processes sharing the queue never fetch the same job). It
 * polls every `pollingIntervalSeconds` and wakes early on a nudge (a job sent for now or for a known time) and when a
 * slot frees after a full fetch. Each attempt is completed or failed by its own guarded statement, so an attempt that
 * outlived its expiry cannot complete or fail the attempt that replaced it.
 */
export class JobRunner {
  private readonly running = new Map<string, Running>();
  private readonly concurrency: number;
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private dueTimer: NodeJS.Timeout | null = null;
  /** Known future due times (rounded up to 50 ms), earliest first; the timer is set for the first. */
  private dueTimes: number[] = [];
  private loop: Promise<void> | null = null;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly handler: JobHandler<object>,
    options: WorkOptions,
  ) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.batchSize = Math.max(1, Math.floor(options.batchSize ?? this.concurrency));
    this.intervalMs = Math.max(500, (options.pollingIntervalSeconds ?? 2) * 1000);
  }

  get name(): string {
    return this.deps.name;
  }

  /** Attempts running now. */
  get active(): number {
    return this.running.size;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Fetch now (a job became due); with `dueAt` in the future, fetch then. */
  nudge(dueAt = Date.now()): void {
    if (this.stopping) return;
    const delay = dueAt - Date.now();
    if (delay <= 0) {
      this.woken = true;
      this.wakeUp?.();
      return;
    }
    const at = Math.ceil(dueAt / 50) * 50;
    if (this.dueTimes.includes(at)) return;
    if (this.dueTimes.length >= maxDueTimes) {
      const last = this.dueTimes[this.dueTimes.length - 1] ?? 0;
      if (at >= last) return; // far enough out for the polls to find
      this.dueTimes.pop();
    }
    const index = this.dueTimes.findIndex((time) => time > at);
    this.dueTimes.splice(index === -1 ? this.dueTimes.length : index, 0, at);
    if (index === 0 || this.dueTimes.length === 1) this.armDueTimer();
  }

  private armDueTimer(): void {
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = null;
    const next = this.dueTimes[0];
    if (next === undefined || this.stopping) return;
    this.dueTimer = setTimeout(
      () => {
        const now = Date.now();
        while ((this.dueTimes[0] ?? Infinity) <= now + 5) this.dueTimes.shift();
        this.nudge();
        this.armDueTimer();
      },
      Math.max(0, next - Date.now()),
    );
    this.dueTimer.unref();
  }

  /**
   * Stops fetching and gives running attempts `graceMs` to finish (their signal is aborted at once so they can wind
   * down); what is still running then is handed back to the queue for another worker, without using a retry.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.wakeUp?.();
    await this.loop;
    for (const running of this.running.values()) running.abort.abort(new Error('the worker is stopping'));
    const all = Promise.allSettled([...this.running.values()].map((running) => running.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const running of [...this.running.values()]) {
      if (running.settled) continue;
      running.settled = true;
      await this.write(this.deps.statements.handBack, running.job, {
        message: 'handed back: the worker stopped before the attempt finished',
      }).catch((error: unknown) =>
        this.deps.logger.error({ err: error, job: running.job.id }, 'hand-back failed'),
      );
      this.running.delete(running.job.id);
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.concurrency - this.running.size;
      let full = false;
      if (free > 0) {
        try {
          const size = Math.min(free, this.batchSize);
          const jobs = await this.deps.fetch(size);
          full = jobs.length === size;
          for (const job of jobs) this.begin(job);
        } catch (error) {
          this.deps.logger.error({ err: error, queue: this.name }, 'job fetch failed');
        }
      }
      if (this.isStopping()) break;
      if (full && this.running.size < this.concurrency) continue;
      await this.sleep(full);
    }
  }

  private isStopping(): boolean {
    return this.stopping;
  }

  private sleep(full: boolean): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.intervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        this.woken = false;
        done();
      };
      this.slotFreed = full ? this.wakeUp : null;
    });
  }

  private slotFreed: (() => void) | null = null;

  private begin(job: FetchedJob): void {
    const abort = new AbortController();
    const attempt = job.retryCount + 1;
    const attemptId = `${job.id}:${attempt}`;
    const expiresInMs = Math.max(1, Number(job.expireInSeconds)) * 1000;
    const running: Running = { job, abort, settled: false, done: Promise.resolve() };
    const expiry = setTimeout(() => {
      if (running.settled) return;
      running.settled = true;
      abort.abort(new Error(`the attempt ran past its expiry (${expiresInMs / 1000} s)`));
      void this.finish(running, this.deps.statements.fail, {
        message: `expired: the attempt ran longer than ${expiresInMs / 1000} s`,
      });
    }, expiresInMs);
    expiry.unref();
    running.done = (async () => {
      let outcome: { statement: string; output: unknown };
      try {
        const result = await this.handler(job.data, {
          jobId: job.id,
          attemptId,
          attempt,
          finalAttempt: job.retryCount >= job.retryLimit,
          signal: abort.signal,
          effects: effectsFor(this.deps.db, job.id, attemptId),
        });
        outcome = { statement: this.deps.statements.complete, output: result ?? null };
      } catch (error) {
        this.deps.logger.warn({ err: error, queue: this.name, job: job.id, attempt }, 'job attempt failed');
        outcome = { statement: this.deps.statements.fail, output: errorOutput(error) };
      } finally {
        clearTimeout(expiry);
      }
      if (running.settled) return;
      running.settled = true;
      await this.finish(running, outcome.statement, outcome.output);
    })();
    this.running.set(job.id, running);
  }

  private async finish(running: Running, statement: string, output: unknown): Promise<void> {
    try {
      const { rows } = await this.write(statement, running.job, output);
      // A retry of this job is due at a known time: fetch then rather than at the next poll.
      const retry = (rows as { state?: string; start_after?: Date | string }[]).find(
        (row) => row.state === 'retry',
      );
      if (retry?.start_after) this.nudge(new Date(retry.start_after).getTime());
    } catch (error) {
      // The attempt stays active; the queue's expiry hands it to another worker.
      this.deps.logger.error(
        { err: error, queue: this.name, job: running.job.id },
        'recording a job outcome failed',
      );
    } finally {
      this.running.delete(running.job.id);
      const wake = this.slotFreed;
      this.slotFreed = null;
      wake?.();
    }
  }

  private write(statement: string, job: FetchedJob, output: unknown) {
    const value = output !== null && typeof output === 'object' ? output : { value: output };
    return this.deps.boss.executeSql(statement, [this.name, job.id, JSON.stringify(value), job.retryCount]);
  }
}
