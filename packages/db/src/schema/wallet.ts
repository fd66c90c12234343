import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A Lightning invoice an account asked for to top up its wallet. The amount and the sats-to-USD rate are frozen
 * when it is issued; it is credited once (the ledger's idempotency key is its payment hash) when the node reports
 * it settled or the payer proves it with the preimage. At most one pending invoice per account.
 */
export const walletInvoices = pgTable(
  'wallet_invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    paymentRequest: text('payment_request').notNull(),
    /** Hex SHA-256 of the preimage. */
    paymentHash: text('payment_hash').notNull(),
    amountSats: bigint('amount_sats', { mode: 'number' }).notNull(),
    /** The wallet credit in ledger units (nano-dollars) at the frozen rate. */
    amountUnits: bigint('amount_units', { mode: 'bigint' }).notNull(),
    satToUsd: text('sat_to_usd').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'cancelled' | 'expired'>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_invoices_payment_hash_key').on(table.paymentHash),
    uniqueIndex('wallet_invoices_one_pending_key')
      .on(table.accountId)
      .where(sql`${table.status} = 'pending'`),
    index('wallet_invoices_account_idx').on(table.accountId, table.createdAt),
    check('wallet_invoices_amount_check', sql`${table.amountSats} > 0 AND ${table.amountUnits} > 0`),
  ],
);

/** A reward earned by an account (a referral, a promotion); claiming moves it from the rewards account once. */
export const walletRewards = pgTable(
  'wallet_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountUnits: bigint('amount_units', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_rewards_account_idx').on(table.accountId, table.claimedAt),
    check('wallet_rewards_amount_check', sql`${table.amountUnits} > 0`),
  ],
);
