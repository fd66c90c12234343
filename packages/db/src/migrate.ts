import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './database';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

interface Migration {
  name: string;
  hash: string;
  statements: string[];
}

export interface MigrationState {
  applied: number;
  pending: string[];
  latest: string | null;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** Reads the migrations in journal order. */
export async function readMigrations(folder = migrationsFolder): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return Promise.all(
    entries.map(async ({ tag }) => {
      const text = await readFile(path.join(folder, `${tag}.sql`), 'utf8');
      return {
        name: tag,
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((statement) => statement.trim())
          .filter((statement) => statement.length > 0),
      };
    }),
  );
}

const createLedger = sql`
  CREATE TABLE IF NOT EXISTS switchboard_migrations (
    name text PRIMARY KEY,
    hash text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;

async function appliedNames(db: Db): Promise<Set<string>> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('switchboard_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return new Set();
  const rows = await queryRows<{ name: string }>(db, sql`SELECT name FROM switchboard_migrations`);
  return new Set(rows.map((row) => row.name));
}

/**
 * Applies every migration not yet recorded, in journal order, in one transaction. Tracking by name rather than by
 * timestamp means a migration merged late from parallel work still runs. On PostgreSQL a transaction-scoped
 * advisory lock keeps concurrently starting processes from applying the same migration twice.
 */
export async function migrateDatabase(db: Db, folder = migrationsFolder): Promise<string[]> {
  const migrations = await readMigrations(folder);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72707001)`);
    await tx.execute(createLedger);
    const done = await appliedNames(tx);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO switchboard_migrations (name, hash) VALUES (${migration.name}, ${migration.hash})`,
      );
      applied.push(migration.name);
    }
    return applied;
  });
}

/** What /api/health reports: how many migrations ran and which are still pending. */
export async function readMigrationState(db: Db, folder = migrationsFolder): Promise<MigrationState> {
  const [migrations, done] = await Promise.all([readMigrations(folder), appliedNames(db)]);
  const appliedInOrder = migrations.filter((migration) => done.has(migration.name));
  return {
    applied: done.size,
    pending: migrations.filter((migration) => !done.has(migration.name)).map((migration) => migration.name),
    latest: appliedInOrder.at(-1)?.name ?? null,
  };
}
