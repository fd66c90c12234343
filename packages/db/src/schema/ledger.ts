import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

/**
 * A ledger account: one wallet per tenant account (created on first use) or a named platform account (card
 * clearing, Lightning clearing, revenue, refunds, rewards, usage). Amounts are nano-dollars (1e-9 USD) as bigint.
 * `balance` is kept in the same transaction as the entries that change it, under a row lock; `pending_out` is what
 * pending (two-phase) transfers hold back. A transfer never takes a wallet below minus its credit limit; only usage
 * already delivered may overdraw it by the configured grace (the ledger checks both under the row lock). Platform
 * accounts are unconstrained (a clearing account is negative by what came in through it).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<'wallet' | 'platform'>().notNull(),
    accountId: integer('account_id'),
    platformName: text('platform_name'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    pendingOut: bigint('pending_out', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    creditLimit: bigint('credit_limit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_wallet_key').on(table.accountId),
    uniqueIndex('ledger_accounts_platform_key').on(table.platformName),
    check(
      'ledger_accounts_owner_check',
      sql`(${table.kind} = 'wallet' AND ${table.accountId} IS NOT NULL AND ${table.platformName} IS NULL)
        OR (${table.kind} = 'platform' AND ${table.platformName} IS NOT NULL AND ${table.accountId} IS NULL)`,
    ),
    check('ledger_accounts_credit_limit_check', sql`${table.creditLimit} >= 0 AND ${table.pendingOut} >= 0`),
  ],
);

/**
 * A transfer: immutable once posted; a correction is a new transfer. `status` is posted for one-phase transfers;
 * a two-phase transfer starts pending (it holds the amount on `from`) and ends posted or voided.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    status: text('status').$type<'posted' | 'pending' | 'voided'>().notNull(),
    fromLedgerAccountId: bigint('from_ledger_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    toLedgerAccountId: bigint('to_ledger_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(table.idempotencyKey),
    check('ledger_transfers_amount_check', sql`${table.amount} > 0`),
    check('ledger_transfers_status_check', sql`${table.status} IN ('posted', 'pending', 'voided')`),
  ],
);

/** One signed line per account a posted transfer touches; a transfer's lines sum to zero. Append-only. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    ledgerAccountId: bigint('ledger_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.ledgerAccountId, table.id),
    index('ledger_entries_transfer_idx').on(table.transferId),
  ],
);

/**
 * The price catalogue: a plan's productItems keyed by usage key, each with tiers. `ownerAccountId` null is the
 * platform's plan; `isDefault` marks the plan an owner's descendants fall back to. An account's own plan is
 * `plan_assignments`.
 */
export const pricePlans = pgTable(
  'price_plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ownerAccountId: integer('owner_account_id'),
    isDefault: boolean('is_default').notNull().default(false),
    productItems: jsonb('product_items').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('price_plans_owner_idx').on(table.ownerAccountId)],
);

/** The plan an account is on (at most one). */
export const planAssignments = pgTable('plan_assignments', {
  accountId: integer('account_id').primaryKey(),
  planId: text('plan_id')
    .notNull()
    .references(() => pricePlans.id),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rated usage: one row per usage event charged (its key is the debit's idempotency key). The tier for the next
 * unit counts this table's quantities for the account and usage key in the billing month.
 */
export const usageCharges = pgTable(
  'usage_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    accountId: integer('account_id').notNull(),
    payerAccountId: integer('payer_account_id').notNull(),
    usageKey: text('usage_key').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    planId: text('plan_id').notNull(),
    conversationId: text('conversation_id'),
    billingMonth: text('billing_month').notNull(),
    transferId: uuid('transfer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('usage_charges_event_key').on(table.eventKey),
    index('usage_charges_month_idx').on(table.payerAccountId, table.usageKey, table.billingMonth),
    index('usage_charges_conversation_idx').on(table.conversationId),
  ],
);
