import { queryRows, sql, type Db } from '@switchboard/db';

export interface RateLimit {
  bucket: string;
  key: string;
  /** Hits allowed within the window. */
  limit: number;
  windowMs: number;
}

export type RateLimitSlots = { ok: true; hitIds: number[] } | { ok: false; retryAfterSeconds: number };

const lockKey = (limit: RateLimit) => `${limit.bucket}\n${limit.key}`;

/**
 * Counts one hit against every limit, or against none when one is full. Transaction-scoped advisory locks on the
 * keys (taken in one order) serialize the count and the insert, so concurrent requests and several server
 * processes on one database cannot share out the last slot twice. A full limit answers the seconds until a slot
 * frees: when the limit-th newest hit in its window expires.
 */
export async function takeRateLimitSlots(db: Db, limits: readonly RateLimit[]): Promise<RateLimitSlots> {
  const ordered = [...limits].sort((a, b) => (lockKey(a) < lockKey(b) ? -1 : 1));
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const limit of ordered) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey(limit)}, 0))`);
    }
    let retryAfterSeconds: number | null = null;
    for (const limit of ordered) {
      const [full] =
        limit.limit <= 0
          ? [{ wait: limit.windowMs / 1000 }]
          : await queryRows<{ wait: number }>(
              tx,
              sql`SELECT extract(epoch FROM expires_at - now())::float8 AS wait FROM rate_limit_hits
                  WHERE bucket = ${limit.bucket} AND key = ${limit.key} AND expires_at > now()
                  ORDER BY expires_at DESC OFFSET ${limit.limit - 1} LIMIT 1`,
            );
      if (full) retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, full.wait);
    }
    if (retryAfterSeconds !== null) return { ok: false, retryAfterSeconds };
    const hitIds: number[] = [];
    for (const limit of ordered) {
      // bigserial: node-postgres hands int8 over as a string.
      const [hit] = await queryRows<{ id: number | string }>(
        tx,
        sql`INSERT INTO rate_limit_hits (bucket, key, expires_at)
            VALUES (${limit.bucket}, ${limit.key}, now() + ${limit.windowMs} * interval '1 millisecond')
            RETURNING id`,
      );
      if (hit) hitIds.push(Number(hit.id));
    }
    // Hits past their window count for nothing; a few go with every insert so the table stays small.
    await tx.execute(
      sql`DELETE FROM rate_limit_hits WHERE id IN (
            SELECT id FROM rate_limit_hits WHERE expires_at <= now() LIMIT 200 FOR UPDATE SKIP LOCKED)`,
    );
    return { ok: true, hitIds };
  });
}

/** Takes back a counted hit (a code turned out right, so it was no wrong guess). */
export async function releaseRateLimitHit(db: Db, hitId: number): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE id = ${hitId}`);
}
