import { defineConfig } from 'vitest/config';

const api = {
  sequence: { groupOrder: 1 },
  include: ['apps/server/src/**/*.test.ts'],
  globalSetup: ['packages/testing/src/global-setup.ts'],
  // Each file owns a database clone of ~100 MB; two workers keep the machine responsive.
  maxWorkers: 2,
  testTimeout: 20_000,
  hookTimeout: 60_000,
};
const moduleMocks = ['apps/server/src/providers/vad/silero-fallback.test.ts'];
// The server's audio and speech code needs no database: it runs once, not again on PostgreSQL.
const speech = ['media', 'providers/stt', 'providers/tts', 'providers/vad'].map(
  (dir) => `apps/server/src/${dir}/**/*.test.ts`,
);

const browser = {
  include: ['e2e/**/*.test.ts'],
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};
// Browser tests that carry speech in real time (a microphone, the softphone, SIP, the dialer's calls) or stop and
// start whole processes: one at a time, on a machine nothing else is loading.
const realTime = [
  'e2e/agent-call.test.ts',
  'e2e/phone-call.test.ts',
  'e2e/phone-transfer.test.ts',
  'e2e/plan-editing.test.ts',
  'e2e/server-process.test.ts',
  'e2e/sip-setup.test.ts',
  'e2e/tasks-dialer.test.ts',
];

// One run: pure units, the server's speech code, API tests against a real database, and browser tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...api,
          name: 'api',
          exclude: [...moduleMocks, ...speech],
          // Each file starts its own app on its own database, so files share a worker's loaded modules: loading
          // the server's modules anew for every file cost more than most files' tests.
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) get a module graph of their own.
        test: { ...api, name: 'api-isolated', include: moduleMocks },
      },
      {
        // In the API tests' group, sharing its two workers; no database template is made for it.
        test: {
          name: 'speech',
          sequence: { groupOrder: 1 },
          include: speech,
          exclude: moduleMocks,
          maxWorkers: 2,
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        // Two files at a time: each has a server and a browser of its own, and waits on events, not on the clock.
        test: { ...browser, name: 'e2e', sequence: { groupOrder: 2 }, exclude: realTime, maxWorkers: 2 },
      },
      {
        test: {
          ...browser,
          name: 'e2e-calls',
          sequence: { groupOrder: 3 },
          include: realTime,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
