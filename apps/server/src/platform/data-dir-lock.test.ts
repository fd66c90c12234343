import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const lockModule = path.resolve(import.meta.dirname, 'data-dir-lock.ts');
const children: ChildProcess[] = [];
const directories: string[] = [];

async function tempDir(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'switchboard-lock-'));
  directories.push(directory);
  return directory;
}

/** Another process that takes the lock and keeps it until killed. */
function holdInChild(dataDir: string): Promise<ChildProcess> {
  const script = `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
await acquireDataDirLock(${JSON.stringify(dataDir)}, { command: 'lock-holder' });
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve(child));
    child.once('exit', (code) => reject(new Error(`holder exited early (${String(code)})`)));
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a second owner quickly, naming the process that holds it', async () => {
    const dataDir = await tempDir();
    const holder = await holdInChild(dataDir);
    const started = Date.now();
    const attempt = acquireDataDirLock(dataDir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(`in use by process ${String(holder.pid)} (lock-holder`);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('takes over the lock of a process killed with SIGKILL', async () => {
    const dataDir = await tempDir();
    const holder = await holdInChild(dataDir);
    holder.kill('SIGKILL');
    await exited(holder);
    const lock = await acquireDataDirLock(dataDir);
    expect(lock.holder.pid).toBe(process.pid);
    const info = JSON.parse(await readFile(path.join(dataDir, 'switchboard.lock'), 'utf8')) as {
      pid: number;
    };
    expect(info.pid).toBe(process.pid);
    await lock.release();
  });

  it('is free again once released, and held against this process too while taken', async () => {
    const dataDir = await tempDir();
    const lock = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    const again = await acquireDataDirLock(dataDir);
    await again.release();
  });

  it('treats two spellings of one directory as the same lock', async () => {
    const dataDir = await tempDir();
    const lock = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(`${dataDir}/./`)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
  });
});
