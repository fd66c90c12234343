import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { rooms } from './conversations';

/** What a person should look at: a contact writing in a priority room, a transfer or message request. */
export const inboxNotifications = pgTable(
  'inbox_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId),
    kind: text('kind').$type<'message' | 'transfer' | 'messageRequest' | 'rating'>().notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [index('inbox_notifications_account_created_at_idx').on(table.accountId, table.createdAt)],
);
