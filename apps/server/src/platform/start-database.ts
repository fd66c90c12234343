import type { Logger } from 'pino';
import type { Config } from './config';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { migrateDatabase, openConfiguredDatabase, type DatabaseHandle } from './database';

export interface StartedDatabase {
  database: DatabaseHandle;
  /** Closes the database, then gives up the data-directory lock. */
  stop(): Promise<void>;
}

/**
 * Opens the configured database with its migrations applied. PGlite files are single-owner: the data-directory
 * lock is taken first, so a second process is refused before it can touch them.
 */
export async function startDatabase(config: Config, logger: Logger): Promise<StartedDatabase> {
  let lock: DataDirLock | undefined;
  if (config.database.kind === 'pglite') lock = await acquireDataDirLock(config.dataDir);
  try {
    const database = await openConfiguredDatabase(config);
    const applied = await migrateDatabase(database.db);
    if (applied.length > 0) logger.info({ applied }, `applied ${applied.length} migration(s)`);
    return {
      database,
      stop: async () => {
        await database.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}
