import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A phone number an agent account holds (bought at a carrier, or brought by its owner). A row stays after the
 * number is released (released_at set), so the history of who held what remains; a number is held by one
 * account at a time. The account's vida_phone_number is the held number the rest of the product reads.
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** E.164. */
    number: text('number').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').$type<'carrier' | 'byo'>().notNull(),
    carrier: text('carrier').$type<'sandbox' | 'twilio'>().notNull(),
    /** The carrier's id for the purchase (Twilio's PN… sid), needed to release it. */
    carrierId: text('carrier_id').notNull(),
    locality: text('locality'),
    region: text('region'),
    status: text('status').$type<'active' | 'released'>().notNull().default('active'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('phone_numbers_held_number_key')
      .on(table.number)
      .where(sql`${table.releasedAt} is null`),
    index('phone_numbers_account_id_idx').on(table.accountId),
  ],
);

/**
 * The sandbox carrier's own books: the fictional numbers it has sold and not yet had back. Kept in the database
 * so every process of the platform sees the same sales and a restart keeps them.
 */
export const sandboxNumbers = pgTable('sandbox_numbers', {
  number: text('number').primaryKey(),
  carrierId: text('carrier_id').notNull(),
  boughtAt: timestamp('bought_at', { withTimezone: true }).notNull().defaultNow(),
});
