import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cloneDatabase,
  startServerProcess,
  type ClonedDatabase,
  type ServerProcess,
} from '@switchboard/testing';
import { receiveInboundText } from './features/inbox/inbound-text.service';
import { listRoomMessages } from './features/inbox/inbox.service';
import { listOutbox } from './features/outbox/outbox.service';
import { loadConfig } from './platform/config';
import { seedDemoData } from './platform/database';
import { createLogger } from './platform/logger';
import { createServices, type Services } from './services';

/** The TCP sockets a process is listening on, read from /proc (its socket inodes, matched to LISTEN rows). */
async function listeningSockets(pid: number): Promise<string[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const listening: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const rows = (await readFile(`/proc/${pid}/net/${table}`, 'utf8')).split('\n').slice(1);
    for (const row of rows) {
      const columns = row.trim().split(/\s+/);
      // local_address is column 1, st (0A = LISTEN) column 3, inode column 9.
      if (columns[3] === '0A' && columns[9] && inodes.has(columns[9])) listening.push(columns[1] ?? '');
    }
  }
  return listening;
}

describe('the worker process', () => {
  let dataDir: string;
  let worker: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-worker-'));
    worker = await startServerProcess({ dataDir, entry: 'apps/server/src/worker.ts' });
  });
  afterAll(async () => {
    await worker.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the services, listens on no port, and stops cleanly on SIGTERM', async () => {
    await expect.poll(() => worker.output(), { timeout: 60_000, interval: 100 }).toContain('worker ready');
    const pid = worker.child.pid ?? 0;
    expect(await listeningSockets(pid)).toEqual([]);
    // The port a web server would take stays free.
    await expect(fetch(`${worker.url}/api/health`)).rejects.toThrow();
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(worker.output()).toContain('worker stopping');
  }, 90_000);
});

describe('the services without an HTTP server', () => {
  let services: Services;
  let database: ClonedDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-worker-'));
    database = await cloneDatabase(inject('databaseTemplate'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    services = createServices({ config, database, logger: createLogger({ level: 'silent' }) });
    await seedDemoData(services.db);
  });
  afterAll(async () => {
    await services.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('take in a text and have the agent answer it', async () => {
    const received = await receiveInboundText(services, {
      agent: { to: '+15550100001' },
      from: '+15557654321',
      text: 'What are your opening hours?',
      channel: 'sms',
    });
    expect(received.agentAnswers).toBe(true);
    await services.background.drain();

    const messages = await listRoomMessages(services.db, {
      accountId: received.agent.id,
      roomId: received.roomId,
      limit: 10,
    });
    const reply = messages.find((message) => message.author === 'agent');
    expect(reply?.text).toBeTruthy();
    const sent = await listOutbox(services.db, { limit: 5, to: '+15557654321' });
    expect(sent.map((item) => item.text)).toContain(reply?.text);
  });
});
