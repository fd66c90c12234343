import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The agent's working memory of a text conversation that spans many requests (an SMS thread): the model
 * history with its function calls and results, and the facts the functions gathered. One row per conversation.
 */
export const agentThreads = pgTable('agent_threads', {
  conversationUuid: text('conversation_uuid').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  roomId: text('room_id').notNull(),
  history: jsonb('history').$type<unknown[]>().notNull().default([]),
  toolState: jsonb('tool_state').$type<Record<string, unknown>>().notNull().default({}),
  usage: jsonb('usage').$type<Record<string, number>>().notNull().default({}),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
