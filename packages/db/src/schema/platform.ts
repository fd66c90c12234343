import { bigserial, index, inet, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Page visits recorded for sign-up attribution (ipCorrelator); append-only. */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    page: text('page').notNull(),
    ref: text('ref'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_visits_ip_created_at_idx').on(table.ip, table.createdAt)],
);

/** Small platform-wide facts (the demo seed marker, install id) as key and JSON value. */
export const switchboardMeta = pgTable('switchboard_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
