import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A phone call at the carrier, from its first webhook (or from placing it) to its last status: which agent it
 * belongs to, who is on the other end, and the single-use token its media stream must present.
 */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    /** The carrier's call id (Twilio's CA… sid). */
    callId: text('call_id').primaryKey(),
    carrier: text('carrier').$type<'sandbox' | 'twilio' | 'sip'>().notNull(),
    /** The agent account on the call. */
    accountId: integer('account_id').notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    /** The caller's name as the carrier gave it (CNAM), when it did. */
    callerName: text('caller_name'),
    /** queued, ringing, in-progress, completed, busy, no-answer, failed, canceled. */
    status: text('status').notNull(),
    /** SHA-256 of the token handed to the media stream; cleared once a stream has used it. */
    streamTokenHash: text('stream_token_hash'),
    conversationUuid: text('conversation_uuid'),
    durationSeconds: integer('duration_seconds'),
    /** Who picked up an outbound call (the answer classification): human, voicemail, screener, menu, unknown. */
    answeredBy: text('answered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('phone_calls_account_created_at_idx').on(table.accountId, table.createdAt)],
);

/**
 * Carrier webhooks already acted on, by what makes each one unique (a CallSid's voice request, a MessageSid, a
 * status of a call), so a replayed or retried delivery does nothing twice.
 */
export const carrierEvents = pgTable(
  'carrier_events',
  {
    carrier: text('carrier').notNull(),
    eventKey: text('event_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.carrier, table.eventKey] })],
);

/** Contacts who texted STOP to an agent's number: nothing more is texted to them from it until they send START. */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    agentNumber: text('agent_number').notNull(),
    contactNumber: text('contact_number').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sms_opt_outs_pair_key').on(table.agentNumber, table.contactNumber)],
);
