import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from './database';

export interface NotificationListener {
  close(): Promise<void>;
}

type PgPool = pg.Pool & { Client: typeof pg.Client; options: pg.PoolConfig };

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as PGlite | null)?.listen === 'function' && typeof (client as PGlite).exec === 'function';

/**
 * Calls `onPayload` with the payload of every NOTIFY on `channel`. On PGlite it listens in-process (PGlite is one
 * session, so it hears this process's own writes); on PostgreSQL it holds one dedicated connection outside the
 * pool, reconnecting after a loss (calling `onReconnect` so listeners can resynchronize what they missed).
 */
export async function listenForNotifications(
  db: Db,
  channel: string,
  onPayload: (payload: string) => void,
  options: { onError?: (error: unknown) => void; onReconnect?: () => void } = {},
): Promise<NotificationListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    const unlisten = await client.listen(channel, onPayload);
    return { close: () => unlisten() };
  }
  const pool = client as PgPool;
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (delayMs: number): Promise<void> => {
    const connection = new pool.Client(pool.options);
    connection.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    connection.on('error', (error) => {
      options.onError?.(error);
      if (current === connection) reconnect(delayMs);
    });
    await connection.connect();
    await connection.query(`LISTEN ${channel}`);
    if (closed) {
      await connection.end().catch(() => undefined);
      return;
    }
    current = connection;
  };

  const reconnect = (delayMs: number) => {
    if (closed || retry) return;
    const previous = current;
    current = null;
    void previous?.end().catch(() => undefined);
    const next = Math.min(delayMs * 2, 5000);
    retry = setTimeout(() => {
      retry = null;
      connect(next)
        .then(() => options.onReconnect?.())
        .catch((error: unknown) => {
          options.onError?.(error);
          reconnect(next);
        });
    }, delayMs);
    retry.unref();
  };

  await connect(100);
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await current?.end().catch(() => undefined);
      current = null;
    },
  };
}

/** Announces an event on a channel (every listening process hears it after the writing transaction commits). */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
