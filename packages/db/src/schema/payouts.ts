import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A withdrawal from an account's wallet: a two-phase ledger transfer (wallet → payouts) held while the provider
 * works, posted when the provider reports it paid, voided when it refuses, fails or later reverses it before
 * completion. `idempotency_key` makes a retried request the same payout; `provider_ref` is the provider's own id
 * (a PayPal batch, a Lightning payment hash, a Stripe transfer).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'lightning' | 'paypal' | 'venmo' | 'stripe'>().notNull(),
    /** The Lightning address, PayPal email, Venmo handle or connected account id it was sent to. */
    destination: text('destination').notNull(),
    /** Ledger units (nano-dollars) taken from the wallet. */
    amountUnits: bigint('amount_units', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed' | 'returned'>().notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    ledgerTransferId: uuid('ledger_transfer_id'),
    provider: text('provider').notNull(),
    sandbox: boolean('sandbox').notNull(),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    /** Provider details kept for support: sats and rate, the batch's item id, the transfer's destination. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payouts_idempotency_key').on(table.idempotencyKey),
    index('payouts_account_idx').on(table.accountId, table.createdAt),
    index('payouts_provider_ref_idx').on(table.providerRef),
    check('payouts_amount_check', sql`${table.amountUnits} > 0`),
  ],
);

/** An account's Stripe Connect Express account, where transferFunds sends its money. */
export const payoutConnectedAccounts = pgTable('payout_connected_accounts', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull(),
  sandbox: boolean('sandbox').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
