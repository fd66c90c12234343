import { loadConfig } from '../platform/config';
import { readMigrationState } from '../platform/database';
import { createLogger } from '../platform/logger';
import { startDatabase } from '../platform/start-database';
import { runCli } from './run-cli';

await runCli(async () => {
  const config = loadConfig();
  const started = await startDatabase(config, createLogger({ level: 'warn' }));
  try {
    const state = await readMigrationState(started.database.db);
    console.log(
      `${state.applied} migration(s) applied; latest ${state.latest ?? 'none'}; ${state.pending.length} pending`,
    );
  } finally {
    await started.stop();
  }
});
