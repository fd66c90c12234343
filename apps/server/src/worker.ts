import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { createLogger } from './platform/logger';
import { startDatabase } from './platform/start-database';
import { createServices, type Services } from './services';
import { jobFeatures } from './jobs/handlers';
import { startJobWork, type JobFeature } from './jobs/registry';

export interface Worker {
  services: Services;
  /** Waits for the work in hand, then closes the database. */
  stop(): Promise<void>;
}

/**
 * The services with no HTTP server: what a worker process runs (the job queue's consumers, the dialer). On
 * PostgreSQL any number of workers share the database with the web servers; PGlite is one process's files, so
 * there a worker runs only when no server holds the data directory.
 */
export async function startWorker(
  config: Config,
  logger: Logger,
  options: { jobFeatures?: readonly JobFeature[] } = {},
): Promise<Worker> {
  const started = await startDatabase(config, logger);
  const services = createServices({ config, database: started.database, logger });
  try {
    // PGlite: this process holds the data directory alone, so any attempt left active is a crashed one.
    await startJobWork(services, options.jobFeatures ?? jobFeatures, {
      recoverInterrupted: config.database.kind === 'pglite',
    });
  } catch (error) {
    await services.close().catch(() => undefined);
    await started.stop();
    throw error;
  }
  return {
    services,
    stop: async () => {
      await services.close();
      await started.stop();
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  let worker: Worker;
  try {
    worker = await startWorker(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Nothing here listens on a socket, so the process is kept alive until it is told to stop.
  const keepAlive = setInterval(() => undefined, 60_000);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    logger.info({ signal }, 'worker stopping');
    void worker.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  logger.info({ database: config.database.kind, pid: process.pid }, 'worker ready');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? (error.stack ?? error.message) : error)}\n`);
    process.exit(1);
  });
}
