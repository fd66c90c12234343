import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

/**
 * API tokens: a person makes one for an account they may act for; the token acts for that account (and the accounts
 * below it) with no more than its maker's rights. Only the SHA-256 of the secret is kept, beside a short prefix that
 * lets a person recognise it in a list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<'admin' | 'readOnly'>().notNull(),
    description: text('description').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_account_id_idx').on(table.accountId),
  ],
);

/** Where an account wants its events sent: a URL, the event types it takes, and the secret its deliveries are signed with. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    url: text('url').notNull(),
    label: text('label').notNull(),
    /** Event types ("conversation.ended", …); a delivery is made only for these. */
    events: jsonb('events').$type<string[]>().notNull(),
    /** The signing secret, sealed with the server's secrets key. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why deliveries stopped (the receiver answered 410 Gone), when they did. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('webhook_endpoints_account_id_idx').on(table.accountId)],
);

/**
 * Something that happened, written by database triggers on the records themselves (conversation logs, messages,
 * tasks, ledger transfers) only when an endpoint in the account's tree asked for its type. `data` is the payload,
 * built once at the first delivery so every retry and replay sends the same bytes.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    type: text('type').notNull(),
    /** The record the event is about (a conversation log id, a message id, a task id, a transfer id). */
    sourceId: text('source_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('webhook_events_type_source_key').on(table.type, table.sourceId)],
);

/** One event for one endpoint: pending until answered with a 2xx, retried with growing delays, or failed for good. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    /** The endpoint's account, kept on each delivery so every query filters by tenant directly. */
    accountId: integer('account_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a delivery is being sent, no other worker takes it (nor any later delivery of its endpoint). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    /** A person's resend of an earlier delivery. */
    replayOf: bigint('replay_of', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.status, table.id),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/** Every attempt of a delivery: when, how long, what the receiver answered (or why it could not be reached). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId)],
);
