import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A person or business an account keeps: a name, a phone number and an email address (both normalized, the
 * phone in E.164 so it links to the rooms with that number), and free nested data that updates merge into.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contacts_account_phone_idx').on(table.accountId, table.phoneNumber),
    index('contacts_account_created_at_idx').on(table.accountId, table.createdAt),
  ],
);
