import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A payment someone made (or started) to an account on its pay page, by card or Lightning. The payer needs no
 * account. `amountUnits` is what the payer pays; when it is paid the account is credited that less `feeUnits`, which
 * goes to the platform's revenue, under idempotency keys derived from the checkout session or the payment hash.
 */
export const payPagePayments = pgTable(
  'pay_page_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account being paid. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    method: text('method').$type<'card' | 'lightning'>().notNull(),
    status: text('status').$type<'pending' | 'paid' | 'expired'>().notNull().default('pending'),
    amountUnits: bigint('amount_units', { mode: 'bigint' }).notNull(),
    /** Set when credited: the platform's share at the fee percentage of that moment. */
    feeUnits: bigint('fee_units', { mode: 'bigint' }),
    payerEmail: text('payer_email'),
    payerName: text('payer_name'),
    note: text('note'),
    checkoutSessionId: text('checkout_session_id'),
    provider: text('provider'),
    paymentRequest: text('payment_request'),
    paymentHash: text('payment_hash'),
    amountSats: bigint('amount_sats', { mode: 'number' }),
    satToUsd: text('sat_to_usd'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pay_page_payments_checkout_key').on(table.checkoutSessionId),
    uniqueIndex('pay_page_payments_payment_hash_key').on(table.paymentHash),
    index('pay_page_payments_account_idx').on(table.accountId, table.createdAt),
    check('pay_page_payments_amount_check', sql`${table.amountUnits} > 0`),
  ],
);

/**
 * Visits to an account's public pages and clicks on its links, counted per day: `page` is profile, pay or link;
 * `target` names the link (its type, or call / text) and is empty for page views.
 */
export const publicPageViews = pgTable(
  'public_page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    page: text('page').$type<'profile' | 'pay' | 'link'>().notNull(),
    target: text('target').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [uniqueIndex('public_page_views_key').on(table.accountId, table.page, table.target, table.day)],
);
