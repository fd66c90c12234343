import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One counted event of a rate limit (a code sent, a wrong code tried), kept until its window has passed. The
 * limits are counted here rather than in memory so they hold across restarts and every server process sharing
 * the database.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which limit: 'code-requests-identifier', 'code-requests-ip', 'wrong-codes-ip'. */
    bucket: text('bucket').notNull(),
    /** What is limited within the bucket: a client address, an email address or phone number. */
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** When the hit leaves its window and stops counting. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_hits_bucket_key_expires_idx').on(table.bucket, table.key, table.expiresAt),
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);
