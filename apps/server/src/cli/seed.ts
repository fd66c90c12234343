import { loadConfig } from '../platform/config';
import { seedDemoData } from '../platform/database';
import { createLogger } from '../platform/logger';
import { startDatabase } from '../platform/start-database';
import { runCli } from './run-cli';

await runCli(async () => {
  const config = loadConfig();
  const started = await startDatabase(config, createLogger({ level: 'warn' }));
  try {
    const result = await seedDemoData(started.database.db);
    console.log(
      `Demo data is in place (${result.steps.length} step(s): ${result.steps.join(', ') || 'none'})`,
    );
  } finally {
    await started.stop();
  }
});
