// Phone calls over Twilio Media Streams at scale: N simulated callers on real WebSockets on loopback, each
// sending Twilio's JSON frames (20 ms of 8 kHz μ-law, paced in real time) and speaking now and then (a loud tone
// the energy VAD hears, then room noise) so the agent answers, each caller at its own point of that cycle (so the
// turns spread over time as on separate calls, rather than all N callers speaking in the same second); every mark
// the server sends is echoed as Twilio does once audio has played. The server (server.ts, its own process) is the
// real TwilioMediaStream channel with its real-time pacer, the real runtime (Sandbox model, instant speech
// providers, energy VAD) bound to a `ws` server, and in the same run a bare `ws` echo server measured the same way:
// the reference.
// Measured, for the server's outbound audio frames within a turn (deviation of the gap between a call's
// consecutive frames from 20 ms):
// - send jitter: when the server hands each frame to its socket (server.ts), what the server adds. The target
//   applies to it: N steps up until its p99 > 5 ms.
// - arrival jitter: when each frame reaches its caller, which adds loopback TCP and the callers' own process, one
//   process carrying every simulated call on the same two cores.
// And on the server: event loop delay and CPU.
// The channel server's database is PGlite in its process unless BENCH_DATABASE_URL names a PostgreSQL server.
// `npm run bench -- media-streams [--seconds 15] [--levels 25,50,100] [--max 500] [--rate 50] [--cpu-prof]
// [--trace-gc]`
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { toneUtteranceMulaw } from '@switchboard/testing';
import { intFlag, table } from '../support';
import { summarizeProfile } from './profile';

const seconds = intFlag('seconds', 15);
const max = intFlag('max', 500);
const levelsFlag = process.argv.indexOf('--levels');
const levels = (
  levelsFlag >= 0
    ? (process.argv[levelsFlag + 1] ?? '').split(',').map(Number)
    : [25, 50, 100, 150, 200, 300, 400, 500]
).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= max);
const profileDir = process.argv.includes('--cpu-prof')
  ? mkdtempSync(path.join(tmpdir(), 'media-prof-'))
  : null;
/** `--trace-gc`: the channel server prints each of its garbage collections (V8's `--trace-gc-nvp`). */
const traceGc = process.argv.includes('--trace-gc');
const frameMs = 20;
const mediaPrefix = '{"event":"media"';
const budgetMs = 5;
/** Calls arriving a second while a level starts (50: a burst, where a busy server sees about one). */
const rate = intFlag('rate', 50);
/**
 * Call set-up (each session opened, its greeting started) is left out of the jitter: the level measures from the
 * moment every caller hears its greeting, for `--seconds`.
 */
const setupLimitMs = 60_000;

/** One cycle of what a caller sends: an utterance with its trailing noise, then 3 s more of room noise. */
const utterance = toneUtteranceMulaw();
/** Where in the cycle the caller stops speaking: after half a second of noise and a second of tone. */
const speechEndsAt = 75;
const cycle = [...utterance, ...Array.from({ length: 6 }, () => utterance.slice(0, 25)).flat()];

/** The V8 flags of `npm start`. */
const startFlags = (
  (
    JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.start ?? ''
)
  .split(/\s+/)
  .filter((flag) => flag.startsWith('--max-semi-space-size'));

interface Server {
  child: ChildProcess;
  port: number;
  request<T>(type: string, body?: Record<string, unknown>): Promise<T>;
}

interface ServerStats {
  loopP50: number;
  loopP99: number;
  loopMax: number;
  cpu: number;
  /** The server's send deviations, ms. */
  deviations: number[];
}

async function startServer(kind: 'channel' | 'echo'): Promise<Server> {
  const execArgv = [...process.execArgv];
  if (profileDir && kind === 'channel') execArgv.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  // Both servers run with the V8 flags `npm start` gives the platform (its young generation's size).
  execArgv.push(...startFlags);
  if (traceGc && kind === 'channel') execArgv.push('--trace-gc-nvp');
  const child = fork(path.join(import.meta.dirname, 'server.ts'), kind === 'echo' ? ['--echo'] : [], {
    execArgv,
    stdio: ['ignore', traceGc && kind === 'channel' ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the ${kind} server exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { port } = await next<{ port: number }>('ready');
  return {
    child,
    port,
    request: <T>(type: string, body: Record<string, unknown> = {}) => {
      const answer = next<T>(type);
      child.send({ ...body, type });
      return answer;
    },
  };
}

interface Caller {
  deviations: number[];
  frames: number;
  marks: number;
  /** Resolves at the first audio frame from the server (the greeting, or the echo). */
  answered: Promise<void>;
  /** From the end of each of the caller's utterances to the first frame of the agent's next turn, ms. */
  replies: number[];
  stop(): void;
}

/** When the level's measurement starts (performance.now()), shared by its callers. */
interface Window {
  from: number;
}

/** One caller: Twilio's side of a stream, frames sent in real time, the server's audio timed as it arrives. */
function call(port: number, index: number, calls: number, window: Window): Promise<Caller> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  const streamSid = `MZbench${index}`;
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const caller: Caller = {
    deviations: [],
    frames: 0,
    marks: 0,
    answered,
    replies: [],
    stop: () => undefined,
  };
  /** When the caller last stopped speaking, until the agent's next turn starts. */
  let spokeUntil: number | null = null;
  // Callers are at different points of the speak-then-listen cycle, as people on separate calls are.
  const phase = Math.floor((index * cycle.length) / Math.max(1, calls));
  let previous: number | null = null;
  let sequence = 0;
  let timer: NodeJS.Timeout | null = null;
  const send = (event: string, body: Record<string, unknown>) =>
    socket.send(JSON.stringify({ event, sequenceNumber: String(++sequence), streamSid, ...body }));
  socket.on('message', (data: Buffer) => {
    const now = performance.now();
    // Audio frames (both servers write `event` first) are told apart without parsing, so that the callers' own
    // process, which carries every call, adds as little as it can to what it measures.
    if (data.toString('latin1', 0, mediaPrefix.length) === mediaPrefix) {
      if (caller.frames++ === 0) answer();
      if (previous !== null && now >= window.from) caller.deviations.push(Math.abs(now - previous - frameMs));
      // A turn's first frame (after a mark or a clear) answers the caller's last utterance.
      if (previous === null && spokeUntil !== null) {
        if (now >= window.from) caller.replies.push(now - spokeUntil);
        spokeUntil = null;
      }
      previous = now;
      return;
    }
    const message = JSON.parse(data.toString('utf8')) as { event?: string; mark?: unknown };
    if (message.event === 'mark') {
      // The turn's audio ended: the gap to the next turn is no frame interval. Twilio echoes the mark once played.
      caller.marks++;
      previous = null;
      send('mark', { mark: message.mark });
    } else if (message.event === 'clear') {
      previous = null;
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      send('start', {
        start: {
          streamSid,
          callSid: `CAbench${index}`,
          tracks: ['inbound'],
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          customParameters: { callToken: `token-${index}` },
        },
      });
      const started = performance.now();
      let sent = 0;
      const tick = () => {
        // Catch up on frames a busy loop delayed, as a network buffer would deliver them.
        const due = Math.floor((performance.now() - started) / frameMs) + 1;
        while (sent < due && socket.readyState === WebSocket.OPEN) {
          const position = (sent + phase) % cycle.length;
          const payload = cycle[position] ?? '';
          if (position === speechEndsAt) spokeUntil = performance.now();
          // Twilio's media message, written as its JSON directly (the same text JSON.stringify would make).
          socket.send(
            `{"event":"media","sequenceNumber":"${String(++sequence)}","streamSid":"${streamSid}",` +
              `"media":{"track":"inbound","chunk":"${String(sent + 1)}","payload":"${payload}"}}`,
          );
          sent++;
        }
        timer = setTimeout(tick, started + sent * frameMs - performance.now());
      };
      tick();
      caller.stop = () => {
        if (timer) clearTimeout(timer);
        if (socket.readyState === WebSocket.OPEN) send('stop', { stop: { callSid: `CAbench${index}` } });
        socket.close(1000);
      };
      resolve(caller);
    });
  });
}

function percentile(values: number[], q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the late frames fall: a few ms (a busy loop) or a whole frame (a tick missed, or audio not ready). */
function spread(deviations: number[]): string {
  const edges = [1, 3, 5, 10, 15, 25, 50, Number.POSITIVE_INFINITY];
  return edges
    .map((edge, i) => {
      const count = deviations.filter((d) => d >= (edges[i - 1] ?? 0) && d < edge).length;
      return `<${String(edge === Number.POSITIVE_INFINITY ? '∞' : edge)} ms ${((100 * count) / Math.max(1, deviations.length)).toFixed(2)}%`;
    })
    .join(', ');
}

async function level(server: Server, calls: number, kind: string) {
  const window: Window = { from: Number.POSITIVE_INFINITY };
  const began = performance.now();
  const callers = await Promise.all(
    Array.from({ length: calls }, async (_, index) => {
      // Calls arrive one after another at `rate` a second, as calls to a server do, not all on the same frame.
      await sleep((index * 1000) / rate);
      return call(server.port, index, calls, window);
    }),
  );
  let late: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(callers.map((caller) => caller.answered)),
    new Promise((_, reject) => {
      late = setTimeout(() => reject(new Error(`${kind}: not every call was answered`)), setupLimitMs);
    }),
  ]).finally(() => clearTimeout(late));
  const setupSeconds = (performance.now() - began) / 1000;
  await server.request('measure');
  window.from = performance.now();
  await sleep(seconds * 1000);
  const stats = await server.request<ServerStats>('stats');
  for (const caller of callers) caller.stop();
  await server.request('settled');
  const arrivals = callers.flatMap((caller) => caller.deviations);
  const replies = callers.flatMap((caller) => caller.replies);
  const sends = stats.deviations;
  const p99 = percentile(sends, 0.99);
  console.log(`${kind}, ${String(calls)} calls, send deviations: ${spread(sends)}`);
  console.log(`${kind}, ${String(calls)} calls, arrival deviations: ${spread(arrivals)}`);
  return {
    passed: sends.length > 0 && p99 <= budgetMs,
    arrivedInBudget: arrivals.length > 0 && percentile(arrivals, 0.99) <= budgetMs,
    row: {
      server: kind,
      calls,
      'set-up s': setupSeconds,
      'frames in': callers.reduce((sum, caller) => sum + caller.frames, 0),
      'agent turns': callers.reduce((sum, caller) => sum + caller.marks, 0),
      // The agent keeping up: the caller's silence until the reply starts (the end-of-turn wait included).
      'reply p50 ms': replies.length > 0 ? percentile(replies, 0.5) : '–',
      'reply p90 ms': replies.length > 0 ? percentile(replies, 0.9) : '–',
      'send jitter p50 ms': percentile(sends, 0.5),
      'send jitter p99 ms': p99,
      'arrival jitter p99 ms': percentile(arrivals, 0.99),
      'loop delay p99 ms': stats.loopP99,
      'loop delay max ms': stats.loopMax,
      'server CPU %': stats.cpu * 100,
      // What a call costs whatever else the machine runs: the cores N calls would need is N times this.
      'CPU ms per call-second': (stats.cpu * 1000) / calls,
    },
  };
}

const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in process';
const load = () => loadavg()[0]?.toFixed(1) ?? '?';
console.log(`Channel database: ${database}. Machine load average at start: ${load()}.`);
const echo = await startServer('echo');
const channel = await startServer('channel');
const rows: Record<string, string | number>[] = [];
const largest = { echo: 0, channel: 0 };
const largestArrival = { echo: 0, channel: 0 };
try {
  for (const calls of levels) {
    const reference = await level(echo, calls, 'bare ws echo');
    const measured = await level(channel, calls, 'media-stream channel');
    rows.push(reference.row, measured.row);
    console.log(
      `${calls} calls: send jitter p99 echo ${reference.row['send jitter p99 ms'].toFixed(2)} ms, ` +
        `channel ${measured.row['send jitter p99 ms'].toFixed(2)} ms; arrival jitter p99 echo ` +
        `${reference.row['arrival jitter p99 ms'].toFixed(2)} ms, channel ${measured.row['arrival jitter p99 ms'].toFixed(2)} ms`,
    );
    if (reference.passed) largest.echo = calls;
    if (measured.passed) largest.channel = calls;
    if (reference.arrivedInBudget) largestArrival.echo = calls;
    if (measured.arrivedInBudget) largestArrival.channel = calls;
    if (!measured.passed) break;
  }
} finally {
  await Promise.allSettled([echo, channel].map((server) => server.request('exit')));
}
table(rows);
console.log(
  `Largest N with outbound frame send jitter p99 ≤ ${budgetMs} ms (levels ${levels.join(', ')}, ${seconds} s each): ` +
    `media-stream channel ${largest.channel || 'none'}, bare ws echo ${largest.echo || 'none'}. ` +
    `Target ≥ 200 calls with the VAD on: ${largest.channel >= 200 ? 'met' : 'NOT met'}. ` +
    `Arrival jitter p99 ≤ ${budgetMs} ms at the callers: channel ${largestArrival.channel || 'none'}, ` +
    `bare ws echo ${largestArrival.echo || 'none'}. ` +
    `Calls arrived at ${String(rate)} a second. Channel database: ${database}; load average at the end: ${load()}.`,
);
if (profileDir) {
  await sleep(1_000);
  summarizeProfile(profileDir);
}
