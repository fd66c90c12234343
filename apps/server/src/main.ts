import { buildApp } from './app';
import { createServices } from './services';
import { jobFeatures } from './jobs/handlers';
import { startJobWork } from './jobs/registry';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { demoSignInHelp, seedDemoData } from './platform/database';
import { createLogger } from './platform/logger';
import { watchLauncher } from './platform/parent-watch';
import { startDatabase } from './platform/start-database';

const shutdownGraceMs = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({
    level: config.logLevel,
    pretty: process.stdout.isTTY && config.env !== 'production',
  });

  let started;
  try {
    started = await startDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { database } = started;
  // Production never seeds the demo accounts (their sign-in codes would be one outbox away) unless DEMO_MODE.
  if (config.sandboxOpen) {
    const seed = await seedDemoData(database.db, { onlyIfEmpty: true });
    if (seed.seeded) logger.info({ steps: seed.steps }, 'demo data written');
  }
  if (config.demoMode) {
    logger.warn('DEMO_MODE is on: demo accounts are seeded and the sandbox (outbox, sandbox texts) is open');
  }

  const services = createServices({ config, database, logger });
  // One process does everything unless JOB_WORKERS=off leaves the job handlers to worker processes (PostgreSQL).
  if (config.jobs.runInServer) {
    await startJobWork(services, jobFeatures, { recoverInterrupted: config.database.kind === 'pglite' });
  }
  const app = await buildApp(services);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('requests did not finish in time; exiting');
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    await app.close();
    await services.close();
    await started.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  if (config.stopWithParent) watchLauncher(() => void stop('launcher exited'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  console.log(
    [
      '',
      `  Switchboard is running at ${config.publicUrl}/app`,
      `  API reference: ${config.publicUrl}/api/docs`,
      `  Database: ${where}`,
      ...(config.demoMode
        ? [
            '  DEMONSTRATION MODE (DEMO_MODE=true): demo accounts and the sandbox are open; the outbox is for',
            '  super admins only. Do not keep real customers on this server.',
          ]
        : []),
      ...(config.sandboxOpen && !config.demoMode ? demoSignInHelp().map((line) => `  ${line}`) : []),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
