import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationLogs } from '@switchboard/db';
import { startApp, type DemoApp, type DemoUsername, type SignedInClient } from '@switchboard/testing';
import type { MetricValue } from '@switchboard/contract';
import { saveSettings } from '../accounts/accounts.service';
import { writeConversationLog } from '../logs/logs.service';

let kit: DemoApp;
let as: Record<'acme' | 'globex', SignedInClient>;
const now = Math.floor(Date.now() / 1000);

interface Call {
  agent: DemoUsername;
  daysAgo: number;
  duration: number;
  direction?: 'inbound' | 'outbound';
  channel?: 'voice' | 'sms';
  booked?: boolean;
  transfer?: string | null;
  latency?: number;
  collected?: Record<string, unknown>;
}

const acmeCalls: Call[] = [
  { agent: 'agent1', daysAgo: 1, duration: 120, booked: true, latency: 400, collected: { score: 8 } },
  {
    agent: 'agent1',
    daysAgo: 1,
    duration: 60,
    transfer: '+15550109999',
    latency: 600,
    collected: { score: 4 },
  },
  { agent: 'agent2', daysAgo: 5, duration: 300, direction: 'outbound', latency: 900 },
  { agent: 'agent2', daysAgo: 12, duration: 45, channel: 'sms', booked: true },
  { agent: 'agent1', daysAgo: 45, duration: 999 },
];

beforeAll(async () => {
  kit = await startApp();
  // The demo calls are not part of these cases.
  await kit.db.delete(conversationLogs);
  as = await kit.signInEach('acme', 'globex');
  const calls: Call[] = [...acmeCalls, { agent: 'agent3', daysAgo: 2, duration: 1000, latency: 100 }];
  for (const call of calls) {
    await writeConversationLog(kit.db, {
      uuid: randomUUID(),
      accountId: kit.ids[call.agent],
      timestamp: new Date((now - call.daysAgo * 86_400) * 1000),
      duration: call.duration,
      direction: call.direction ?? 'inbound',
      channel: call.channel ?? 'voice',
      isTest: false,
      appointmentBooked: call.booked ?? false,
      transfer: call.transfer ?? null,
      collectedData: call.collected ?? {},
      greetingLatencyMs: call.latency ?? null,
      turnLatenciesMs: [],
      usage: {},
    });
  }
});
afterAll(() => kit.close());

const valuesOf = async (who: keyof typeof as, query = '') => {
  const response = await as[who].get<{ metrics: MetricValue[] }>(`/api/v2/metrics/values${query}`);
  expect(response.status, response.text).toBe(200);
  return Object.fromEntries(response.body.metrics.map((metric) => [metric.name, metric]));
};

describe('dashboard metrics', () => {
  it('lists the default metrics and the fields formulas may use', async () => {
    const response = (
      await as.acme.get<{
        metrics: { name: string; title: string }[];
        fields: { name: string }[];
        isDefault: boolean;
      }>('/api/v2/metrics')
    ).body;
    expect(response.isDefault).toBe(true);
    expect(response.metrics.map((metric) => metric.title)).toEqual([
      'Minutes Saved',
      'Calls Answered',
      'Appointments Booked',
      'Appointment Book Rate',
      'Avg Call Duration (sec)',
      'Calls transferred',
      'Inbound Calls',
      'Outbound Calls',
      'Greeting Latency p50 (ms)',
    ]);
    expect(response.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['duration', 'transfer', 'score']),
    );
  });

  it("computes the defaults over the organization's last 30 days", async () => {
    const values = await valuesOf('acme');
    expect(values.timeSaved?.value).toBeCloseTo((120 + 60 + 300) * 0.0166667, 6);
    expect(values.totalCalls?.value).toBe(3);
    expect(values.appointmentsBooked?.value).toBe(2);
    expect(values.appointmentRate?.value).toBe(50);
    expect(values.avgCallTime?.value).toBe(160);
    expect(values.callTransfers?.value).toBe(1);
    expect(values.inboundCalls?.value).toBe(2);
    expect(values.outboundCalls?.value).toBe(1);
    expect(values.greetingLatency?.value).toBe(600);
    expect(values.appointmentRate).toMatchObject({ format: 'percentage', precision: 1 });
    expect(values.totalCalls!.end - values.totalCalls!.start).toBe(30 * 86_400);
  });

  it('gives each tenant its own figures', async () => {
    const globex = await valuesOf('globex');
    expect(globex.totalCalls?.value).toBe(1);
    expect(globex.timeSaved?.value).toBeCloseTo(1000 * 0.0166667, 6);
    const refused = await as.globex.get(`/api/v2/metrics/values?targetAccountId=${kit.ids.acme}`);
    expect(refused.status).toBe(403);
    const agent2 = await valuesOf('acme', `?targetAccountId=${kit.ids.agent2}`);
    expect(agent2.totalCalls?.value).toBe(1);
  });

  it('answers a daily series whose days add up to the total', async () => {
    const values = await valuesOf('acme', '?series=true&timezone=America/New_York');
    const series = values.totalCalls?.series ?? [];
    expect(series.length).toBeGreaterThanOrEqual(30);
    expect(series.reduce((sum, point) => sum + (point.value ?? 0), 0)).toBe(3);
    expect(series.filter((point) => point.value === null)).toEqual([]);
    // An average over a day without calls is no value, not zero.
    expect(values.avgCallTime?.series?.some((point) => point.value === null)).toBe(true);
    expect((await as.acme.get('/api/v2/metrics/values?timezone=Mars/Base')).status).toBe(400);
  });

  it('takes start and end for every metric', async () => {
    const values = await valuesOf('acme', `?start=${now - 50 * 86_400}&end=${now}`);
    expect(values.totalCalls?.value).toBe(4);
  });

  it('saves custom metrics with formulas over collected data, and computes them', async () => {
    const metrics = [
      { name: 'avgScore', title: 'Average score', formula: 'avg(score)', aggregation: 'avg', precision: 1 },
      {
        name: 'longInbound',
        title: 'Long inbound calls',
        formula: 'duration > 100',
        aggregation: 'count',
        filters: { direction: 'inbound', duration: '30|gte' },
      },
      { name: 'weekCalls', title: 'Calls this week', formula: 'count()', dateFilter: 'last 7 days' },
    ];
    const saved = await as.acme.post('/api/v2/metrics', { metrics });
    expect(saved.status, saved.text).toBe(200);
    const values = await valuesOf('acme');
    expect(Object.keys(values)).toEqual(['avgScore', 'longInbound', 'weekCalls']);
    expect(values.avgScore?.value).toBe(6);
    expect(values.longInbound?.value).toBe(1);
    expect(values.weekCalls?.value).toBe(3);
    expect(values.weekCalls!.end - values.weekCalls!.start).toBe(7 * 86_400);
    const listed = (await as.acme.get<{ isDefault: boolean }>('/api/v2/metrics')).body;
    expect(listed.isDefault).toBe(false);
  });

  it('refuses formulas with the validator messages, naming the metric', async () => {
    const save = (formula: string, extra: object = {}) =>
      as.acme.post<{ message: string }>('/api/v2/metrics', {
        metrics: [{ name: 'bad', title: 'Bad', formula, ...extra }],
      });
    const cases: [string, object, string][] = [
      ['', {}, 'Metric bad: Formula cannot be empty'],
      ['sum(duration) $', {}, 'Metric bad: Invalid characters: $'],
      ['sum(duration', {}, 'Metric bad: Mismatched parentheses'],
      ['sum(nothing)', {}, 'Metric bad: Unknown field: nothing'],
      ['count()', { filters: { nowhere: 'x' } }, 'Metric bad: Filters: Unknown field: nowhere'],
      [
        'count()',
        { dateFilter: 'since forever' },
        "Metric bad: Date filter must read 'last N days/weeks/months/years'",
      ],
    ];
    for (const [formula, extra, message] of cases) {
      const response = await save(formula, extra);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const twice = await as.acme.post<{ message: string }>('/api/v2/metrics', {
      metrics: [
        { name: 'a', title: 'A', formula: 'count()' },
        { name: 'a', title: 'A again', formula: 'count()' },
      ],
    });
    expect(twice.body.message).toBe('Two metrics are named a');
  });

  it('reads filter and formula names as own fields only: toString and constructor name nothing', async () => {
    for (const name of ['toString', 'constructor', 'hasOwnProperty']) {
      const response = await as.globex.post<{ message: string }>('/api/v2/metrics/preview', {
        metric: { name: 'p', title: 'Preview', formula: 'count()', filters: { [name]: 'x' } },
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body.message).toBe(`Filters: Unknown field: ${name}`);
    }
    // Metrics kept in the settings are computed without a look-up: such a name reads as no value.
    await saveSettings(kit.db, kit.ids.globex, {
      metrics: [
        { name: 'odd', title: 'Odd', formula: 'count()', filters: { toString: 'x', constructor: 'y' } },
        { name: 'odder', title: 'Odder', formula: 'sum(valueOf)', aggregation: 'sum' },
      ],
    });
    try {
      const values = await valuesOf('globex');
      expect(values.odd).toMatchObject({ value: 0 });
      expect(values.odd?.error).toBeUndefined();
      expect(values.odder?.error).toBeUndefined();
    } finally {
      await saveSettings(kit.db, kit.ids.globex, { metrics: [] });
    }
  });

  it('spells a transfers metric saved under the earlier default title correctly', async () => {
    await saveSettings(kit.db, kit.ids.globex, {
      metrics: [{ name: 'callTransfers', title: 'Calls Transfered', formula: 'count(transfer)' }],
    });
    try {
      const response = await as.globex.get<{ metrics: { name: string; title: string }[] }>('/api/v2/metrics');
      expect(response.body.metrics).toEqual([
        expect.objectContaining({ name: 'callTransfers', title: 'Calls transferred' }),
      ]);
    } finally {
      await saveSettings(kit.db, kit.ids.globex, { metrics: [] });
    }
  });

  it('names a window beyond what a date holds, and a daily series too long to answer', async () => {
    const response = await as.globex.get<{ message: string }>(
      '/api/v2/metrics/values?start=0&end=99999999999999',
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^query\.end: Too big/);
    const longSeries = await as.globex.get<{ message: string }>(
      '/api/v2/metrics/values?start=0&end=253402300799&series=true',
    );
    expect(longSeries.status).toBe(400);
    expect(longSeries.body.message).toMatch(/^query\.series: a daily series covers at most 3660 days/);
    const ancient = await as.globex.post<{ message: string }>('/api/v2/metrics/preview', {
      metric: { name: 'p', title: 'Preview', formula: 'count()', dateFilter: 'last 999999 years' },
    });
    expect(ancient.status, ancient.text).toBe(400);
    expect(ancient.body.message).toBe('Date filter reaches back before the year 1');
  });

  it('previews an unsaved metric with its series', async () => {
    const response = await as.globex.post<{ metric: MetricValue }>('/api/v2/metrics/preview?series=true', {
      metric: { name: 'p', title: 'Preview', formula: 'sum(duration) / 60' },
    });
    expect(response.status, response.text).toBe(200);
    const metric = response.body.metric;
    expect(metric.value).toBeCloseTo(1000 / 60, 9);
    expect(metric.series?.length).toBeGreaterThanOrEqual(30);
  });
});
