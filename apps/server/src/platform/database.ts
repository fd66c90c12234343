// The server's one handle on the database package: opening, migrating and seeding. Repos import the package
// directly for tables and operators; everything else sees only the types re-exported here.
import {
  demoSignInHelp,
  migrateDatabase,
  openDatabase,
  readMigrationState,
  seedDemoData,
  type DatabaseHandle,
} from '@switchboard/db';
import type { Config } from './config';

export type { Db, DatabaseHandle, DatabaseKind, MigrationState, SeedResult } from '@switchboard/db';
export { demoSignInHelp, migrateDatabase, readMigrationState, seedDemoData };

export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.database.kind === 'postgres'
    ? openDatabase({ kind: 'postgres', url: config.database.url })
    : openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
}
