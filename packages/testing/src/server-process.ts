import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Runs the real server (`node --import tsx apps/server/src/main.ts`, or another entry) as a child process. */
export async function startServerProcess(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  entry?: string;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // As `npm start` runs it; a test of the production posture passes NODE_ENV itself.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  // 'close', not 'exit': it comes once the output pipes are drained, so `text` holds all the process wrote.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => (ended = true));

  return {
    child,
    url,
    port,
    output: () => text,
    exited,
    waitUntilHealthy: async (timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (ended) throw new Error(`The server exited before it was healthy:\n${text}`);
        try {
          const response = await fetch(`${url}/api/health`);
          if (response.ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${text}`);
    },
    stop: async (signal = 'SIGTERM') => {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}
