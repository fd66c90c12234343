import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a super admin did: one row per change a super admin made through the API (refunds, enabling and disabling
 * accounts, anything else they changed), written after it succeeded. Append-only: a trigger (in the migration)
 * refuses UPDATE, DELETE and TRUNCATE, so no one edits or removes the trail, the platform's own code included.
 */
export const adminAuditEvents = pgTable(
  'admin_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').notNull(),
    /** The actor's email when it was written (a person's address may change later). */
    actorEmail: text('actor_email'),
    /** The call: "POST /internal/issueRefundToUser". */
    action: text('action').notNull(),
    /** What the call does, from the contract. */
    summary: text('summary').notNull().default(''),
    targetAccountId: integer('target_account_id'),
    /** The target as the call named it: a username, a conversation, an account id. */
    target: text('target'),
    /** The request's fields (credentials left out) and the answer's message. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_events_created_idx').on(table.createdAt),
    index('admin_audit_events_target_idx').on(table.targetAccountId),
  ],
);
