import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Appointments in the sandbox calendar (the default calendar provider): what agents book for callers, per
 * agent account, with the local wall time and time zone the caller agreed to.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    organizationId: integer('organization_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    name: text('name').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    contactAddress: text('contact_address'),
    conversationUuid: text('conversation_uuid'),
    status: text('status').$type<'booked' | 'cancelled'>().notNull().default('booked'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('appointments_account_starts_at_idx').on(table.accountId, table.startsAt)],
);
