import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export type Channel = 'sms' | 'voice' | 'chat' | 'email';

export interface TranscriptEntry {
  role: 'agent' | 'contact';
  text: string;
  /** Milliseconds since the conversation started. */
  atMs: number;
}

export interface ToolCallRecord {
  name: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  summary: string;
  /** What the function reported besides its sentence (a transfer's destination and outcome). */
  data?: Record<string, unknown>;
  atMs: number;
}

/**
 * One room per agent account and contact address. `roomId` is "{agent account id}:{contact profile id}", the
 * shape the spec and the real system use; `inbox` is the tab it sits in (priority, or the agent's junk inbox).
 */
export const rooms = pgTable(
  'rooms',
  {
    roomId: text('room_id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    organizationId: integer('organization_id'),
    contactProfileId: integer('contact_profile_id').notNull(),
    contactAddress: text('contact_address').notNull(),
    contactName: text('contact_name'),
    /** The channel the room was opened on (a room carries any channel with the same contact afterwards). */
    channel: text('channel').$type<Channel>().notNull().default('sms'),
    inbox: text('inbox').$type<'priority' | 'agent'>().notNull().default('agent'),
    /** A person moved the room by hand: automatic routing leaves its inbox alone. */
    inboxPinned: boolean('inbox_pinned').notNull().default(false),
    /** The agent asked for a person (a transfer or a message request) in the current conversation. */
    attention: text('attention').$type<'transfer' | 'messageRequest'>(),
    /** The caller was flagged as spam (caller-name lookup or the agent). */
    spam: boolean('spam').notNull().default(false),
    aiAgentEnabled: boolean('ai_agent_enabled').notNull().default(true),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    currentUuid: uuid('current_uuid'),
    rating: smallint('rating'),
    reaction: text('reaction'),
    blocked: boolean('blocked').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rooms_account_contact_key').on(table.accountId, table.contactAddress),
    index('rooms_account_last_message_idx').on(table.accountId, table.inbox, table.lastMessageAt),
    index('rooms_organization_id_idx').on(table.organizationId),
    index('rooms_contact_profile_id_idx').on(table.contactProfileId),
  ],
);

/** What was said in a room, by whom and through which channel; `conversationUuid` groups one call or thread. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.roomId),
    /** The room's agent account, kept on each message so every query filters by tenant directly. */
    accountId: integer('account_id').notNull(),
    conversationUuid: uuid('conversation_uuid'),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    author: text('author').$type<'contact' | 'agent' | 'person'>().notNull(),
    authorUserId: integer('author_user_id'),
    text: text('text').notNull().default(''),
    media: jsonb('media').$type<{ url: string; contentType: string }[]>().notNull().default([]),
    status: text('status')
      .$type<'received' | 'queued' | 'sent' | 'delivered' | 'failed'>()
      .notNull()
      .default('received'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_room_created_at_idx').on(table.roomId, table.createdAt),
    index('messages_account_created_at_idx').on(table.accountId, table.createdAt),
    index('messages_conversation_uuid_idx').on(table.conversationUuid),
  ],
);

/** One row per finished conversation (call, text thread, chat): the spec's log fields plus what metrics need. */
export const conversationLogs = pgTable(
  'conversation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A conversation id: a UUID for ours; imported rows keep their own form ("{uuid}:{timestamp}"). */
    uuid: text('uuid').notNull(),
    accountId: integer('account_id').notNull(),
    accountName: text('account_name').notNull().default(''),
    agentId: integer('agent_id'),
    organizationId: integer('organization_id'),
    resellerId: integer('reseller_id'),
    partnerId: integer('partner_id'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull().default(0),
    fromNumber: text('from_number'),
    toNumber: text('to_number'),
    cnam: text('cnam'),
    roomId: text('room_id'),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    transfer: text('transfer'),
    callId: text('call_id'),
    channel: text('channel').$type<Channel | 'phone'>().notNull(),
    isTest: boolean('is_test').notNull().default(false),
    appointmentBooked: boolean('appointment_booked').notNull().default(false),
    collectedData: jsonb('collected_data').$type<Record<string, unknown>>().notNull().default({}),
    greetingLatencyMs: integer('greeting_latency_ms'),
    turnLatenciesMs: jsonb('turn_latencies_ms').$type<number[]>().notNull().default([]),
    usage: jsonb('usage').$type<Record<string, number>>().notNull().default({}),
    /** The conversation turn by turn: who said what, when (ms from the start). */
    transcript: jsonb('transcript').$type<TranscriptEntry[]>().notNull().default([]),
    /** The functions the agent ran, with their arguments and outcome. */
    toolCalls: jsonb('tool_calls').$type<ToolCallRecord[]>().notNull().default([]),
    /** Why it ended: agent, caller, transfer, timeout, error. */
    endedReason: text('ended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversation_logs_uuid_key').on(table.uuid),
    index('conversation_logs_account_timestamp_idx').on(table.accountId, table.timestamp),
    index('conversation_logs_organization_timestamp_idx').on(table.organizationId, table.timestamp),
    index('conversation_logs_reseller_timestamp_idx').on(table.resellerId, table.timestamp),
    index('conversation_logs_partner_timestamp_idx').on(table.partnerId, table.timestamp),
  ],
);

/** Metered usage (voice seconds, tokens, messages, numbers), appended once per idempotency key. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    organizationId: integer('organization_id'),
    unit: text('unit').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    conversationUuid: uuid('conversation_uuid'),
    idempotencyKey: text('idempotency_key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('usage_events_idempotency_key').on(table.idempotencyKey),
    index('usage_events_account_occurred_at_idx').on(table.accountId, table.occurredAt),
    // The per-conversation export sums each conversation's usage.
    index('usage_events_conversation_uuid_idx').on(table.conversationUuid),
  ],
);
