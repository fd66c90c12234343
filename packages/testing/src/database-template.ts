import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite, migrateDatabase, openDatabase, type DatabaseHandle } from '@switchboard/db';

/** Where each test file gets its database from: a dumped PGlite directory, or a template database on a server. */
export type DatabaseTemplate =
  { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function onServer<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates a template once per test run. PGlite: a fresh instance costs seconds and ~1 GB, while a clone of a
 * dumped, migrated one costs a fraction of that. PostgreSQL: CREATE DATABASE ... TEMPLATE copies it per file.
 */
export async function createDatabaseTemplate(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<{ template: DatabaseTemplate; dispose: () => Promise<void> }> {
  if (serverUrl) {
    const name = `switchboard_template_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name), poolSize: 1 });
    await migrateDatabase(handle.db);
    await handle.close();
    return {
      template: { kind: 'postgres', url: serverUrl, template: name },
      dispose: () =>
        onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
          () => undefined,
        ),
    };
  }
  const directory = await mkdtemp(path.join(os.tmpdir(), 'switchboard-template-'));
  const instance = await createPglite('memory://');
  const handle = await openDatabase({ kind: 'pglite', instance });
  await migrateDatabase(handle.db);
  const dump = await instance.dumpDataDir('none');
  await handle.close();
  const file = path.join(directory, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return {
    template: { kind: 'pglite', file },
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
}

/**
 * Writes the migrated PGlite template into `directory` as a server process's PGlite data directory (DATA_DIR/pglite),
 * so the process starts in a second instead of running initdb and every migration.
 */
export async function writePgliteDataDir(template: DatabaseTemplate, directory: string): Promise<void> {
  if (template.kind !== 'pglite') throw new Error('The template is a PostgreSQL database, not PGlite files');
  const instance = await createPglite(directory, { loadDataDir: new Blob([await readFile(template.file)]) });
  await instance.close();
}

/** A cloned database; on a server, `url` lets a test open a second pool on it (a second server process). */
export type ClonedDatabase = DatabaseHandle & { url?: string };

/** A private, migrated database for one test file; close() discards it. */
export async function cloneDatabase(template: DatabaseTemplate): Promise<ClonedDatabase> {
  if (template.kind === 'pglite') {
    const instance = await createPglite('memory://', {
      loadDataDir: new Blob([await readFile(template.file)]),
    });
    return openDatabase({ kind: 'pglite', instance });
  }
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  await onServer(template.url, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`),
  );
  const url = withDatabase(template.url, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await onServer(template.url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
