import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * One campaign per agent account: the staging config the studio edits and the production config live
 * conversations run (null until the first publish). Both are the JSON of the contract's agent config.
 * `revision` increments on every staging write; a save that carries an older one is a conflict.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    agentAccountId: integer('agent_account_id')
      .primaryKey()
      .references(() => accounts.id),
    /** "camp" + 12 hex digits; stable for the agent's life. */
    campaignId: text('campaign_id').notNull(),
    staging: jsonb('staging').$type<Record<string, unknown>>().notNull(),
    production: jsonb('production').$type<Record<string, unknown>>(),
    revision: integer('revision').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('campaigns_campaign_id_key').on(table.campaignId)],
);

/**
 * A named snapshot of an agent's staging or production config; restoring copies it back into a slot. Every publish
 * writes one (kind 'publish', numbered per agent) with who published it and their note.
 */
export const agentVersions = pgTable(
  'agent_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentAccountId: integer('agent_account_id')
      .notNull()
      .references(() => accounts.id),
    title: text('title').notNull(),
    source: text('source').$type<'staging' | 'production'>().notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** 'publish': written by a publish (the config that went live); 'saved': a snapshot someone saved by hand. */
    kind: text('kind').$type<'saved' | 'publish'>().notNull().default('saved'),
    /** 1 for an agent's first publish, 2 for its second, …; null for saved snapshots. */
    publishNumber: integer('publish_number'),
    /** What the person publishing wrote about the change, if anything. */
    note: text('note'),
    /** The signed-in person who saved or published it (null when the platform did). */
    createdByUserId: integer('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('agent_versions_agent_idx').on(table.agentAccountId, table.id),
    uniqueIndex('agent_versions_publish_number_key').on(table.agentAccountId, table.publishNumber),
  ],
);

/**
 * An agent template: a config whose facts are {{variables}} and the field definitions that fill them. Built-in
 * templates have no owner (readable by everyone, editable by nobody); the others belong to a reseller or partner
 * and are offered to the accounts under it.
 */
export const agentTemplates = pgTable(
  'agent_templates',
  {
    id: text('id').primaryKey(),
    ownerAccountId: integer('owner_account_id').references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
    disabled: boolean('disabled').notNull().default(false),
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agent_templates_owner_idx').on(table.ownerAccountId)],
);
