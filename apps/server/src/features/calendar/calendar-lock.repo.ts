import { sql } from '@switchboard/db';
import type { Db } from '../../platform/database';

/**
 * One booking at a time per calendar (decisions/035). In this process a promise chain per calendar key queues
 * them; on PostgreSQL a transaction-scoped advisory lock also queues processes sharing the database. PGlite is one
 * process and one session (an open transaction would stall every other query, and its advisory locks are
 * re-entrant within that session), so the in-process queue is the lock there.
 */
const queues = new Map<string, Promise<unknown>>();

const lockNamespace = 0x5b0b;

function onPglite(db: Db): boolean {
  const client = (db as unknown as { $client?: { listen?: unknown; exec?: unknown } }).$client;
  return typeof client?.listen === 'function' && typeof client.exec === 'function';
}

export async function withCalendarLock<T>(
  db: Db,
  calendarAccountId: number,
  work: () => Promise<T>,
): Promise<T> {
  const key = String(calendarAccountId);
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(
    () => underDatabaseLock(db, calendarAccountId, work),
    () => underDatabaseLock(db, calendarAccountId, work),
  );
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

function underDatabaseLock<T>(db: Db, calendarAccountId: number, work: () => Promise<T>): Promise<T> {
  if (onPglite(db)) return work();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockNamespace}, ${calendarAccountId})`);
    return work();
  });
}
