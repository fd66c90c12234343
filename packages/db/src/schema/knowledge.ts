import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** A document's place in ingestion: waiting for a worker, being fetched, searchable, or failed with a reason. */
export type KnowledgeDocumentState = 'queued' | 'fetching' | 'ready' | 'failed';

/** An organization's set of web pages and documents its agents answer from. Ids read `kb-` + hex. */
export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: text('id').primaryKey(),
    /** The organization that owns it. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('knowledge_bases_account_idx').on(table.accountId)],
);

/**
 * One URL of a knowledge base and what became of it: its state, the reason it failed, the hash of the text it
 * last gave (a refresh that finds the same text changes nothing) and when it was fetched. Ids read `doc-` + hex.
 */
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: text('id').primaryKey(),
    knowledgeBaseId: text('knowledge_base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    url: text('url').notNull(),
    /** The page's title once fetched (the URL until then). */
    title: text('title').notNull().default(''),
    state: text('state').$type<KnowledgeDocumentState>().notNull().default('queued'),
    failureReason: text('failure_reason'),
    contentType: text('content_type'),
    contentHash: text('content_hash'),
    bytes: integer('bytes'),
    chunkCount: integer('chunk_count').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('knowledge_documents_base_url_idx').on(table.knowledgeBaseId, table.url),
    index('knowledge_documents_account_idx').on(table.accountId),
  ],
);

/**
 * A passage of a document, cut at headings and paragraphs, carrying the page title and the path of headings above
 * it. `search` is the weighted full-text vector (title A, section B, text C) that lexical retrieval ranks, kept in
 * the row (storage MAIN, set in migration 20261129010422; decisions/067) so ranking reads no TOAST page.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    knowledgeBaseId: text('knowledge_base_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** Headings above the passage, outermost first, joined by " > ". */
    section: text('section').notNull().default(''),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("section", '')), 'B') || setweight(to_tsvector('english'::regconfig, "text"), 'C')`,
      ),
  },
  (table) => [
    index('knowledge_chunks_search_idx').using('gin', table.search),
    index('knowledge_chunks_base_idx').on(table.knowledgeBaseId),
    index('knowledge_chunks_document_idx').on(table.documentId, table.position),
  ],
);

/**
 * The words of a document (lowercased, letters and digits), once each: the vocabulary trigram similarity
 * (pg_trgm) matches a misspelled or partial search word against, to search the words the base really has.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    knowledgeBaseId: text('knowledge_base_id').notNull(),
    term: text('term').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.term] }),
    index('knowledge_terms_base_idx').on(table.knowledgeBaseId),
    index('knowledge_terms_trigram_idx').using('gin', table.term.op('gin_trgm_ops')),
  ],
);

/**
 * How many of a document's passages hold each lexeme (the stems of their full-text vectors): summed over a base,
 * a search word's document frequency, which lets a search rank only the passages holding its rarer words when its
 * common words would match most of a large base (decisions/066).
 */
export const knowledgeLexemes = pgTable(
  'knowledge_lexemes',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    knowledgeBaseId: text('knowledge_base_id').notNull(),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.lexeme] }),
    index('knowledge_lexemes_base_lexeme_idx').on(table.knowledgeBaseId, table.lexeme),
  ],
);
