import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The sandbox phone network's softphones: the fictional caller number each person dials from in the browser
 * (+1 555 555-XXXX, a range the sandbox carrier never sells), kept so calls and texts to it find them again.
 */
export const sandboxSoftphones = pgTable('sandbox_softphones', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
