import type { Db } from '../../platform/database';
import { searchChunkRows, type ChunkHit } from './knowledge.repo';
import { anyTermQuery, bestSentence, searchTerms, termCoverage } from './search-terms';

export interface KnowledgeSearchInput {
  organizationId: number;
  knowledgeBaseIds: readonly string[];
  query: string;
  /** Search the question's content words, any of which may match (true), or the text as written (false). */
  processQuery: boolean;
  limit: number;
}

export interface KnowledgeSearchAnswer {
  /** What was searched. */
  searchQuery: string;
  results: ChunkHit[];
  /** The best passage's sentence that covers most of the question. */
  answer: string | null;
}

/**
 * Lexical retrieval over an organization's knowledge bases: PostgreSQL full-text search, ranked by ts_rank over
 * each chunk's weighted vector (page title, section path, text), on PGlite and PostgreSQL alike (decisions/038).
 */
export async function searchKnowledge(db: Db, input: KnowledgeSearchInput): Promise<KnowledgeSearchAnswer> {
  const searchQuery = input.processQuery ? anyTermQuery(searchTerms(input.query)) : input.query.trim();
  const results = await searchChunkRows(
    db,
    input.organizationId,
    input.knowledgeBaseIds,
    { text: searchQuery, syntax: input.processQuery ? 'or-terms' : 'websearch' },
    input.limit,
  );
  const best = results[0];
  return {
    searchQuery,
    results,
    answer: best ? (bestSentence(best.text, input.query) ?? best.text.split('\n')[0] ?? null) : null,
  };
}

/**
 * The passages of an agent's attached bases for a caller's question, each with how much of the question it
 * covers (0..1) and, for the best, the sentence that answers it. Ids of bases outside the organization match none.
 */
export async function searchKnowledgeBases(
  db: Db,
  input: { organizationId: number; knowledgeBaseIds: readonly string[]; question: string; limit: number },
) {
  const found = await searchKnowledge(db, {
    organizationId: input.organizationId,
    knowledgeBaseIds: input.knowledgeBaseIds,
    query: input.question,
    processQuery: true,
    limit: input.limit,
  });
  return found.results.map((hit, index) => ({
    ...hit,
    coverage: termCoverage(`${hit.section} ${hit.text}`, input.question),
    answer: index === 0 ? found.answer : null,
  }));
}
