// The server side of the media-streams bench, in its own process (forked by index.ts) so that its event loop and
// CPU are measured apart from the simulated callers'. Every audio frame a socket is handed is timed here: the
// send jitter (gap to the same call's previous frame, less 20 ms, within a turn), what the server itself adds. `channel`: the real TwilioMediaStream channel (paced
// outbound audio, energy VAD, G.711 both ways, the real runtime with the Sandbox model and instant speech
// providers, the seeded demo database) bound to a `ws` server on loopback. `echo`: a bare `ws` server sending each
// caller frame back, the reference. Reports its port, then on request the event loop delay and CPU since the last.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accounts, eq, seedDemoData } from '@switchboard/db';
import { loadConfig } from '@switchboard/server/platform/config';
import { createLogger } from '@switchboard/server/platform/logger';
import { createServices } from '@switchboard/server/services';
import { instantSpeechProviders } from '@switchboard/server/providers/shared/speech-providers';
import { FramePacer } from '@switchboard/server/runtime/channels/frame-pacer';
import { TwilioMediaStream } from '@switchboard/server/runtime/channels/twilio-media-stream';
import { cloneDatabase, createDatabaseTemplate } from '@switchboard/testing';

const mode = process.argv.includes('--echo') ? 'echo' : 'channel';
const frameMs = 20;
const mediaPrefix = '{"event":"media"';
/** Send deviations from the frame period, ms, from `measureFrom` on (the level's set-up left out). */
let deviations: number[] = [];
let measureFrom = Number.POSITIVE_INFINITY;
/** Calls not yet over (the channel's: their conversation logged), and who waits for there to be none. */
let open = 0;
let settled: (() => void) | null = null;
function callOver() {
  open--;
  if (open === 0) settled?.();
}

/** One socket's outbound frames: each one's gap to the previous frame of the same turn. */
function sendClock() {
  let previous: number | null = null;
  return {
    frame() {
      const now = performance.now();
      if (previous !== null && now >= measureFrom) deviations.push(Math.abs(now - previous - frameMs));
      previous = now;
    },
    /** A mark or clear: the turn's audio ended, the next frame starts a new run. */
    gap() {
      previous = null;
    },
  };
}
const http = createServer();
const wss = new WebSocketServer({ server: http });
let close = () => Promise.resolve();

if (mode === 'echo') {
  wss.on('connection', (socket) => {
    const clock = sendClock();
    open++;
    socket.on('close', callOver);
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as {
        event?: string;
        media?: unknown;
        streamSid?: string;
      };
      if (frame.event === 'media') {
        clock.frame();
        socket.send(JSON.stringify({ event: 'media', streamSid: frame.streamSid, media: frame.media }));
      }
    });
  });
} else {
  const { template, dispose } = await createDatabaseTemplate(process.env.BENCH_DATABASE_URL);
  const database = await cloneDatabase(template);
  await seedDemoData(database.db);
  const [agent] = await database.db.select().from(accounts).where(eq(accounts.username, 'agent1'));
  if (!agent) throw new Error('the demo seed wrote no agent1');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'media-bench-')),
    LOG_LEVEL: 'silent',
  });
  const logger = createLogger({ level: 'silent' });
  const { runtime } = createServices(
    { config, database, logger },
    { speech: instantSpeechProviders({ transcripts: () => 'What are your opening hours?' }) },
  );
  close = async () => {
    await database.close();
    await dispose();
  };
  const pacer = new FramePacer();
  const agentAccountId = agent.id;
  wss.on('connection', (socket) => {
    const clock = sendClock();
    open++;
    const stream = new TwilioMediaStream({
      onFinished: callOver,
      runtime,
      logger,
      pacer,
      resolve: () =>
        Promise.resolve({
          agentAccountId,
          direction: 'inbound' as const,
          contactPhone: '+15557770100',
          contactName: null,
          call: { hangUp: () => Promise.resolve(), transfer: () => Promise.resolve() },
        }),
      link: {
        send: (message) => {
          clock.gap();
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
        sendText: (json) => {
          if (json.startsWith(mediaPrefix)) clock.frame();
          else clock.gap();
          if (socket.readyState === socket.OPEN) socket.send(json);
        },
        close: () => socket.close(1000),
      },
    });
    socket.on('message', (data: Buffer) => stream.receive(data.toString('utf8')));
    socket.on('close', () => stream.disconnected());
  });
}

await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let cpu = process.cpuUsage();
let since = performance.now();
process.send?.({ type: 'ready', port: (http.address() as AddressInfo).port });

process.on('message', (message: { type: string }) => {
  if (message.type === 'measure') {
    // Every call of the level is set up: what follows is measured.
    deviations = [];
    measureFrom = performance.now();
    delay.reset();
    cpu = process.cpuUsage();
    since = performance.now();
    process.send?.({ type: 'measure' });
  } else if (message.type === 'stats') {
    const used = process.cpuUsage(cpu);
    process.send?.({
      type: 'stats',
      loopP50: delay.percentile(50) / 1e6,
      loopP99: delay.percentile(99) / 1e6,
      loopMax: delay.max / 1e6,
      cpu: (used.user + used.system) / 1000 / (performance.now() - since),
      deviations,
    });
  } else if (message.type === 'settled') {
    // Answers once every call of the level is over, so the next level starts on a quiet server.
    settled = () => {
      settled = null;
      process.send?.({ type: 'settled' });
    };
    if (open === 0) settled();
    measureFrom = Number.POSITIVE_INFINITY;
  } else if (message.type === 'exit') {
    wss.close();
    http.close();
    void close().finally(() => process.exit(0));
  }
});
