import type { MetricDefinition } from '@switchboard/contract';

const base = { scale: 1, format: 'number', precision: 0, dateFilter: 'last 30 days' } as const;
// Calls in the browser (voice) and on phone lines (phone).
const calls = { channel: 'voice,phone|in' };

/** The dashboard an account has until it saves its own (spec part 2 §3), plus the greeting latency. */
export const defaultMetrics: readonly MetricDefinition[] = [
  {
    ...base,
    name: 'timeSaved',
    title: 'Minutes Saved',
    filters: calls,
    formula: 'duration',
    aggregation: 'sum',
    scale: 0.0166667,
  },
  {
    ...base,
    name: 'totalCalls',
    title: 'Calls Answered',
    filters: calls,
    formula: 'count()',
    aggregation: 'count',
  },
  {
    ...base,
    name: 'appointmentsBooked',
    title: 'Appointments Booked',
    filters: {},
    formula: 'count(appointmentBooked)',
    aggregation: 'count',
  },
  {
    ...base,
    name: 'appointmentRate',
    title: 'Appointment Book Rate',
    filters: {},
    formula: 'count(appointmentBooked) / count() * 100',
    aggregation: 'sum',
    format: 'percentage',
    precision: 1,
  },
  {
    ...base,
    name: 'avgCallTime',
    title: 'Avg Call Duration (sec)',
    filters: calls,
    formula: 'avg(duration)',
    aggregation: 'avg',
  },
  {
    ...base,
    name: 'callTransfers',
    title: 'Calls transferred',
    filters: calls,
    formula: 'count(transfer)',
    aggregation: 'count',
  },
  {
    ...base,
    name: 'inboundCalls',
    title: 'Inbound Calls',
    filters: calls,
    formula: "count(direction = 'inbound')",
    aggregation: 'count',
  },
  {
    ...base,
    name: 'outboundCalls',
    title: 'Outbound Calls',
    filters: calls,
    formula: "count(direction = 'outbound')",
    aggregation: 'count',
  },
  {
    ...base,
    name: 'greetingLatency',
    title: 'Greeting Latency p50 (ms)',
    filters: calls,
    formula: 'med(greetingLatency)',
    aggregation: 'med',
  },
];
