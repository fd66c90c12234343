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
} from 'drizzle-orm/pg-core';

/**
 * A plan organizations subscribe to: what it costs per month and per year (USD cents) and what it includes. Its
 * usage prices are the price plan of the same id (`price_plans`, the ledger's catalogue). `owner_account_id` is
 * the partner or reseller that sells it, null for the platform's own catalogue. A private plan is only offered to
 * one organization at a time (`organization_billing.offered_plan_id`).
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    ownerAccountId: integer('owner_account_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    monthlyCents: integer('monthly_cents').notNull(),
    yearlyCents: integer('yearly_cents').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    premium: boolean('premium').notNull().default(true),
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('public'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscription_plans_owner_idx').on(table.ownerAccountId),
    check('subscription_plans_prices_check', sql`${table.monthlyCents} >= 50 AND ${table.yearlyCents} >= 50`),
  ],
);

/**
 * An organization's billing data (spec part 1 §3): the plan and term it subscribes to, the provider's customer and
 * subscription, the subscription's status as the provider last reported it, and the dates people ask about.
 * `state_event_at` is the provider time (epoch seconds) of the newest report applied: an older one never
 * overwrites it, whatever order the webhooks arrive in.
 */
export const organizationBilling = pgTable(
  'organization_billing',
  {
    accountId: integer('account_id').primaryKey(),
    productPlanId: text('product_plan_id'),
    term: text('term').$type<'month' | 'year'>(),
    provider: text('provider'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    status: text('status').notNull().default('none'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelDetails: text('cancel_details'),
    offeredPlanId: text('offered_plan_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    stateEventAt: bigint('state_event_at', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_billing_subscription_key').on(table.subscriptionId),
    index('organization_billing_customer_idx').on(table.customerId),
  ],
);

/** Every provider event applied, by its id: a replayed delivery is answered without being applied again. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: integer('account_id'),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The subscription's invoices as the provider reported them (the billing portal lists them). */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    subscriptionId: text('subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'paid' | 'open' | 'failed'>().notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    hostedUrl: text('hosted_url'),
    eventAt: bigint('event_at', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscription_invoices_account_idx').on(table.accountId, table.createdAt)],
);
