import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Apps an organization described itself (the catalogue's built-in apps live in code). The definition is the
 * contract's app definition, validated on every write.
 */
export const customApps = pgTable(
  'custom_apps',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => accounts.id),
    appId: text('app_id').notNull(),
    appVersion: text('app_version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('custom_apps_organization_app_idx').on(table.organizationId, table.appId, table.appVersion),
  ],
);

/** An app installed on an organization, with its credential values (`appData`, a string map). */
export const appInstalls = pgTable(
  'app_installs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => accounts.id),
    appId: text('app_id').notNull(),
    appVersion: text('app_version').notNull(),
    appData: jsonb('app_data').$type<Record<string, string>>().notNull().default({}),
    installedBy: integer('installed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('app_installs_organization_app_idx').on(table.organizationId, table.appId, table.appVersion),
  ],
);
