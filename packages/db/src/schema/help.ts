import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Messages sent through the contact-support form; also the record the per-account rate limit counts. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id'),
    profileId: integer('profile_id'),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_requests_account_created_idx').on(table.accountId, table.createdAt)],
);
