import {
  and,
  asc,
  desc,
  eq,
  inArray,
  knowledgeBases,
  knowledgeChunks,
  knowledgeDocuments,
  knowledgeTerms,
  sql,
  type Db,
  type KnowledgeDocumentState,
  queryRows,
} from '@switchboard/db';
import { countDocumentLexemes } from './knowledge-lexemes.repo';

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type KnowledgeDocumentRow = typeof knowledgeDocuments.$inferSelect;

export interface DocumentCounts {
  total: number;
  queued: number;
  fetching: number;
  ready: number;
  failed: number;
  chunks: number;
}

export interface NewChunk {
  position: number;
  title: string;
  section: string;
  text: string;
}

export interface ChunkHit {
  chunkId: number;
  documentId: string;
  knowledgeBaseId: string;
  url: string;
  title: string;
  section: string;
  text: string;
  score: number;
}

// By id only: the tenant check (whose base or document is this) and the ingestion worker.
export async function findBaseRow(db: Db, id: string): Promise<KnowledgeBaseRow | null> {
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id));
  return row ?? null;
}

export async function findDocumentRow(db: Db, id: string): Promise<KnowledgeDocumentRow | null> {
  const [row] = await db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
  return row ?? null;
}

export async function findOwnBase(db: Db, organizationId: number, id: string) {
  const [row] = await db
    .select()
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, id), eq(knowledgeBases.accountId, organizationId)));
  return row ?? null;
}

export async function listBaseRows(db: Db, organizationId: number): Promise<KnowledgeBaseRow[]> {
  return db
    .select()
    .from(knowledgeBases)
    .where(eq(knowledgeBases.accountId, organizationId))
    .orderBy(desc(knowledgeBases.createdAt), asc(knowledgeBases.id));
}

/** Documents by state and chunk totals per base, for the organization's bases. */
export async function countDocuments(db: Db, organizationId: number): Promise<Map<string, DocumentCounts>> {
  const rows = await db
    .select({
      baseId: knowledgeDocuments.knowledgeBaseId,
      state: knowledgeDocuments.state,
      documents: sql<number>`count(*)::int`,
      chunks: sql<number>`coalesce(sum(${knowledgeDocuments.chunkCount}), 0)::int`,
    })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.accountId, organizationId))
    .groupBy(knowledgeDocuments.knowledgeBaseId, knowledgeDocuments.state);
  const counts = new Map<string, DocumentCounts>();
  for (const row of rows) {
    const entry = counts.get(row.baseId) ?? {
      total: 0,
      queued: 0,
      fetching: 0,
      ready: 0,
      failed: 0,
      chunks: 0,
    };
    entry.total += row.documents;
    entry[row.state] += row.documents;
    entry.chunks += row.chunks;
    counts.set(row.baseId, entry);
  }
  return counts;
}

export async function insertBaseRow(db: Db, values: { id: string; accountId: number; title: string }) {
  const [row] = await db.insert(knowledgeBases).values(values).returning();
  if (!row) throw new Error('knowledge base not inserted');
  return row;
}

export async function deleteBaseRow(db: Db, organizationId: number, id: string): Promise<boolean> {
  const deleted = await db
    .delete(knowledgeBases)
    .where(and(eq(knowledgeBases.id, id), eq(knowledgeBases.accountId, organizationId)))
    .returning({ id: knowledgeBases.id });
  return deleted.length > 0;
}

export async function listDocumentRows(db: Db, organizationId: number, baseId: string) {
  return db
    .select()
    .from(knowledgeDocuments)
    .where(
      and(eq(knowledgeDocuments.knowledgeBaseId, baseId), eq(knowledgeDocuments.accountId, organizationId)),
    )
    .orderBy(asc(knowledgeDocuments.createdAt), asc(knowledgeDocuments.url));
}

export async function listDocumentUrls(db: Db, organizationId: number, baseId: string): Promise<Set<string>> {
  const rows = await db
    .select({ url: knowledgeDocuments.url })
    .from(knowledgeDocuments)
    .where(
      and(eq(knowledgeDocuments.knowledgeBaseId, baseId), eq(knowledgeDocuments.accountId, organizationId)),
    );
  return new Set(rows.map((row) => row.url));
}

/**
 * Adds the URLs not yet in the base as queued documents and answers every URL's document (new or existing), in
 * the order given. `onAdded` runs in the same transaction for the new ones (their jobs are sent with it).
 */
export async function insertDocumentRows(
  db: Db,
  base: KnowledgeBaseRow,
  documents: readonly { id: string; url: string }[],
  onAdded: (tx: Db, added: readonly KnowledgeDocumentRow[]) => Promise<void>,
): Promise<KnowledgeDocumentRow[]> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(knowledgeDocuments)
      .values(
        documents.map((document) => ({
          id: document.id,
          url: document.url,
          title: document.url,
          knowledgeBaseId: base.id,
          accountId: base.accountId,
        })),
      )
      .onConflictDoNothing({ target: [knowledgeDocuments.knowledgeBaseId, knowledgeDocuments.url] })
      .returning();
    await onAdded(tx, added);
    await tx.update(knowledgeBases).set({ updatedAt: new Date() }).where(eq(knowledgeBases.id, base.id));
    const all = await tx
      .select()
      .from(knowledgeDocuments)
      .where(
        and(
          eq(knowledgeDocuments.knowledgeBaseId, base.id),
          inArray(
            knowledgeDocuments.url,
            documents.map((document) => document.url),
          ),
        ),
      );
    const byUrl = new Map(all.map((row) => [row.url, row]));
    return documents.flatMap((document) => byUrl.get(document.url) ?? []);
  });
}

export async function deleteDocumentRow(db: Db, baseId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.id, id), eq(knowledgeDocuments.knowledgeBaseId, baseId)))
    .returning({ id: knowledgeDocuments.id });
  return deleted.length > 0;
}

export async function setDocumentState(
  db: Db,
  id: string,
  state: KnowledgeDocumentState,
  failureReason: string | null = null,
): Promise<KnowledgeDocumentRow | null> {
  const [row] = await db
    .update(knowledgeDocuments)
    .set({ state, failureReason, updatedAt: new Date() })
    .where(eq(knowledgeDocuments.id, id))
    .returning();
  return row ?? null;
}

/** The same text as last time: only the fetch time (and a failed state) change. */
export async function markDocumentUnchanged(db: Db, id: string, fetchedAt: Date) {
  await db
    .update(knowledgeDocuments)
    .set({ state: 'ready', failureReason: null, fetchedAt, updatedAt: new Date() })
    .where(eq(knowledgeDocuments.id, id));
}

/** The words of a document's chunks the trigram vocabulary keeps: lowercased letters and digits, 3 to 40 long. */
export function documentTerms(chunks: readonly NewChunk[]): string[] {
  const terms = new Set<string>();
  for (const chunk of chunks) {
    for (const word of `${chunk.title} ${chunk.section} ${chunk.text}`.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length >= 3 && word.length <= 40) terms.add(word);
    }
  }
  return [...terms];
}

const termBatch = 2000;

/** Replaces a document's chunks and vocabulary and records what was read, in one transaction. */
export async function storeDocumentText(
  db: Db,
  document: KnowledgeDocumentRow,
  read: { title: string; contentType: string; contentHash: string; bytes: number; fetchedAt: Date },
  chunks: readonly NewChunk[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, document.id));
    await tx.delete(knowledgeTerms).where(eq(knowledgeTerms.documentId, document.id));
    const terms = documentTerms(chunks);
    for (let start = 0; start < terms.length; start += termBatch) {
      await tx.insert(knowledgeTerms).values(
        terms.slice(start, start + termBatch).map((term) => ({
          documentId: document.id,
          knowledgeBaseId: document.knowledgeBaseId,
          term,
        })),
      );
    }
    if (chunks.length > 0) {
      await tx.insert(knowledgeChunks).values(
        chunks.map((chunk) => ({
          ...chunk,
          documentId: document.id,
          knowledgeBaseId: document.knowledgeBaseId,
        })),
      );
    }
    await countDocumentLexemes(tx, document.id);
    await tx
      .update(knowledgeDocuments)
      .set({
        ...read,
        state: 'ready',
        failureReason: null,
        chunkCount: chunks.length,
        updatedAt: new Date(),
      })
      .where(eq(knowledgeDocuments.id, document.id));
  });
}

/**
 * The chunks of the given bases (all of one organization) matching a tsquery, best first by ts_rank over the
 * weighted vector, normalised by document length (flag 1: divided by 1 + log of the length). With `within`, only
 * the passages holding one of those lexemes are ranked, by the whole query still.
 */
export async function searchChunkRows(
  db: Db,
  organizationId: number,
  baseIds: readonly string[],
  tsquery: { text: string; syntax: 'or-terms' | 'websearch'; within?: readonly string[] | null },
  limit: number,
): Promise<ChunkHit[]> {
  if (baseIds.length === 0 || tsquery.text.trim() === '') return [];
  const query =
    tsquery.syntax === 'or-terms'
      ? sql`to_tsquery('english'::regconfig, ${tsquery.text})`
      : sql`websearch_to_tsquery('english'::regconfig, ${tsquery.text})`;
  // Ranked among the passages holding one of these lexemes (stems as stored, so the query text is cast, not parsed).
  const within = tsquery.within?.length
    ? sql`${tsquery.within.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ')}::tsquery`
    : query;
  const score = sql<number | string>`ts_rank(${knowledgeChunks.search}, ${query}, 1)`;
  const rows = await db
    .select({
      chunkId: knowledgeChunks.id,
      documentId: knowledgeChunks.documentId,
      knowledgeBaseId: knowledgeChunks.knowledgeBaseId,
      url: knowledgeDocuments.url,
      title: knowledgeChunks.title,
      section: knowledgeChunks.section,
      text: knowledgeChunks.text,
      score,
    })
    .from(knowledgeChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
    .where(
      and(
        inArray(knowledgeChunks.knowledgeBaseId, [...baseIds]),
        eq(knowledgeDocuments.accountId, organizationId),
        sql`${knowledgeChunks.search} @@ ${within}`,
      ),
    )
    .orderBy(desc(score), asc(knowledgeChunks.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/**
 * For each search word, the base's words most like it by trigram similarity (at least `minimumSimilarity`; pg_trgm's
 * `%`, 0.3, lets the trigram index find the candidates), best first, at most three: a word the base has comes back
 * as itself first (similarity 1).
 */
/** Below this a word is not taken for another ("stylist" and "list" share 0.3 of their trigrams). */
const minimumSimilarity = 0.4;

export async function similarTerms(
  db: Db,
  baseIds: readonly string[],
  terms: readonly string[],
): Promise<Map<string, { term: string; similarity: number }[]>> {
  const found = new Map<string, { term: string; similarity: number }[]>();
  if (baseIds.length === 0 || terms.length === 0) return found;
  const rows = await queryRows<{ asked: string; term: string; similarity: number | string }>(
    db,
    sql`SELECT q.asked, m.term, m.similarity
      FROM unnest(ARRAY[${sql.join(
        terms.map((term) => sql`${term}`),
        sql`, `,
      )}]::text[]) AS q(asked)
      CROSS JOIN LATERAL (
        SELECT t.term, max(similarity(t.term, q.asked)) AS similarity
        FROM knowledge_terms t
        WHERE t.knowledge_base_id IN (${sql.join(
          baseIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND t.term % q.asked AND similarity(t.term, q.asked) >= ${minimumSimilarity}
        GROUP BY t.term
        ORDER BY similarity DESC, t.term
        LIMIT 3
      ) AS m`,
  );
  for (const row of rows) {
    const list = found.get(row.asked) ?? [];
    list.push({ term: row.term, similarity: Number(row.similarity) });
    found.set(row.asked, list);
  }
  return found;
}
