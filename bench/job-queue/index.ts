// The job queue's floor: a bare pg-boss send/fetch loop (jobs/s, and the delay from send to fetch with the loop
// polling at pg-boss's 0.5 s floor), then the same jobs through the server's queue (jobs.work at concurrency 100,
// woken by LISTEN/NOTIFY nudges and due-time timers): the delay from a job being due to its handler starting, for
// jobs sent due now and jobs sent for 1 s later. The dialer benchmark prints these beside its own figures.
// `npm run bench -- job-queue [--jobs 2000] [--rate 200] [--seconds 5]`; BENCH_DATABASE_URL=postgres://... adds
// a PostgreSQL server beside embedded PGlite.
import { createJobQueue, defineJob } from '@switchboard/server/jobs/index';
import { createLogger } from '@switchboard/server/platform/logger';
import { cloneDatabase, createDatabaseTemplate } from '@switchboard/testing';
import { intFlag, table } from '../support';

const jobCount = intFlag('jobs', 2000);
const rate = intFlag('rate', 200);
const seconds = intFlag('seconds', 5);
const logger = createLogger({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** Sends one job every 1000/rate ms for `seconds`, calling `send(sentAt)`; returns how many were sent. */
async function atRate(send: (sentAt: number) => Promise<unknown>): Promise<number> {
  const total = rate * seconds;
  const began = Date.now();
  for (let n = 0; n < total; n++) {
    const due = began + (n * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    void send(Date.now());
  }
  return total;
}

async function measure(engine: string, url?: string) {
  const { template, dispose } = await createDatabaseTemplate(url);
  const database = await cloneDatabase(template);
  const jobs = createJobQueue({ db: database.db, kind: database.kind, logger });
  const rows: Record<string, string | number>[] = [];
  try {
    const boss = await jobs.boss();
    await boss.createQueue('bench.bare');

    // 1. Bare throughput: N sends one by one, then fetch-and-complete in batches of 100.
    let began = performance.now();
    for (let n = 0; n < jobCount; n++) await boss.send('bench.bare', { n });
    const sendRate = jobCount / ((performance.now() - began) / 1000);
    began = performance.now();
    let fetched = 0;
    while (fetched < jobCount) {
      const batch = await boss.fetch('bench.bare', { batchSize: 100 });
      if (batch.length === 0) continue;
      await boss.complete(
        'bench.bare',
        batch.map((job) => job.id),
      );
      fetched += batch.length;
    }
    const fetchRate = jobCount / ((performance.now() - began) / 1000);
    rows.push({ engine, measure: 'bare pg-boss send', 'jobs/s': sendRate, 'p50 ms': '', 'p99 ms': '' });
    rows.push({
      engine,
      measure: 'bare fetch+complete (100)',
      'jobs/s': fetchRate,
      'p50 ms': '',
      'p99 ms': '',
    });

    // 2. Bare latency: sends at a steady rate; the loop fetches until empty, then sleeps the 0.5 s polling floor.
    const bareDelays: number[] = [];
    const loop = (async () => {
      while (bareDelays.length < rate * seconds) {
        const batch = await boss.fetch<{ sentAt: number }>('bench.bare', { batchSize: 100 });
        const at = Date.now();
        for (const job of batch) bareDelays.push(at - job.data.sentAt);
        if (batch.length > 0)
          await boss.complete(
            'bench.bare',
            batch.map((job) => job.id),
          );
        else await sleep(500);
      }
    })();
    await atRate((sentAt) => boss.send('bench.bare', { sentAt }));
    await loop;
    rows.push({
      engine,
      measure: `bare send→fetch, poll 0.5 s (${rate}/s)`,
      'jobs/s': rate,
      'p50 ms': percentile(bareDelays, 0.5),
      'p99 ms': percentile(bareDelays, 0.99),
    });

    // 3. The server's queue: due → handler started, concurrency 100, for jobs due now and jobs due 1 s later.
    for (const [label, ahead] of [
      ['queue due now → started', 0],
      ['queue due +1 s → started', 1000],
    ] as const) {
      const job = defineJob<{ dueAt: number }>(`bench.queue-${ahead}`);
      const delays: number[] = [];
      await jobs.work(
        job,
        async ({ dueAt }) => {
          delays.push(Date.now() - dueAt);
          await sleep(20);
        },
        { concurrency: 100 },
      );
      const total = await atRate((sentAt) =>
        jobs.send(job, { dueAt: sentAt + ahead }, { startAfter: new Date(sentAt + ahead) }),
      );
      while (delays.length < total) await sleep(50);
      rows.push({
        engine,
        measure: `${label} (${rate}/s)`,
        'jobs/s': rate,
        'p50 ms': percentile(delays, 0.5),
        'p99 ms': percentile(delays, 0.99),
      });
    }
  } finally {
    await jobs.stop({ graceMs: 1000 });
    await database.close();
    await dispose();
  }
  return rows;
}

const results = await measure('PGlite');
if (process.env.BENCH_DATABASE_URL)
  results.push(...(await measure('PostgreSQL', process.env.BENCH_DATABASE_URL)));
table(results);
