import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A brand the web app takes on: the product's own (no account; ids 2286 and 1217159 are seeded) or the white-label
 * profile of a partner or reseller (one per account), served on the domains of that account's tree.
 */
export const domainProfiles = pgTable(
  'domain_profiles',
  {
    // New profiles number from 2,000,000 so they never meet the seeded own-host ids.
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2000000 }),
    accountId: integer('account_id').references(() => accounts.id),
    name: text('name').notNull(),
    image: text('image'),
    supportUrl: text('support_url'),
    supportEmail: text('support_email'),
    smsMessaging: boolean('sms_messaging').notNull().default(false),
    allowEmbeds: boolean('allow_embeds').notNull().default(false),
    appScripts: jsonb('app_scripts').$type<string[]>().notNull().default([]),
    favorites: jsonb('favorites').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('domain_profiles_account_id_key').on(table.accountId)],
);

/** A host name (lowercase, ASCII/punycode, no port) an account serves the app on; unique across tenants. */
export const domains = pgTable(
  'domains',
  {
    domain: text('domain').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('domains_account_id_idx').on(table.accountId),
    uniqueIndex('domains_one_default_per_account')
      .on(table.accountId)
      .where(sql`${table.isDefault}`),
  ],
);
