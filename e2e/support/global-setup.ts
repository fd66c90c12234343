import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '@switchboard/testing';
import { ensureWebBuild } from '../../scripts/web-build';
import './seeded-data-dir';

/**
 * Vitest global setup for the browser tests: the web app built once, and one data directory migrated and seeded by
 * a real start of the server (then stopped cleanly), which every test's server starts from as a copy. A fresh
 * directory costs each server initdb, every migration and the demo seed; a copy starts in seconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-seeded-'));
  const server = await startServerProcess({ dataDir, env: { SIP_PORT: 'off' } });
  try {
    await server.waitUntilHealthy(300_000);
  } finally {
    await server.stop();
  }
  project.provide('seededDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
