import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '@switchboard/testing';
import { ensureWebBuild } from '../../scripts/web-build';

/**
 * The built platform on a free port with a fresh data directory, as `npm start` would run it. A fresh directory
 * is migrated and seeded before the server answers, which takes minutes on a loaded machine: it waits that long
 * (within the browser tests' set-up time) unless told otherwise.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  { healthyWithinMs = 150_000 }: { healthyWithinMs?: number } = {},
): Promise<ServerProcess & { dispose(): Promise<void> }> {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-'));
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
