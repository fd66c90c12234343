import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { messages } from './conversations';

/**
 * A code texted to a number its owner wants to bring to an agent account: proving they can read texts to it. The
 * code is kept only as a hash; it expires, allows a few wrong tries, and is used up by the attachment.
 */
export const byoNumberCodes = pgTable(
  'byo_number_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** E.164. */
    number: text('number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('byo_number_codes_account_number_idx').on(table.accountId, table.number, table.createdAt),
  ],
);

/**
 * A check that calls to a person's cell forward to their agent's number: the platform calls the cell from its own
 * number, and the check is verified when that call arrives at the agent's number still showing the platform's
 * number as caller id. The latest verified check is the agent account's verified forwarding.
 */
export const forwardingChecks = pgTable(
  'forwarding_checks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The cell that should forward (E.164). */
    cellNumber: text('cell_number').notNull(),
    /** The agent's number the cell should forward to, as it was when the check started. */
    agentNumber: text('agent_number').notNull(),
    /** The number the test call comes from (the caller id the agent's number must see). */
    callerNumber: text('caller_number').notNull(),
    /** The carrier's id of the test call to the cell, once placed. */
    callId: text('call_id'),
    status: text('status').$type<'calling' | 'verified' | 'failed'>().notNull().default('calling'),
    /** Why a failed check failed, in words a person can act on. */
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** A check still calling after this has failed. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('forwarding_checks_account_started_idx').on(table.accountId, table.startedAt)],
);

/**
 * The sandbox phone network's call forwarding: a cell that forwards its calls to another number (as dialing
 * *72 and the number does at a real carrier), until cancelled (*73).
 */
export const sandboxCallForwarding = pgTable('sandbox_call_forwarding', {
  cellNumber: text('cell_number').primaryKey(),
  forwardTo: text('forward_to').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An outgoing text's journey at the carrier: which carrier message it became and what the carrier last said of
 * it (the message row carries the status itself); the carrier's error when it failed.
 */
export const textDeliveries = pgTable(
  'text_deliveries',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => messages.id),
    accountId: integer('account_id').notNull(),
    carrier: text('carrier').notNull(),
    /** The carrier's id of the text (Twilio's SM… sid). */
    carrierMessageId: text('carrier_message_id').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('text_deliveries_carrier_message_key').on(table.carrier, table.carrierMessageId)],
);
