import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '@switchboard/server/app';
import { loadConfig, type Config } from '@switchboard/server/platform/config';
import { createLogger } from '@switchboard/server/platform/logger';
import { createServices, type ServiceOverrides, type Services } from '@switchboard/server/services';
import type { DatabaseHandle } from '@switchboard/db';
import { cloneDatabase } from './database-template';
import './provided-context';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The services the app is bound to (the same ones a worker process runs). */
  services: Services;
  database: DatabaseHandle & { url?: string };
  db: DatabaseHandle['db'];
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions
  extends
    AppOptions,
    Pick<ServiceOverrides, 'authenticator' | 'mail' | 'sms' | 'telephony' | 'runtime' | 'speech'> {
  /** Receives the JSON log lines (otherwise logging is off). */
  logStream?: DestinationStream;
  env?: Record<string, string>;
  /** Reuse this database instead of a fresh clone (two app instances on one database); closing leaves it open. */
  database?: DatabaseHandle;
}

/** The real application on a private clone of the migrated database and a private data directory. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await cloneDatabase(inject('databaseTemplate')));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    ...options.env,
  });
  const logger = createLogger({ level: config.logLevel }, options.logStream);
  const services = createServices(
    { config, database, logger },
    {
      ...(options.authenticator ? { authenticator: options.authenticator } : {}),
      ...(options.mail ? { mail: options.mail } : {}),
      ...(options.sms ? { sms: options.sms } : {}),
      ...(options.telephony ? { telephony: options.telephony } : {}),
      ...(options.runtime ? { runtime: options.runtime } : {}),
      ...(options.speech !== undefined ? { speech: options.speech } : {}),
    },
  );
  const app = await buildApp(services, {
    ...(options.features ? { features: options.features } : {}),
    ...(options.requireAllEndpoints === undefined
      ? {}
      : { requireAllEndpoints: options.requireAllEndpoints }),
  }).catch(async (error: unknown) => {
    if (!shared) await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  await app.ready();
  return {
    app,
    services,
    database,
    db: database.db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await services.close();
      if (!shared) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
