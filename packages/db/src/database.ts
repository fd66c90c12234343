import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type DatabaseKind = 'pglite' | 'postgres';

/** The query interface every repo receives; the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /** The embedded instance when kind is pglite (tests dump and clone it). */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; applicationName?: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; instance: PGlite };

/**
 * The extensions the migrations create, which PGlite loads only when an instance is opened with them: every
 * instance (a server's, a test's, a template's) is opened with these.
 */
export const pgliteExtensions = { pg_trgm };

/** A PGlite instance with the extensions the schema needs (`memory://` or a data directory). */
export function createPglite(
  dataDir: string,
  options: Omit<PGliteOptions, 'extensions'> = {},
): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: pgliteExtensions });
}

/** Opens the database: a node-postgres pool for a server, or PGlite (file-backed or an existing instance). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'switchboard',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, close: () => pool.end() };
  }
  const instance = 'instance' in options ? options.instance : await createPglite(options.dataDir);
  await instance.waitReady;
  const db = drizzlePglite(instance, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: instance,
    close: async () => {
      if (!instance.closed) await instance.close();
    },
  };
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
