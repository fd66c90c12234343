import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Bearer credentials: sessions, single-use sign-in tokens (embed) and anonymous temporary sessions. Only the
 * SHA-256 of the random 256-bit value is stored.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').$type<'session' | 'one-time' | 'temporary'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_key').on(table.tokenHash),
    index('auth_tokens_user_id_idx').on(table.userId),
  ],
);

/** What a sign-up asked for, kept with its code: the organization is created once the code proves the address. */
export interface PendingSignup {
  /** The reseller to sign up under; null when there is none. */
  resellerId: number | null;
  businessName: string;
  name?: string | undefined;
  externalAccountId?: string | undefined;
}

/** A 6-digit code sent to an email address or phone number, to sign in or to verify it. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    identifier: text('identifier').notNull(),
    purpose: text('purpose').$type<'sign-in' | 'verify'>().notNull(),
    userId: integer('user_id').references(() => users.id),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    requestIp: text('request_ip'),
    /** The anonymous visitor's temporary user that asked for the code; signing in with it claims that session. */
    tempUserId: integer('temp_user_id').references(() => users.id),
    /** A sign-up waiting for this code: redeeming it creates the organization (only for an address with no account). */
    signup: jsonb('signup').$type<PendingSignup>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_codes_identifier_idx').on(table.identifier, table.createdAt),
    index('verification_codes_request_ip_idx').on(table.requestIp, table.createdAt),
  ],
);
