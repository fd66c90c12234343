import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * An invitation an account sent by mail or text, with its referral link. When an account whose email or phone is the
 * target first pays, the invitation is marked accepted by it and the inviter earns one reward (a wallet reward row
 * whose id is kept here, so it is earned once).
 */
export const referralInvites = pgTable(
  'referral_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** A normalized email address or E.164 phone number. */
    target: text('target').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** The reward the inviter earns, fixed when the invitation is sent (nano-dollars). */
    rewardUnits: bigint('reward_units', { mode: 'bigint' }).notNull(),
    invitedAccountId: integer('invited_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    rewardId: bigint('reward_id', { mode: 'number' }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('referral_invites_account_idx').on(table.accountId, table.createdAt),
    index('referral_invites_target_idx').on(table.target),
  ],
);
