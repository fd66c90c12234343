import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs';
import type { Db } from '../../platform/database';
import { enqueueDueTasks } from './task-dispatch';
import { settleEndedCalls } from './task-outcomes';
import { listenForDialerWake, type NotificationListener } from './dialer.repo';
import { findNextDueTime } from './tasks.repo';

/** How far before its last look a pass reads again (clocks of other processes, commits landing late). */
const lookBackMarginMs = 1000;

/** Ended calls closed per pass (about a quarter of a second of work at most, so due tasks never wait long). */
const settleBatch = 50;

/** The longest a wait for the next due task is armed; the timer is armed again from the database then. */
const longestWaitMs = 60 * 60_000;

/**
 * Due times and ended calls are looked at in steps of this many milliseconds: tasks coming due (calls ending) within
 * one step share a pass (at 50 a second, 10 passes instead of 50), at the cost of up to one step of latency.
 */
const stepMs = 100;

/** Tasks this process remembers having sent (their due time); past it the memory starts again. */
const rememberedMost = 20_000;

export interface DispatcherDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMany'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The dialer's dispatch in one process: acts the moment a task becomes due instead of at the next sweep. It hears
 * the database's announcements (a task created or rescheduled, a call of a running task ended) and keeps a timer for
 * the next pending task's due time; a pass closes the tries whose calls ended (a line freed wakes the tasks waiting
 * for one), sends every due task's job (idempotent, so processes sharing the database may both pass) and arms the
 * timer again. Passes never overlap; events during one run another right after. The dialer's sweep job runs a pass
 * too, as a safety net for what was missed (a lost connection, a crash between a write and its announcement).
 */
export class DialerDispatcher {
  private listener: NotificationListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private current: Promise<void> | null = null;
  private again = false;
  private settle = true;
  private stopped = false;
  /**
   * The next pass reads the tasks due after this time (epoch ms, less a margin): the last pass's time, lowered by
   * every announcement since (a task written due earlier, a line freed). Tasks a pass already saw due stay in the
   * queue's hands; only the sweep reads them all again.
   */
  private lookBack = Number.NEGATIVE_INFINITY;
  /** The due time of each task whose job this process sent: a later pass skips them without a statement. */
  private readonly sent = new Map<number, number>();
  /** Passes, due tasks seen and tries closed by this process so far. */
  readonly totals = { passes: 0, enqueued: 0, settled: 0 };

  constructor(private readonly deps: DispatcherDeps) {}

  /** Listens for the announcements and runs a first pass. */
  async start(): Promise<void> {
    this.listener = await listenForDialerWake(
      this.deps.db,
      (payload) => {
        if (payload === 'settle') this.settleSoon();
        else this.announced(Number(payload));
      },
      {
        onError: (error) =>
          this.deps.logger.warn({ err: error }, 'dialer announcements lost; the sweep continues'),
        onReconnect: () => this.wakeFull(),
      },
    );
    this.wakeFull();
  }

  /** A pass over every due task (not only those due or written since the last pass), closing ended calls too. */
  private wakeFull(): void {
    this.lookBack = Number.NEGATIVE_INFINITY;
    this.sent.clear();
    this.wake({ settle: true });
  }

  /** A write left a task pending, due at `at` (the earliest of the statement's): the next pass looks back to it. */
  private announced(at: number): void {
    const due = Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY;
    this.lookBack = Math.min(this.lookBack, due);
    this.wakeAt(due);
  }

  /** A pass now (after the one running, if any); `settle` also closes the tries whose calls ended. */
  wake(options: { settle?: boolean } = {}): void {
    if (this.stopped) return;
    if (options.settle) this.settle = true;
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = this.passes();
  }

  /**
   * A pass closing the ended calls within a step: calls ending together (one announcement each) share a pass, and
   * the lines they free are taken by the tasks waiting for one in the pass right after.
   */
  settleSoon(): void {
    this.settle = true;
    this.wakeAt(Date.now() + stepMs);
  }

  /** A pass at `at` (epoch ms), or now when it has come. */
  wakeAt(at: number): void {
    if (!Number.isFinite(at) || at <= Date.now()) {
      this.wake();
      return;
    }
    const step = Math.ceil(at / stepMs) * stepMs;
    if (this.stopped || step >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = step;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.wake();
      },
      Math.min(step - Date.now(), longestWaitMs),
    );
    this.timer.unref();
  }

  /** Runs a pass (closing ended calls too) and waits for it: the sweep job's safety net. */
  async sweep(): Promise<{ enqueued: number; settled: number }> {
    const before = { ...this.totals };
    this.wakeFull();
    while (this.current) await this.current;
    return {
      enqueued: this.totals.enqueued - before.enqueued,
      settled: this.totals.settled - before.settled,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.listener?.close();
    this.listener = null;
    await this.current;
  }

  /** Whether something asked for a pass while the last one ran. */
  private wokenDuringPass(): boolean {
    return this.again;
  }

  private async passes(): Promise<void> {
    for (;;) {
      this.again = false;
      try {
        const { enqueued, settled } = await this.pass();
        this.totals.passes += 1;
        this.totals.enqueued += enqueued;
        this.totals.settled += settled;
      } catch (error) {
        this.deps.logger.error({ err: error }, 'dialer pass failed; the sweep will retry');
      }
      // Cleared here, in the same turn as the last check, so a wake-up between the two is never lost.
      if (!this.wokenDuringPass() || this.stopped) {
        this.current = null;
        return;
      }
    }
  }

  /**
   * Due tasks first, so that no task waits behind the closing of many ended calls (a campaign's no-answers ending
   * together); then one batch of ended calls. When some were closed, another pass follows at once: for the tasks
   * their freed lines woke, and for the calls still to close.
   */
  private async pass(): Promise<{ enqueued: number; settled: number }> {
    const { db, jobs } = this.deps;
    const now = new Date();
    if (this.sent.size > rememberedMost) this.sent.clear();
    const from = this.lookBack - lookBackMarginMs;
    this.lookBack = Number.POSITIVE_INFINITY;
    let due: Awaited<ReturnType<typeof enqueueDueTasks>>;
    try {
      due = await enqueueDueTasks(db, jobs, {
        now,
        dueAfter: Number.isFinite(from) ? new Date(from) : undefined,
        known: (task) => this.sent.get(task.id) === task.scheduledFor.getTime(),
      });
    } catch (error) {
      this.lookBack = Number.NEGATIVE_INFINITY;
      throw error;
    }
    this.lookBack = Math.min(this.lookBack, now.getTime());
    for (const task of due) this.sent.set(task.id, task.scheduledFor.getTime());
    let settled = 0;
    if (this.settle) {
      this.settle = false;
      settled = await settleEndedCalls({ db, now: () => new Date() }, settleBatch);
      if (settled >= settleBatch) this.settle = true;
      // The tasks a freed line wakes are announced (and looked back to) like any other write.
      if (settled > 0) this.again = true;
    }
    const next = await findNextDueTime(db, now);
    if (next) this.wakeAt(next.getTime());
    return { enqueued: due.length, settled };
  }
}
