import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { Embedder } from '../../providers/embeddings/openai';
import type { ChunkHit } from './knowledge.repo';

/**
 * The semantic half of hybrid retrieval (decision 059): each passage's embedding in `knowledge_chunk_embeddings`
 * (a real[] and its norm), searched by exact cosine similarity in SQL, the same on PGlite and PostgreSQL with no
 * extension. The table is made at start when embeddings are configured.
 */
export interface KnowledgeVectors {
  readonly model: string;
  /** Whether vectors are stored and searched here (the extension and the table exist); asked once. */
  ready(): Promise<boolean>;
  /** Embeds the document's passages that have no vector for this model yet; how many it embedded. */
  embedDocument(documentId: string, signal?: AbortSignal): Promise<number>;
  /**
   * The passages of these bases (of this organization) nearest the question, nearest first; none when the
   * embeddings server fails (logged), so the search goes on lexically.
   */
  nearest(input: {
    organizationId: number;
    knowledgeBaseIds: readonly string[];
    query: string;
    limit: number;
  }): Promise<ChunkHit[]>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A vector as a PostgreSQL array literal: '{0.1,0.2,…}'. */
const arrayLiteral = (values: readonly number[]) => `{${values.join(',')}}`;
const normOf = (values: readonly number[]) => Math.hypot(...values);

export function createKnowledgeVectors(
  db: Db,
  embedder: Embedder,
  logger: FastifyBaseLogger,
): KnowledgeVectors {
  let readiness: Promise<boolean> | null = null;
  const prepare = async () => {
    try {
      // The API and the worker start side by side, and IF NOT EXISTS is not safe against a concurrent create of
      // the same table: the lock makes the second process wait and then find it.
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('knowledge_chunk_embeddings'))`);
        await tx.execute(sql`CREATE TABLE IF NOT EXISTS knowledge_chunk_embeddings (
          chunk_id bigint PRIMARY KEY REFERENCES knowledge_chunks (id) ON DELETE CASCADE,
          knowledge_base_id text NOT NULL,
          model text NOT NULL,
          embedding real[] NOT NULL,
          norm double precision NOT NULL
        )`);
        await tx.execute(
          sql`CREATE INDEX IF NOT EXISTS knowledge_chunk_embeddings_base_idx ON knowledge_chunk_embeddings (knowledge_base_id, model)`,
        );
      });
      logger.info({ model: embedder.model }, 'knowledge search is hybrid: full text and embeddings');
      return true;
    } catch (error) {
      logger.warn(
        { err: error },
        'EMBEDDINGS_PROVIDER is set but the embeddings table could not be made: knowledge search stays lexical',
      );
      return false;
    }
  };

  return {
    model: embedder.model,
    ready: () => (readiness ??= prepare()),

    async embedDocument(documentId, signal) {
      if (!(await this.ready())) return 0;
      const missing = rowsOf<{ id: number | string; knowledge_base_id: string; passage: string }>(
        await db.execute(sql`SELECT c.id, c.knowledge_base_id,
            concat_ws(E'\n', c.title, nullif(c.section, ''), c.text) AS passage
          FROM knowledge_chunks c
          LEFT JOIN knowledge_chunk_embeddings e ON e.chunk_id = c.id AND e.model = ${embedder.model}
          WHERE c.document_id = ${documentId} AND e.chunk_id IS NULL
          ORDER BY c.position`),
      );
      if (missing.length === 0) return 0;
      const vectors = await embedder.embed(
        missing.map((row) => row.passage),
        signal,
      );
      await db.transaction(async (tx) => {
        for (const [index, row] of missing.entries()) {
          const vector = vectors[index] ?? [];
          await tx.execute(sql`INSERT INTO knowledge_chunk_embeddings (chunk_id, knowledge_base_id, model, embedding, norm)
            VALUES (${Number(row.id)}, ${row.knowledge_base_id}, ${embedder.model},
              ${arrayLiteral(vector)}::real[], ${normOf(vector)})
            ON CONFLICT (chunk_id) DO UPDATE
              SET model = EXCLUDED.model, embedding = EXCLUDED.embedding, norm = EXCLUDED.norm`);
        }
      });
      return missing.length;
    },

    async nearest({ organizationId, knowledgeBaseIds, query, limit }) {
      if (knowledgeBaseIds.length === 0 || query.trim() === '' || !(await this.ready())) return [];
      const vector = await embedder.embed([query]).then(
        ([first]) => first,
        (error: unknown) => {
          logger.warn({ err: error }, 'the question was not embedded: this search is lexical only');
          return undefined;
        },
      );
      if (!vector) return [];
      const target = arrayLiteral(vector);
      const targetNorm = normOf(vector) || 1;
      const rows = rowsOf<
        Omit<ChunkHit, 'score' | 'chunkId'> & { score: number | string; chunkId: number | string }
      >(
        await db.execute(sql`SELECT c.id AS "chunkId", c.document_id AS "documentId",
            c.knowledge_base_id AS "knowledgeBaseId", d.url, c.title, c.section, c.text,
            s.similarity AS score
          FROM knowledge_chunk_embeddings e
          JOIN knowledge_chunks c ON c.id = e.chunk_id
          JOIN knowledge_documents d ON d.id = c.document_id
          CROSS JOIN LATERAL (
            SELECT sum(a * b) / nullif(e.norm * ${targetNorm}, 0) AS similarity
            FROM unnest(e.embedding, ${target}::real[]) AS t(a, b)
          ) s
          WHERE e.knowledge_base_id IN (${sql.join(
            knowledgeBaseIds.map((id) => sql`${id}`),
            sql`, `,
          )})
            AND e.model = ${embedder.model}
            AND d.account_id = ${organizationId}
          ORDER BY s.similarity DESC NULLS LAST, c.id
          LIMIT ${limit}`),
      );
      return rows.map((row) => ({ ...row, chunkId: Number(row.chunkId), score: Number(row.score) }));
    },
  };
}
