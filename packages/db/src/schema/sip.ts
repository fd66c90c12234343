import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Addresses an account's SIP traffic may come from (FACTS §8): an INVITE to one of its agents is refused with 403
 * unless its source address falls in an entry of the agent account or an account above it. `ip` is the
 * normalised address or CIDR range (`203.0.113.10`, `198.51.100.0/24`, `2001:db8::/32`).
 */
export const sipIpWhitelist = pgTable(
  'sip_ip_whitelist',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    ip: text('ip').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sip_ip_whitelist_account_ip_key').on(table.accountId, table.ip)],
);

/** Where an account's outbound SIP calls go: routes in FACTS §8's grammar, kept as normalised text. */
export const sipOutboundRoutes = pgTable(
  'sip_outbound_routes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    route: text('route').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sip_outbound_routes_account_route_key').on(table.accountId, table.route)],
);

/**
 * A call that reached the SIP endpoint, answered or refused: which agent it was for, who called from where, how
 * it ended and the conversation it became.
 */
export const sipCalls = pgTable(
  'sip_calls',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The SIP Call-ID as the caller chose it. */
    sipCallId: text('sip_call_id').notNull(),
    /** The agent account the Request-URI named; null when it named no agent. */
    accountId: integer('account_id').references(() => accounts.id),
    fromNumber: text('from_number').notNull(),
    toUri: text('to_uri').notNull(),
    /** Where the INVITE came from: `udp:203.0.113.10:5060`. */
    source: text('source').notNull(),
    /** ringing, answered, ended, refused, canceled. */
    status: text('status').notNull(),
    /** The SIP status of a refusal (403, 404, 488…), or why an answered call ended (caller-bye, agent, rtp-timeout…). */
    endReason: text('end_reason'),
    conversationUuid: text('conversation_uuid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('sip_calls_account_created_at_idx').on(table.accountId, table.createdAt),
    index('sip_calls_sip_call_id_idx').on(table.sipCallId),
  ],
);

/** The SIP messages of a call as they crossed the wire (FACTS §8 captures), kept for the account to read. */
export const sipMessages = pgTable(
  'sip_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id').references(() => accounts.id),
    sipCallId: text('sip_call_id').notNull(),
    /** in: received from the peer; out: sent by us. */
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    /** The peer: `udp:203.0.113.10:5060`. */
    peer: text('peer').notNull(),
    /** The request method or the response status with its reason (`INVITE`, `200 OK`). */
    summary: text('summary').notNull(),
    raw: text('raw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sip_messages_account_call_idx').on(table.accountId, table.sipCallId, table.createdAt)],
);

/**
 * The account's registration to its own phone system (FACTS §8): the platform REGISTERs `aor` there with digest
 * credentials, as a desk phone would, so the PBX can send calls to the account's agents and take transfers to its
 * extensions. One per account; an AOR is registered by one account only. `password` is sealed (SecretBox).
 */
export const sipRegistrations = pgTable(
  'sip_registrations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** `sip:1001@pbx.example.com`, normalised. */
    aor: text('aor').notNull(),
    username: text('username').notNull(),
    authUsername: text('auth_username').notNull(),
    password: text('password').notNull(),
    sipRealm: text('sip_realm').notNull(),
    /** Where REGISTERs are sent when not to the realm itself. */
    proxy: text('proxy'),
    port: integer('port').notNull(),
    transport: text('transport').$type<'udp' | 'tcp'>().notNull(),
    /** registering, registered, failed, unregistered. */
    state: text('state').notNull(),
    /** Why the last attempt failed, in plain words with the SIP status; null after a success. */
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /** When the registrar lets the binding lapse unless it is refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sip_registrations_account_key').on(table.accountId),
    uniqueIndex('sip_registrations_aor_key').on(table.aor),
  ],
);
