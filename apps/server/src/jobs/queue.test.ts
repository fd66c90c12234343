import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase, type ClonedDatabase } from '@switchboard/testing';
import { createLogger } from '../platform/logger';
import { createJobQueue, defineJob, EffectInterruptedError, type JobContext, type JobQueue } from './index';

const logger = createLogger({ level: 'silent' });

/** Resolves when `count` calls were recorded. */
function recorder<T>() {
  const calls: T[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    calls,
    push(value: T) {
      calls.push(value);
      for (const waiter of waiters.filter((entry) => calls.length >= entry.count)) waiter.resolve();
    },
    until(count: number) {
      return calls.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
  };
}

describe('the job queue', () => {
  let database: ClonedDatabase;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await cloneDatabase(inject('databaseTemplate'));
    jobs = createJobQueue({ db: database.db, kind: database.kind, logger, maintenanceIntervalSeconds: 1 });
  });
  afterAll(async () => {
    await jobs.stop({ graceMs: 100 });
    await database.close();
  });

  it('runs a sent job once, completes it with the handler output, and answers idempotent sends', async () => {
    const echo = defineJob<{ text: string }>('test.echo');
    const seen = recorder<{ text: string; context: JobContext }>();
    await jobs.work(echo, (payload, context) => {
      seen.push({ ...payload, context });
      return Promise.resolve({ echoed: payload.text.toUpperCase() });
    });
    const first = await jobs.send(echo, { text: 'hello' }, { idempotencyKey: 'greeting-1' });
    const again = await jobs.send(echo, { text: 'hello again' }, { idempotencyKey: 'greeting-1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(jobs.idFor(echo, 'greeting-1')).toBe(first.id);
    await seen.until(1);
    await expect.poll(async () => (await jobs.getJob(echo, first.id))?.state).toBe('completed');
    const record = await jobs.getJob(echo, first.id);
    expect(record).toMatchObject({ payload: { text: 'hello' }, output: { echoed: 'HELLO' }, retryCount: 0 });
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]?.context).toMatchObject({ jobId: first.id, attempt: 1, attemptId: `${first.id}:1` });
    // Still idempotent once the job has finished.
    expect(await jobs.send(echo, { text: 'later' }, { idempotencyKey: 'greeting-1' })).toEqual(again);
    expect(seen.calls).toHaveLength(1);
  });

  it('sends a batch in one statement, idempotent per key as send is, and its consumer takes it without a poll', async () => {
    const batch = defineJob<{ key: string }>('test.batch');
    const seen = recorder<string>();
    // A poll a minute apart: only the wake-up the batch sends can start these jobs within the test.
    await jobs.work(
      batch,
      (payload) => {
        seen.push(payload.key);
        return Promise.resolve(null);
      },
      { concurrency: 4, pollingIntervalSeconds: 60 },
    );
    const items = (keys: string[]) => keys.map((key) => ({ payload: { key }, idempotencyKey: key }));
    expect(await jobs.sendMany(batch, items(['a', 'b', 'c']))).toBe(3);
    expect(await jobs.sendMany(batch, items(['b', 'c', 'd']))).toBe(1);
    expect(await jobs.send(batch, { key: 'a' }, { idempotencyKey: 'a' })).toEqual({
      id: jobs.idFor(batch, 'a'),
      created: false,
    });
    await seen.until(4);
    expect([...seen.calls].sort()).toEqual(['a', 'b', 'c', 'd']);
    await expect
      .poll(async () => (await jobs.getJob(batch, jobs.idFor(batch, 'd')))?.state, { timeout: 5000 })
      .toBe('completed');
    expect(await jobs.sendMany(batch, items(['d']))).toBe(0);
    expect(seen.calls).toHaveLength(4);
  });

  it('retries a failing job under its policy, with backoff, and fails it once the retries are used up', async () => {
    const flaky = defineJob<{ n: number }>('test.flaky', {
      retryLimit: 2,
      retryDelay: 1,
      retryBackoff: true,
    });
    const attempts = recorder<{ attempt: number; final: boolean; at: number }>();
    await jobs.work(flaky, (_payload, context) => {
      attempts.push({ attempt: context.attempt, final: context.finalAttempt, at: Date.now() });
      return Promise.reject(new Error(`attempt ${context.attempt} failed`));
    });
    const { id } = await jobs.send(flaky, { n: 1 });
    await attempts.until(1);
    await expect.poll(async () => (await jobs.getJob(flaky, id))?.state).toBe('retry');
    const waiting = await jobs.getJob(flaky, id);
    // Backoff: the first retry waits retryDelay * (1 + random) seconds, at least the delay.
    const firstDelay = (waiting?.startAfter.getTime() ?? 0) - (attempts.calls[0]?.at ?? 0);
    expect(firstDelay).toBeGreaterThanOrEqual(900);
    expect(firstDelay).toBeLessThanOrEqual(2100);
    expect(waiting?.output).toMatchObject({ message: 'attempt 1 failed' });
    await attempts.until(3);
    await expect.poll(async () => (await jobs.getJob(flaky, id))?.state, { timeout: 10_000 }).toBe('failed');
    expect(attempts.calls.map((call) => [call.attempt, call.final])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // The second retry waited longer than the first (2-4 s against 1-2 s).
    const [a, b, c] = attempts.calls.map((call) => call.at);
    expect((c ?? 0) - (b ?? 0)).toBeGreaterThanOrEqual(1900);
    expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(900);
    expect((await jobs.getJob(flaky, id))?.output).toMatchObject({ message: 'attempt 3 failed' });
  }, 20_000);

  it('holds a job until startAfter and starts it promptly then', async () => {
    const later = defineJob<{ due: number }>('test.later');
    const started = recorder<{ due: number; at: number }>();
    await jobs.work(
      later,
      ({ due }) => {
        started.push({ due, at: Date.now() });
        return Promise.resolve();
      },
      {
        pollingIntervalSeconds: 5,
      },
    );
    const due = Date.now() + 1200;
    await jobs.send(later, { due }, { startAfter: new Date(due) });
    await started.until(1);
    const lateness = (started.calls[0]?.at ?? 0) - due;
    // Not before it is due, and well within the 5 s poll: the send's nudge set a timer for it.
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(500);
  });

  it("keeps one waiting job per singleton key on a 'short' queue", async () => {
    const refresh = defineJob<{ contact: string; n: number }>('test.refresh', { policy: 'short' });
    const ran = recorder<string>();
    await jobs.work(
      refresh,
      ({ contact, n }) => {
        ran.push(`${contact}:${n}`);
        return Promise.resolve();
      },
      {
        concurrency: 4,
      },
    );
    const due = new Date(Date.now() + 1000);
    const alice = await jobs.send(
      refresh,
      { contact: 'alice', n: 1 },
      { singletonKey: 'alice', startAfter: due },
    );
    const aliceAgain = await jobs.send(
      refresh,
      { contact: 'alice', n: 2 },
      { singletonKey: 'alice', startAfter: due },
    );
    const bob = await jobs.send(refresh, { contact: 'bob', n: 1 }, { singletonKey: 'bob', startAfter: due });
    expect(alice.created).toBe(true);
    expect(aliceAgain).toEqual({ id: alice.id, created: false });
    expect(bob.created).toBe(true);
    await ran.until(2);
    expect(ran.calls.sort()).toEqual(['alice:1', 'bob:1']);
    await expect.poll(async () => (await jobs.getJob(refresh, alice.id))?.state).toBe('completed');
    // Once the waiting one has run, the key takes a new job.
    const next = await jobs.send(refresh, { contact: 'alice', n: 3 }, { singletonKey: 'alice' });
    expect(next.created).toBe(true);
    await ran.until(3);
    expect(ran.calls).toContain('alice:3');
  });

  it('enqueues inside a transaction only if it commits', async () => {
    const inTx = defineJob<{ n: number }>('test.in-transaction');
    const seen = recorder<number>();
    await jobs.work(inTx, ({ n }) => {
      seen.push(n);
      return Promise.resolve();
    });
    await database.db
      .transaction(async (tx) => {
        await jobs.send(inTx, { n: 1 }, { tx, idempotencyKey: 'rolled-back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await jobs.send(inTx, { n: 2 }, { tx });
    });
    await seen.until(1);
    expect(await jobs.getJob(inTx, jobs.idFor(inTx, 'rolled-back'))).toBeNull();
    expect(seen.calls).toEqual([2]);
  });

  it('records effects per attempt: done steps are skipped, a step cut off mid-way is reported', async () => {
    const payout = defineJob<{ amount: number }>('test.payout', {
      retryLimit: 3,
      retryDelay: 0,
      retryBackoff: false,
    });
    const outcomes = recorder<string>();
    let sent = 0;
    await jobs.work(payout, async ({ amount }, { effects, attempt }) => {
      if (amount === 1) {
        // Claims and completes the step, then fails after it: the retry must not pay again.
        const receipt = await effects.once('paid', () => Promise.resolve({ receipt: `r-${++sent}` }));
        if (attempt === 1) throw new Error('failed after paying');
        outcomes.push(`amount 1 attempt ${attempt}: ${receipt.receipt}`);
        return;
      }
      // Claims the step and dies before completing it: the retry cannot know whether it happened.
      if (attempt === 1) {
        expect(await effects.claim('paid')).toEqual({ state: 'claimed' });
        throw new Error('cut off mid-step');
      }
      const claim = await effects.claim('paid');
      await expect(effects.once('paid', () => Promise.resolve('never'))).rejects.toBeInstanceOf(
        EffectInterruptedError,
      );
      outcomes.push(`amount 2 attempt ${attempt}: ${claim.state}`);
    });
    await jobs.send(payout, { amount: 1 });
    const second = await jobs.send(payout, { amount: 2 });
    await outcomes.until(2);
    expect(outcomes.calls.sort()).toEqual(['amount 1 attempt 2: r-1', 'amount 2 attempt 2: interrupted']);
    expect(sent).toBe(1);
    const rows: unknown = await database.db.execute(
      sql`SELECT attempt_id, state FROM job_effects WHERE job_id = ${second.id}`,
    );
    expect((rows as { rows: unknown[] }).rows).toEqual([{ attempt_id: `${second.id}:1`, state: 'claimed' }]);
  });

  it('fails an attempt that outlives its expiry and aborts its signal', async () => {
    const slow = defineJob<{ n: number }>('test.slow', { expireInSeconds: 1, retryLimit: 0 });
    const aborted = recorder<string>();
    await jobs.work(slow, async (_payload, { signal }) => {
      await new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          aborted.push((signal.reason as Error).message);
          resolve();
        }),
      );
      return { finished: true };
    });
    const { id } = await jobs.send(slow, { n: 1 });
    await aborted.until(1);
    expect(aborted.calls[0]).toContain('expiry');
    await expect.poll(async () => (await jobs.getJob(slow, id))?.state).toBe('failed');
    // The late return of the expired attempt changed nothing.
    expect((await jobs.getJob(slow, id))?.output).toMatchObject({
      message: expect.stringContaining('expired') as unknown,
    });
  });
});

describe('stopping the job queue', () => {
  it('hands a running attempt back to the queue when it does not finish within the grace', async () => {
    const database = await cloneDatabase(inject('databaseTemplate'));
    try {
      const long = defineJob<{ n: number }>('test.long', { retryLimit: 0 });
      const first = createJobQueue({ db: database.db, kind: database.kind, logger });
      const started = recorder<number>();
      await first.work(long, async (_payload, { attempt }) => {
        started.push(attempt);
        await new Promise(() => undefined);
      });
      const { id } = await first.send(long, { n: 1 });
      await started.until(1);
      await first.stop({ graceMs: 50 });
      const second = createJobQueue({ db: database.db, kind: database.kind, logger });
      const record = await second.getJob(long, id);
      expect(record).toMatchObject({
        state: 'retry',
        output: { message: expect.stringContaining('handed back') as unknown },
      });
      const resumed = recorder<number>();
      await second.work(long, (_payload, { attempt }) => {
        resumed.push(attempt);
        return Promise.resolve();
      });
      await resumed.until(1);
      // The hand-back used no retry (retryLimit 0), and the next run is a new attempt.
      expect(resumed.calls).toEqual([2]);
      await expect.poll(async () => (await second.getJob(long, id))?.state).toBe('completed');
      await second.stop();
    } finally {
      await database.close();
    }
  });
});

// Several processes share one database only on a PostgreSQL server (PGlite's files have one owner).
describe.runIf(process.env.TEST_DATABASE_URL)('job queues of several processes starting together', () => {
  it('all make the same queues, none failing on the others creating them at the same moment', async () => {
    const database = await cloneDatabase(inject('databaseTemplate'));
    const types = Array.from({ length: 8 }, (_, index) =>
      defineJob<{ n: number }>(
        `test.together-${index}`,
        index % 2 ? { deadLetter: 'test.together-dead' } : {},
      ),
    );
    const processes = Array.from({ length: 4 }, () =>
      createJobQueue({ db: database.db, kind: database.kind, logger }),
    );
    try {
      // Each process prepares every type at once, as a server does at start-up.
      await Promise.all(processes.map((jobs) => jobs.prepare(...types)));
      const result: unknown = await database.db.execute(
        sql`select name from pgboss.queue where name like 'test.together-%' order by name`,
      );
      expect((result as { rows: { name: string }[] }).rows.map((row) => row.name)).toEqual(
        [...types.map((type) => type.name), 'test.together-dead'].sort(),
      );
      // And every one of them takes work.
      const sent = await processes[3]!.send(types[5]!, { n: 5 });
      expect(sent.created).toBe(true);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.stop({ graceMs: 50 })));
      await database.close();
    }
  });
});
