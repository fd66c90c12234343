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

// One run, three suites: pure units, API tests against a real database, and browser end-to-end tests.
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
          exclude: moduleMocks,
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
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
