import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, startServerProcess, type ServerProcess } from '@switchboard/testing';

let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-process-'));
});
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}, entry?: string): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, env, ...(entry ? { entry } : {}) });
  running.push(server);
  return server;
}

const health = async (url: string) =>
  (await fetch(`${url}/api/health`)).json() as Promise<{ database: { kind: string } }>;

describe('one owner per data directory', () => {
  it('refuses a second server, keeps the first serving, and lets a new one take over after kill -9', async () => {
    const first = await start();
    await first.waitUntilHealthy();
    expect((await health(first.url)).database.kind).toBe('pglite');

    const second = await start();
    const began = Date.now();
    expect(await second.exited).toBe(1);
    expect(Date.now() - began).toBeLessThan(5000 + 4000); // the lock answer comes within 5 s of the start-up
    expect(second.output()).toContain(`in use by process ${String(first.child.pid)}`);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    // The database commands share the lock: seeding beside a running server is refused too.
    const seed = await start({}, 'apps/server/src/cli/seed.ts');
    expect(await seed.exited).toBe(1);
    expect(seed.output()).toContain(`in use by process ${String(first.child.pid)}`);

    await first.stop('SIGKILL');
    const third = await start();
    await third.waitUntilHealthy();
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);

    // SIGTERM drains and exits cleanly, giving the directory back.
    expect(await third.stop('SIGTERM')).toBe(0);
    expect(third.output()).toContain('stopped');
    const migrate = await start({}, 'apps/server/src/cli/migrate.ts');
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toMatch(/\d+ migration\(s\) applied; latest \d{14}_[\w-]+; 0 pending/);
    const fourth = await start();
    await fourth.waitUntilHealthy();
    await fourth.stop('SIGTERM');
  });

  it('exits with its launcher, even one killed with SIGKILL, as npm start does', async () => {
    const port = await freePort();
    // launcher (like npm) → sh -c → the server, which is told to stop with its launcher.
    const launcher = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn('sh', ['-c', 'exec node --import tsx apps/server/src/main.ts & wait'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          STOP_WITH_PARENT: 'true',
          NODE_ENV: 'development',
        },
        stdio: 'ignore',
      },
    );
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    launcher.kill('SIGKILL');
    const gone = Date.now() + 10_000;
    let stillUp = true;
    while (stillUp && Date.now() < gone) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      stillUp = await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      );
    }
    expect(stillUp).toBe(false);
    // And the data directory is free again.
    const next = await start();
    await next.waitUntilHealthy();
    await next.stop('SIGTERM');
  });
});

describe('configuration errors', () => {
  it('stop the start with a message naming each bad value', async () => {
    const server = await start({ PORT: 'eighty', LOG_LEVEL: 'chatty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
    expect(server.output()).toContain('LOG_LEVEL must be one of');
  });
});

describe('a production start', () => {
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SECRETS_KEY: 'a-production-secret-key-of-some-length',
    PUBLIC_URL: 'https://switchboard.example.test',
  };

  it('refuses to start when it could not deliver sign-in codes, naming SMTP_URL', async () => {
    const server = await start({ NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SMTP_URL is required in production');
  });

  it('starts with SMTP_URL, SECRETS_KEY and PUBLIC_URL, seeds no demo data and shows no sandbox', async () => {
    const productionDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-production-'));
    const server = await startServerProcess({ dataDir: productionDir, env: production });
    running.push(server);
    try {
      await server.waitUntilHealthy();
      expect(server.output()).not.toContain('Demo sign-in');
      expect(server.output()).not.toContain('demo data written');
      // The demo accounts do not exist: their public profiles are unknown.
      expect((await fetch(`${server.url}/api/v1/account/acme`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(404);
      const signIn = await fetch(`${server.url}/api/v1/signin/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'superadmin@demo.switchboard.test' }),
      });
      // Nothing listens at SMTP_URL here: the code request says so (503), and no outbox shows a code.
      expect(signIn.status).toBe(503);
      expect((await fetch(`${server.url}/api/dev/outbox?to=superadmin%40demo.switchboard.test`)).status).toBe(
        404,
      );
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await rm(productionDir, { recursive: true, force: true });
    }
  });

  it('in demonstration mode seeds the demo and says so plainly', async () => {
    const demoDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-demo-'));
    const server = await startServerProcess({ dataDir: demoDir, env: { ...production, DEMO_MODE: 'true' } });
    running.push(server);
    try {
      await server.waitUntilHealthy();
      expect(server.output()).toContain('DEMONSTRATION MODE');
      expect((await fetch(`${server.url}/api/v1/account/acme`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(403);
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await rm(demoDir, { recursive: true, force: true });
    }
  });
});
