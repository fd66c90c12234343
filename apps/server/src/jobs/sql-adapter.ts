import { createRequire } from 'node:module';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../platform/database';

/** What pg-boss needs of a database: `executeSql(text, values)` answering `{ rows }`. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as PGlite | null)?.exec === 'function' && typeof (client as PGlite).listen === 'function';

/**
 * pg-boss over the application's own database. PostgreSQL: the node-postgres pool, as pg-boss's own driver would
 * use it. PGlite: the same single instance the app uses. PGlite runs one statement list at a time and holds every
 * other query while a transaction is open, so pg-boss's statements never interleave with the app's transactions;
 * parameterless text (pg-boss's locked maintenance and migration scripts, several statements inside BEGIN/COMMIT)
 * goes through `exec`, the rest through `query`. FOR UPDATE SKIP LOCKED works as on PostgreSQL (with one session
 * there is never a lock to skip).
 */
export function bossDbFor(db: Db): BossDb {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    return {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    executeSql: async (text, values) => {
      if (/^SELECT \S+\.create_queue\(/.test(text)) return createQueueAlone(pool, text, values);
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
    },
  };
}

/**
 * Two processes creating queues at the same moment deadlock in PostgreSQL (each inserts into the queue table and
 * then adds a foreign key to it, in opposite orders), and each deadlock costs a second before PostgreSQL notices.
 * Queue creation therefore takes a transaction-scoped advisory lock first, so creations follow one another across
 * every process on the database.
 */
async function createQueueAlone(
  pool: pg.Pool,
  text: string,
  values?: unknown[],
): Promise<{ rows: unknown[] }> {
  const connection = await pool.connect();
  try {
    await connection.query('BEGIN');
    await connection.query("SELECT pg_advisory_xact_lock(hashtext('switchboard.job-queue.create'))");
    const result = await connection.query(text, values);
    await connection.query('COMMIT');
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

/** pg-boss statements inside a caller's drizzle transaction (an enqueue that commits or rolls back with it). */
export function bossDbInTransaction(tx: Db): BossDb {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      const result: unknown = await tx.execute(sql.join(chunks));
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

interface BossPlans {
  failJobsById(schema: string): string;
  insertJobs(schema: string): string;
}

// pg-boss is pinned to major 10; its plans module is where its retry/backoff/dead-letter SQL lives.
const plans = createRequire(import.meta.url)('pg-boss/src/plans') as BossPlans;

/**
 * pg-boss's failure statement (retry with delay and backoff, or failed and dead-lettered), limited to one attempt
 * and answering the job's new state and due time:
 * the job must still be active in the attempt that failed ($4 = its retry count). A late failure of an attempt that
 * already expired and was retried elsewhere changes nothing. Parameters: name, id, output, retry count.
 */
export function failAttemptSql(schema: string): string {
  const text = plans.failJobsById(schema);
  const byIds = "name = $1 AND id IN (SELECT UNNEST($2::uuid[])) AND state < 'completed'";
  const count = 'SELECT COUNT(*) FROM results';
  if (!text.includes(byIds) || !text.includes(count)) {
    throw new Error('pg-boss failure statement changed; review jobs/sql-adapter.ts');
  }
  return text
    .replace(byIds, "name = $1 AND id = $2::uuid AND state = 'active' AND retry_count = $4::int")
    .replace(count, 'SELECT state, start_after FROM results');
}

/** Completes one attempt (same guard as failAttemptSql). Parameters: name, id, output, retry count. */
export function completeAttemptSql(schema: string): string {
  return `UPDATE ${schema}.job SET completed_on = now(), state = 'completed', output = $3::jsonb
    WHERE name = $1 AND id = $2::uuid AND state = 'active' AND retry_count = $4::int RETURNING id`;
}

/**
 * Hands an unfinished attempt back to the queue when this process stops: due again at once, no retry used (the next
 * fetch counts a new attempt). Parameters: name, id, output, retry count.
 */
export function handBackAttemptSql(schema: string): string {
  return `UPDATE ${schema}.job SET state = 'retry', start_after = now(), output = $3::jsonb
    WHERE name = $1 AND id = $2::uuid AND state = 'active' AND retry_count = $4::int RETURNING id`;
}

/**
 * pg-boss's batch insert (the queue's policy fills what a row leaves out; a row whose id exists is skipped),
 * answering the rows it created. Parameter: a JSON array of { id, name, data, startAfter, singletonKey }.
 */
export function insertJobsSql(schema: string): string {
  const text = plans.insertJobs(schema).trimEnd();
  if (!text.endsWith('ON CONFLICT DO NOTHING') || !text.includes('$6::bool as retry_backoff')) {
    throw new Error('pg-boss batch insert statement changed; review jobs/sql-adapter.ts');
  }
  // Its defaults ($2-$6) are left null: every job type has a queue row with its own policy.
  return `${text.replace(/\$([2-6])(::\w+)? as/g, 'NULL$2 as')} RETURNING id, start_after`;
}
