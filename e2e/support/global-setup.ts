import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '@switchboard/testing';
import { ensureWebBuild } from '../../scripts/web-build';
import './seeded-data-dir';

/** The seeded directory, made once for both browser projects (their global setups run in one process). */
interface Seeded {
  dataDir: Promise<string>;
  users: number;
}
const shared = globalThis as { switchboardE2eSeeded?: Seeded };

async function seed(): Promise<string> {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-seeded-'));
  const server = await startServerProcess({ dataDir, env: { SIP_PORT: 'off' } });
  try {
    await server.waitUntilHealthy(300_000);
  } finally {
    await server.stop();
  }
  return dataDir;
}

/**
 * Vitest global setup for the browser tests: the web app built once, and one data directory migrated and seeded by
 * a real start of the server (then stopped cleanly), which every test's server starts from as a copy. A fresh
 * directory costs each server initdb, every migration and the demo seed; a copy starts in seconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seeded = (shared.switchboardE2eSeeded ??= { dataDir: seed(), users: 0 });
  seeded.users += 1;
  const dataDir = await seeded.dataDir;
  project.provide('seededDataDir', dataDir);
  return async () => {
    seeded.users -= 1;
    if (seeded.users > 0) return;
    delete shared.switchboardE2eSeeded;
    await rm(dataDir, { recursive: true, force: true });
  };
}
