// Analytics over the call log: the default dashboard metrics of one organization over 30 days, and a CSV export of
// every row, each beside a reference measured in the same run (DuckDB on one thread for the metrics, a raw
// COPY TO STDOUT for the export). PostgreSQL from BENCH_DATABASE_URL, or a throwaway server started here; PGlite too.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, chownSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';
import { createPglite, migrateDatabase, openDatabase, type DatabaseHandle } from '@switchboard/db';
import { streamLogs } from '@switchboard/server/features/logs/log-download.service';
import { defaultMetrics } from '@switchboard/server/features/metrics/default-metrics';
import { computeMetricValues } from '@switchboard/server/features/metrics/metrics.service';
import { intFlag, table } from '../support';

const rows = intFlag('rows', 1_000_000);
const pgliteRows = intFlag('pglite-rows', 100_000);
const organizations = intFlag('orgs', 10);
const days = intFlag('days', 60);
const rounds = intFlag('rounds', 7);
const orgId = 1000;
const partnerId = 800;

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

async function medianTime(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) times.push((await timed(run)).ms);
  return medianOf(times);
}

/** Peak RSS while `run` goes, sampled every 20 ms, in MB. */
async function withPeakRss<T>(
  run: () => Promise<T>,
): Promise<{ ms: number; peakMb: number; baseMb: number; result: T }> {
  const baseMb = process.memoryUsage().rss / 2 ** 20;
  let peak = baseMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20);
  }, 20);
  try {
    const { ms, result } = await timed(run);
    peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20);
    return { ms, peakMb: peak, baseMb, result };
  } finally {
    clearInterval(timer);
  }
}

const byteCounter = () => {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
};

// Rows spread over `organizations` organizations (three agents each) and `days` days, written in time order as the
// runtime appends them; deterministic per seed.
const generateSql = (count: number) => `
  INSERT INTO conversation_logs (uuid, account_id, account_name, agent_id, organization_id, reseller_id, partner_id,
    "timestamp", duration, from_number, to_number, direction, transfer, call_id, channel, is_test, appointment_booked,
    collected_data, greeting_latency_ms)
  SELECT 'bench-' || g, 5000 + g % ${organizations * 3}, 'Agent ' || (g % ${organizations * 3}), 5000 + g % ${organizations * 3},
    ${orgId} + (g % ${organizations * 3}) / 3, 900, ${partnerId},
    now() - make_interval(secs => ((${count} - g) * ${days * 86_400}.0 / ${count} + random() * 600)::int),
    (20 + random() * 400)::int, '+1555' || lpad((g % 9999999)::text, 7, '0'), '+15550100001',
    CASE WHEN random() < 0.78 THEN 'inbound' ELSE 'outbound' END,
    CASE WHEN random() < 0.1 THEN '+15550109999' END,
    'CA' || g, CASE WHEN random() < 0.85 THEN 'voice' ELSE 'sms' END, false, random() < 0.25,
    CASE WHEN random() < 0.3 THEN jsonb_build_object('patientName', 'Pat ' || g % 100, 'visits', g % 7) ELSE '{}'::jsonb END,
    (300 + random() * 900)::int
  FROM generate_series(1, ${count}) g`;

function startThrowawayPostgres(): { url: string; stop: () => void } {
  const bin = '/usr/lib/postgresql/15/bin';
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  chownSync(
    dir,
    Number(execFileSync('id', ['-u', 'postgres']).toString()),
    Number(execFileSync('id', ['-g', 'postgres']).toString()),
  );
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const asPg = (args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
  asPg([`${bin}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  asPg([
    `${bin}/pg_ctl`,
    '-D',
    `${dir}/data`,
    '-w',
    '-l',
    `${dir}/log`,
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c shared_buffers=256MB`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      asPg([`${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const scopeOrg = { column: 'organizationId' as const, id: orgId };
const scopeAll = { column: 'partnerId' as const, id: partnerId };
const metricOptions = { series: false, timezone: 'UTC' };

async function ourMetrics(handle: DatabaseHandle) {
  const values = await computeMetricValues(
    handle.db,
    scopeOrg,
    defaultMetrics.map((metric) => ({ ...metric })),
    metricOptions,
  );
  return Object.fromEntries(values.map((value) => [value.name, value.value]));
}

// The same nine figures by hand in DuckDB's SQL, over the same rows.
const duckSql = (start: number, end: number) => `
  SELECT sum(duration) FILTER (WHERE channel = 'voice') * 0.0166667 AS timeSaved,
    count(*) FILTER (WHERE channel = 'voice') AS totalCalls,
    count(*) FILTER (WHERE appointment_booked) AS appointmentsBooked,
    count(*) FILTER (WHERE appointment_booked) / count(*) * 100 AS appointmentRate,
    avg(duration) FILTER (WHERE channel = 'voice') AS avgCallTime,
    count(*) FILTER (WHERE channel = 'voice' AND transfer <> '') AS callTransfers,
    count(*) FILTER (WHERE channel = 'voice' AND direction = 'inbound') AS inboundCalls,
    count(*) FILTER (WHERE channel = 'voice' AND direction = 'outbound') AS outboundCalls,
    quantile_cont(greeting_latency_ms, 0.5) FILTER (WHERE channel = 'voice') AS greetingLatency
  FROM logs WHERE organization_id = ${orgId} AND ts >= to_timestamp(${start}) AND ts < to_timestamp(${end})`;

async function benchPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS switchboard_bench');
  await client.query('CREATE DATABASE switchboard_bench');
  await client.end();
  const benchUrl = url.replace(/\/[^/?]*(\?|$)/, '/switchboard_bench$1');
  const handle = await openDatabase({ kind: 'postgres', url: benchUrl });
  await migrateDatabase(handle.db);
  const loader = new pg.Client({ connectionString: benchUrl });
  await loader.connect();
  const load = await timed(async () => {
    await loader.query('SELECT setseed(0.42)');
    await loader.query(generateSql(rows));
    await loader.query('VACUUM ANALYZE conversation_logs');
  });
  const [{ count: orgRows }] = (
    await loader.query(
      `SELECT count(*)::int AS count FROM conversation_logs WHERE organization_id = ${orgId} AND "timestamp" >= now() - interval '30 days'`,
    )
  ).rows as [{ count: number }];
  console.log(
    `PostgreSQL: ${rows.toLocaleString()} rows in ${(load.ms / 1000).toFixed(1)} s; one organization's last 30 days: ${orgRows.toLocaleString()} rows`,
  );

  // DuckDB gets the same rows through a CSV file written by COPY.
  const csvPath = path.join(mkdtempSync(path.join(tmpdir(), 'bench-duck-')), 'logs.csv');
  await pipeline(
    loader.query(
      pgCopyStreams.to(
        `COPY (SELECT organization_id, "timestamp" AS ts, duration, channel, direction, transfer, appointment_booked, greeting_latency_ms FROM conversation_logs) TO STDOUT WITH (FORMAT csv, HEADER true)`,
      ),
    ),
    createWriteStream(csvPath),
  );
  const duck = await DuckDBInstance.create(':memory:', { threads: '1' });
  const duckConnection = await duck.connect();
  await duckConnection.run(
    `CREATE TABLE logs AS SELECT * FROM read_csv('${csvPath}', header = true, columns = {` +
      `'organization_id': 'INTEGER', 'ts': 'TIMESTAMPTZ', 'duration': 'INTEGER', 'channel': 'VARCHAR', ` +
      `'direction': 'VARCHAR', 'transfer': 'VARCHAR', 'appointment_booked': 'BOOLEAN', 'greeting_latency_ms': 'INTEGER'})`,
  );
  rmSync(path.dirname(csvPath), { recursive: true, force: true });

  const ours = await ourMetrics(handle);
  const end = Math.floor(Date.now() / 1000);
  const duckRun = async () =>
    (await duckConnection.runAndReadAll(duckSql(end - 2_592_000, end))).getRowObjectsJson();
  const duckValues = (await duckRun())[0] ?? {};
  const oursMs = await medianTime(() => ourMetrics(handle));
  const duckMs = await medianTime(duckRun);

  console.log('\nDefault metrics of one organization, last 30 days (ours vs DuckDB):');
  table(
    Object.entries(ours).map(([name, value]) => ({
      metric: name,
      ours: value ?? NaN,
      duckdb: Number(duckValues[name] ?? NaN),
    })),
  );

  const exportRun = async (sql: string | null) => {
    const counter = byteCounter();
    if (sql === null) {
      await pipeline(
        await streamLogs(
          { db: handle.db, kind: 'postgres' },
          {
            scope: scopeAll,
            start: 0,
            end: end + 86_400,
            filters: [],
            fields: [
              'accountId',
              'accountName',
              'agentId',
              'timestamp',
              'duration',
              'fromNumber',
              'toNumber',
              'cnam',
              'roomId',
              'direction',
            ],
          },
          'csv',
        ),
        counter.sink,
      );
    } else {
      await pipeline(loader.query(pgCopyStreams.to(sql)), counter.sink);
    }
    return counter.bytes();
  };
  const rawCopy = await withPeakRss(() =>
    exportRun(
      `COPY (SELECT account_id, account_name, agent_id, "timestamp", duration, from_number, to_number, cnam, room_id, direction FROM conversation_logs) TO STDOUT WITH (FORMAT csv, HEADER true)`,
    ),
  );
  const ourExport = await withPeakRss(() => exportRun(null));
  await loader.end();
  await handle.close();
  duckConnection.closeSync();

  return { oursMs, duckMs, orgRows, rawCopy, ourExport };
}

async function benchPglite() {
  const instance = await createPglite('memory://');
  const handle = await openDatabase({ kind: 'pglite', instance });
  await migrateDatabase(handle.db);
  await instance.query('SELECT setseed(0.42)');
  const load = await timed(() => instance.query(generateSql(pgliteRows)));
  await instance.query('VACUUM ANALYZE conversation_logs');
  console.log(
    `\nPGlite: ${pgliteRows.toLocaleString()} rows (fewer than PostgreSQL: it runs in this process) in ${(load.ms / 1000).toFixed(1)} s`,
  );
  const metricsMs = await medianTime(() => ourMetrics(handle));
  const end = Math.floor(Date.now() / 1000);
  const exported = await withPeakRss(async () => {
    const counter = byteCounter();
    await pipeline(
      await streamLogs(
        { db: handle.db, kind: 'pglite' },
        {
          scope: scopeAll,
          start: 0,
          end: end + 86_400,
          filters: [],
          fields: ['accountId', 'timestamp', 'duration', 'direction', 'fromNumber'],
        },
        'csv',
      ),
      counter.sink,
    );
    return counter.bytes();
  });
  await handle.close();
  return { metricsMs, exported };
}

const external = process.env.BENCH_DATABASE_URL;
const server = external ? null : startThrowawayPostgres();
try {
  const postgres = await benchPostgres(external ?? server?.url ?? '');
  const pglite = await benchPglite();
  const mb = (bytes: number) => bytes / 2 ** 20;
  console.log('\nSummary');
  table([
    {
      figure: 'metrics, PostgreSQL (ms, median)',
      ours: postgres.oursMs,
      reference: postgres.duckMs,
      ratio: postgres.oursMs / postgres.duckMs,
      target: '≤ 200 ms and ≤ 5× DuckDB',
    },
    {
      figure: 'CSV export, PostgreSQL (ms)',
      ours: postgres.ourExport.ms,
      reference: postgres.rawCopy.ms,
      ratio: postgres.rawCopy.ms / postgres.ourExport.ms,
      target: '≥ 0.5× COPY speed',
    },
    {
      figure: 'CSV export size (MB)',
      ours: mb(postgres.ourExport.result),
      reference: mb(postgres.rawCopy.result),
      ratio: 1,
      target: '',
    },
    {
      figure: 'CSV export peak RSS growth (MB)',
      ours: postgres.ourExport.peakMb - postgres.ourExport.baseMb,
      reference: postgres.rawCopy.peakMb - postgres.rawCopy.baseMb,
      ratio: 1,
      target: 'flat',
    },
    {
      figure: `metrics, PGlite ${pgliteRows.toLocaleString()} rows (ms)`,
      ours: pglite.metricsMs,
      reference: NaN,
      ratio: NaN,
      target: '',
    },
    { figure: 'CSV export, PGlite (ms)', ours: pglite.exported.ms, reference: NaN, ratio: NaN, target: '' },
    {
      figure: 'CSV export, PGlite peak RSS growth (MB)',
      ours: pglite.exported.peakMb - pglite.exported.baseMb,
      reference: NaN,
      ratio: NaN,
      target: 'flat',
    },
  ]);
} finally {
  server?.stop();
}
