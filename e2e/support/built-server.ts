import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startServerProcess, type ServerProcess } from '@switchboard/testing';
import { ensureWebBuild } from '../../scripts/web-build';
import './seeded-data-dir';

export type BuiltServer = ServerProcess & { dispose(): Promise<void> };

/**
 * The built platform on a free port with a data directory of its own, as `npm start` would run it: a copy of the
 * directory the global setup migrated and seeded, so it answers within seconds. It still waits as long as a loaded
 * machine may need (within the browser tests' set-up time) unless told otherwise.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  { healthyWithinMs = 150_000 }: { healthyWithinMs?: number } = {},
): Promise<BuiltServer> {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-'));
  await cp(inject('seededDataDir'), dataDir, { recursive: true });
  const server = await startServerProcess({ dataDir, env });
  await server.waitUntilHealthy(healthyWithinMs);
  return {
    ...server,
    dispose: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
