// The dialer's queue: 10,000 call tasks to sandbox callees (busy and no-answer lines, so the time goes to the
// queue and the dialer, not to conversations) on the real app (sandbox carrier attached, Sandbox model, instant
// speech), placed by the dialer's job ('tasks.place') at concurrency 100, sent by the dialer's event-driven dispatch
// (dialer-dispatch.ts: the database announces a task coming due; no sweep).
//   1. Burst: all 10,000 due at once: the dispatch rate (calls placed per second) and CPU time per task.
//   2. Steady: tasks coming due at a steady rate: queue latency from due to call placed, p50 and p99.
// Beside them, in the same run on the same database: a bare pg-boss send/fetch/complete loop (throughput, and
// send → fetch delay polling at pg-boss's 0.5 s floor).
// `npm run bench -- dialer [--tasks 10000] [--concurrency 100] [--rate 100] [--seconds 20]`;
// BENCH_DATABASE_URL=postgres://... runs it on a PostgreSQL server instead of embedded PGlite.
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { accounts, eq, seedDemoData, taskLimits } from '@switchboard/db';
import { buildApp } from '@switchboard/server/app';
import { dialerDeps } from '@switchboard/server/features/tasks/dialer.jobs';
import { placeTaskJob } from '@switchboard/server/features/tasks/dialer.service';
import { DialerDispatcher } from '@switchboard/server/features/tasks/dialer-dispatch';
import { placeTask } from '@switchboard/server/features/tasks/task-dispatch';
import { insertTaskRows, type NewTaskRow } from '@switchboard/server/features/tasks/tasks.repo';
import { loadConfig } from '@switchboard/server/platform/config';
import { createLogger } from '@switchboard/server/platform/logger';
import { instantSpeechProviders } from '@switchboard/server/providers/shared/speech-providers';
import { createServices } from '@switchboard/server/services';
import { cloneDatabase, createDatabaseTemplate } from '@switchboard/testing';
import { intFlag, table } from '../support';

const taskCount = intFlag('tasks', 10_000);
const concurrency = intFlag('concurrency', 100);
const rate = intFlag('rate', 100);
const seconds = intFlag('seconds', 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

// Sandbox callees: 4 = busy, 5 = no answer (+1 555 200-0XNN).
const calleeOf = (n: number) => `+15552000${n % 2 === 0 ? '4' : '5'}${String(n % 100).padStart(2, '0')}`;

async function measure(engine: string, url: string | undefined) {
  const { template, dispose } = await createDatabaseTemplate(url);
  const database = await cloneDatabase(template);
  const db = database.db;
  await seedDemoData(db);
  const [agent] = await db.select().from(accounts).where(eq(accounts.username, 'agent1'));
  if (!agent) throw new Error('the demo seed wrote no agent1');
  await db.update(accounts).set({ vidaPhoneNumber: '+15550100001' }).where(eq(accounts.id, agent.id));
  // One campaign's agent account with room for the whole run: caps and lines above the task count, no cooldown.
  await db.insert(taskLimits).values({
    accountId: agent.id,
    daily: { calls: 1_000_000, texts: 1_000_000, tasks: 1_000_000 },
    concurrencyPerRun: 100_000,
    cooldowns: { calls: 0, texts: 0 },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dialer-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    LOG_LEVEL: 'silent',
    JOB_WORKERS: 'off',
  });
  const logger = createLogger({ level: 'silent' });
  const services = createServices(
    { config, database, logger },
    { speech: instantSpeechProviders({ transcripts: () => 'Yes, that works.' }) },
  );
  const app = await buildApp(services);
  await app.ready();
  const rows: Record<string, string | number>[] = [];
  try {
    // The bare pg-boss reference, first, on an idle database.
    const boss = await services.jobs.boss();
    await boss.createQueue('bench.bare');
    let began = performance.now();
    for (let n = 0; n < taskCount; n++) await boss.send('bench.bare', { n });
    let fetched = 0;
    while (fetched < taskCount) {
      const batch = await boss.fetch('bench.bare', { batchSize: concurrency });
      if (batch.length === 0) continue;
      await boss.complete(
        'bench.bare',
        batch.map((job) => job.id),
      );
      fetched += batch.length;
    }
    const bareSeconds = (performance.now() - began) / 1000;
    rows.push({
      engine,
      measure: `bare pg-boss send + fetch/complete (${String(concurrency)}) × ${String(taskCount)}`,
      'per s': taskCount / bareSeconds,
      'p50 ms': '',
      'p99 ms': '',
      'cpu ms/task': '',
    });
    const bareDelays: number[] = [];
    const bareTotal = rate * seconds;
    const loop = (async () => {
      while (bareDelays.length < bareTotal) {
        const batch = await boss.fetch<{ sentAt: number }>('bench.bare', { batchSize: concurrency });
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
    began = Date.now();
    for (let n = 0; n < bareTotal; n++) {
      const due = began + (n * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      void boss.send('bench.bare', { sentAt: Date.now() });
    }
    await loop;
    rows.push({
      engine,
      measure: `bare pg-boss send → fetch, poll 0.5 s (${String(rate)}/s)`,
      'per s': rate,
      'p50 ms': percentile(bareDelays, 0.5),
      'p99 ms': percentile(bareDelays, 0.99),
      'cpu ms/task': '',
    });

    // The dialer: the real job handler at the given concurrency, and the dialer's dispatch.
    const deps = dialerDeps(services);
    const dueAt = new Map<number, number>();
    const placedAt = new Map<number, number>();
    const outcomes = new Map<string, number>();
    await services.jobs.work(
      placeTask,
      async ({ taskId }, context) => {
        const result = await placeTaskJob(deps, taskId, context);
        if (result === 'placed') placedAt.set(taskId, Date.now());
        outcomes.set(result, (outcomes.get(result) ?? 0) + 1);
        return { result };
      },
      { concurrency },
    );
    const dispatcher = new DialerDispatcher({ db, jobs: services.jobs, logger });
    await dispatcher.start();
    const queue = async (count: number, dueOf: (n: number) => Date, offset: number) => {
      const tasks: NewTaskRow[] = Array.from({ length: count }, (_, n) => ({
        accountId: agent.id,
        organizationId: agent.organizationId,
        type: 'call' as const,
        target: calleeOf(offset + n),
        context: `Bench contact ${String(offset + n)}`,
        scheduledFor: dueOf(n),
        source: 'api' as const,
      }));
      for (const row of await insertTaskRows(db, tasks)) dueAt.set(row.id, row.scheduledFor.getTime());
    };
    const waitPlaced = async (ids: number[], limitMs: number) => {
      const deadline = Date.now() + limitMs;
      while (ids.some((id) => !placedAt.has(id)) && Date.now() < deadline) await sleep(100);
    };
    const latencies = (ids: number[]) =>
      ids.flatMap((id) => {
        const placed = placedAt.get(id);
        const due = dueAt.get(id);
        return placed === undefined || due === undefined ? [] : [Math.max(0, placed - due)];
      });

    // 1. Burst.
    const burstStart = new Date();
    await queue(taskCount, () => burstStart, 0);
    const burstIds = [...dueAt.keys()];
    const cpuBefore = cpuMs();
    began = performance.now();
    await waitPlaced(burstIds, 30 * 60_000);
    const burstSeconds = (performance.now() - began) / 1000;
    const burst = latencies(burstIds);
    rows.push({
      engine,
      measure: `dialer burst: ${String(taskCount)} due at once, placed ${String(burst.length)}`,
      'per s': burst.length / burstSeconds,
      'p50 ms': percentile(burst, 0.5),
      'p99 ms': percentile(burst, 0.99),
      'cpu ms/task': (cpuMs() - cpuBefore) / Math.max(1, burst.length),
    });

    // 2. Steady: `rate` tasks come due each second for `seconds` seconds (queued ahead, as a campaign is).
    const steadyCount = rate * seconds;
    const steadyStart = Date.now() + 3000;
    const before = new Set(dueAt.keys());
    await queue(steadyCount, (n) => new Date(steadyStart + (n * 1000) / rate), taskCount);
    const steadyIds = [...dueAt.keys()].filter((id) => !before.has(id));
    const steadyCpu = cpuMs();
    await waitPlaced(steadyIds, (seconds + 120) * 1000);
    const steady = latencies(steadyIds);
    rows.push({
      engine,
      measure: `dialer steady: ${String(rate)}/s due for ${String(seconds)} s, placed ${String(steady.length)}`,
      'per s': rate,
      'p50 ms': percentile(steady, 0.5),
      'p99 ms': percentile(steady, 0.99),
      'cpu ms/task': (cpuMs() - steadyCpu) / Math.max(1, steady.length),
    });
    await dispatcher.stop();
    console.log(`${engine}: job results ${JSON.stringify(Object.fromEntries(outcomes))}`);
    console.log(`${engine}: dispatch ${JSON.stringify(dispatcher.totals)}`);
  } finally {
    await app.close();
    await services.close();
    await database.close();
    await dispose();
  }
  return rows;
}

const url = process.env.BENCH_DATABASE_URL;
console.log(
  `${String(cpus().length)} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} at the start`,
);
table(await measure(url ? 'PostgreSQL' : 'PGlite', url));
