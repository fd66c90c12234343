import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Appointments in the sandbox calendar (the default calendar provider): what agents book for callers, per
 * agent account, with the local wall time and time zone the caller agreed to.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    organizationId: integer('organization_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    name: text('name').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    contactAddress: text('contact_address'),
    conversationUuid: text('conversation_uuid'),
    status: text('status').$type<'booked' | 'cancelled'>().notNull().default('booked'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('appointments_account_starts_at_idx').on(table.accountId, table.startsAt)],
);

export interface StoredScheduleInterval {
  start: string;
  end: string;
}

export interface StoredScheduleBreak extends StoredScheduleInterval {
  /** Weekday names the break applies on; every day when empty. */
  days: string[];
}

/**
 * The account's booking availability, in its own time zone: weekly hours per weekday (HH:MM intervals), daily
 * breaks, blocked dates, and the rules every booking keeps (length, buffer, minimum notice, horizon).
 */
export const calendarSchedules = pgTable('calendar_schedules', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  timezone: text('timezone').notNull(),
  weeklyHours: jsonb('weekly_hours').$type<Record<string, StoredScheduleInterval[]>>().notNull(),
  breaks: jsonb('breaks').$type<StoredScheduleBreak[]>().notNull().default([]),
  blockedDates: jsonb('blocked_dates').$type<string[]>().notNull().default([]),
  appointmentMinutes: integer('appointment_minutes').notNull(),
  bufferMinutes: integer('buffer_minutes').notNull().default(0),
  minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(0),
  horizonDays: integer('horizon_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A calendar an account connected (Calendly by personal access token, Google by OAuth, JobNimbus by API key): the
 * credential sealed by the server's secret box, the provider's own settings, and whether it still works.
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider').$type<'calendly' | 'google' | 'jobnimbus'>().notNull(),
    sealedCredential: text('sealed_credential').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'connected' | 'revoked' | 'failing'>().notNull().default('connected'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_connections_account_provider_key').on(table.accountId, table.provider)],
);
