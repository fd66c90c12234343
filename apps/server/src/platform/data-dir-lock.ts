import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface LockHolder {
  pid: number;
  command: string;
  startedAt: string;
  dataDir: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      holder
        ? `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}). ` +
            `Stop that process first, or set DATA_DIR to another directory.`
        : `The data directory ${dataDir} is in use by another process that does not answer. ` +
            `Stop it first, or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly holder: LockHolder;
  release(): Promise<void>;
}

const infoFile = 'switchboard.lock';

/**
 * The lock is a listening socket. On Linux it lives in the abstract namespace, so the kernel releases it the moment
 * its process dies (kill -9 included) and there is never a stale file to judge; elsewhere it is a socket file in the
 * data directory, taken over when nothing answers on it. A second process that finds it taken connects and reads the
 * holder's identity, so the refusal names the process.
 */
function lockAddress(dataDir: string): string {
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 32);
  return process.platform === 'linux'
    ? `\0switchboard-data-${digest}`
    : path.join(dataDir, '.switchboard.sock');
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function askHolder(address: string, timeoutMs: number): Promise<LockHolder | null | 'absent'> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(text) as LockHolder);
      } catch {
        resolve(null);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'absent' : null);
    });
  });
}

/** Takes the exclusive lock on a data directory, or throws DataDirLockedError naming the live holder. */
export async function acquireDataDirLock(
  dataDirInput: string,
  options: { command?: string; answerTimeoutMs?: number } = {},
): Promise<DataDirLock> {
  mkdirSync(dataDirInput, { recursive: true });
  const dataDir = realpathSync(dataDirInput);
  const address = lockAddress(dataDir);
  const holder: LockHolder = {
    pid: process.pid,
    command:
      options.command ??
      process.argv
        .slice(1)
        .map((arg) => path.relative(process.cwd(), arg) || arg)
        .join(' '),
    startedAt: new Date().toISOString(),
    dataDir,
  };
  const server = net.createServer((socket) => socket.end(JSON.stringify(holder)));
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, address);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const answer = await askHolder(address, options.answerTimeoutMs ?? 2000);
      if (answer === 'absent' && !address.startsWith('\0') && attempt === 0) {
        // A socket file left by a process that died: nobody listens on it, so it is ours to replace.
        unlinkSync(address);
        continue;
      }
      throw new DataDirLockedError(dataDir, answer === 'absent' ? null : answer);
    }
  }
  // The lock must not keep a finished command alive; it lasts as long as the process does.
  server.unref();
  writeFileSync(path.join(dataDir, infoFile), `${JSON.stringify(holder, null, 2)}\n`);
  let released = false;
  return {
    holder,
    release: async () => {
      if (released) return;
      released = true;
      rmSync(path.join(dataDir, infoFile), { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
