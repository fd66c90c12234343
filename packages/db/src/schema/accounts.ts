import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts and people draw ids from one sequence, so an id in a URL or a targetAccountId is never ambiguous. */
export const principalIdSequence = pgSequence('principal_id_seq', { startWith: 1000 });

const principalId = () =>
  integer('id')
    .primaryKey()
    .default(sql`nextval('principal_id_seq')`);

/**
 * A tenant: partner → reseller → organization → agent account. The ancestor ids follow the spec's account object
 * (an organization's organizationId is its own id; an agent account's is its organization's).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: principalId(),
    accountType: text('account_type').$type<'partner' | 'reseller' | 'organization' | 'agent'>().notNull(),
    parentId: integer('parent_id'),
    partnerId: integer('partner_id'),
    resellerId: integer('reseller_id'),
    organizationId: integer('organization_id'),
    username: text('username').notNull(),
    name: text('name'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    socialLinks: jsonb('social_links').$type<unknown[]>().notNull().default([]),
    socialLinksPosition: text('social_links_position'),
    profileImage: text('profile_image'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledDetails: text('disabled_details'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    vidaPremium: boolean('vida_premium').notNull().default(false),
    vidaPhoneNumber: text('vida_phone_number'),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    externalAccountId: text('external_account_id'),
    /** The account's stable identity for the native apps (the sign-in answer's cloudId); never changes. */
    cloudId: uuid('cloud_id').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_username_key').on(table.username),
    uniqueIndex('accounts_cloud_id_key').on(table.cloudId),
    index('accounts_parent_id_idx').on(table.parentId),
    index('accounts_organization_id_idx').on(table.organizationId),
    index('accounts_reseller_id_idx').on(table.resellerId),
    index('accounts_partner_id_idx').on(table.partnerId),
    index('accounts_external_account_id_idx').on(table.externalAccountId),
  ],
);

/**
 * A person who signs in. `accountId` is the account they signed up with (absent for someone who only reaches
 * organizations through memberships); temporary users are anonymous visitors.
 */
export const users = pgTable(
  'users',
  {
    id: principalId(),
    accountId: integer('account_id').references(() => accounts.id),
    email: text('email'),
    phoneNumber: text('phone_number'),
    name: text('name'),
    superAdmin: boolean('super_admin').notNull().default(false),
    temporary: boolean('temporary').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_phone_number_key').on(table.phoneNumber),
    index('users_account_id_idx').on(table.accountId),
  ],
);

/** An admin user's access to an account (and everything under it), optionally as its owner. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    isOwner: boolean('is_owner').notNull().default(false),
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.accountId] }),
    index('memberships_account_id_idx').on(table.accountId),
  ],
);
