import type { Db } from '../../platform/database';
import { searchChunkRows, similarTerms, type ChunkHit } from './knowledge.repo';
import { missingWords, rankedLexemes, wordLexemes, type WordLexeme } from './knowledge-lexemes.repo';
import type { KnowledgeVectors } from './knowledge-vectors';
import { anyTermQuery, bestSentence, searchTerms, termCoverage } from './search-terms';

export interface KnowledgeSearchInput {
  organizationId: number;
  knowledgeBaseIds: readonly string[];
  query: string;
  /** Search the question's content words, any of which may match (true), or the text as written (false). */
  processQuery: boolean;
  limit: number;
  /** About this many passages at most are ranked per ranking (decisions/066); 1,000 unless given. */
  rankingBudget?: number;
}

export interface KnowledgeSearchAnswer {
  /** What was searched (with misspelled words replaced by the base's words like them). */
  searchQuery: string;
  /** Best first; `score` is the reciprocal-rank-fusion score of the rankings that ran. */
  results: ChunkHit[];
  /** The best passage's sentence that covers most of the question. */
  answer: string | null;
  /** The question's content words as searched: a word the base lacks replaced by its nearest word there. */
  searchedTerms: string[];
}

/** Reciprocal rank fusion's constant (Cormack et al.): a rank r in a list adds 1 / (k + r). */
export const fusionK = 60;
/** Each ranking gives this many passages to the fusion (or the limit asked, when larger). */
const candidatesPerRanking = 30;
/**
 * A ranking scores about this many passages at most: past it, only those holding the search's rarer words
 * (decisions/066). Ranking costs some microseconds a passage, so this keeps a search over a large base within tens
 * of milliseconds, while a search whose words are in fewer passages (every search of a typical business's site) is
 * ranked whole.
 */
const defaultRankingBudget = 1000;

/**
 * Rankings merged by reciprocal rank fusion: a passage's score is the sum over the lists of 1 / (k + rank), so one
 * found near the top of several lists comes first; ties keep the first list's order.
 */
export function fuseRankings(rankings: readonly (readonly ChunkHit[])[], limit: number): ChunkHit[] {
  const fused = new Map<number, { hit: ChunkHit; score: number; first: number }>();
  rankings.forEach((ranking, list) => {
    ranking.forEach((hit, index) => {
      const entry = fused.get(hit.chunkId) ?? { hit, score: 0, first: list * 1000 + index };
      entry.score += 1 / (fusionK + index + 1);
      fused.set(hit.chunkId, entry);
    });
  });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, limit)
    .map(({ hit, score }) => ({ ...hit, score }));
}

/**
 * Retrieval over an organization's knowledge bases (decisions/038, 054): PostgreSQL full-text search ranked by
 * ts_rank over each chunk's weighted vector, and, when the question has words the bases do not, the same search
 * with each such word replaced by the bases' words most like it by trigram similarity (misspellings, partial
 * words, names and codes), the rankings fused by reciprocal rank fusion. PGlite and PostgreSQL alike. With
 * embeddings (`vectors`), the passages nearest the question by meaning are a further ranking in the fusion.
 */
export async function searchKnowledge(
  db: Db,
  input: KnowledgeSearchInput,
  vectors?: KnowledgeVectors | null,
): Promise<KnowledgeSearchAnswer> {
  const candidates = Math.max(input.limit, candidatesPerRanking);
  const semantic = vectors ? nearestBy(vectors, input, candidates) : Promise.resolve([]);
  const found = await lexicalSearch(db, input, candidates);
  const nearest = await semantic;
  if (nearest.length === 0) return found.answer(found.rankings);
  return found.answer([...found.rankings, nearest]);
}

/** The passages nearest by meaning (none when the embeddings server fails: the search stays lexical). */
function nearestBy(vectors: KnowledgeVectors, input: KnowledgeSearchInput, limit: number) {
  return vectors.nearest({
    organizationId: input.organizationId,
    knowledgeBaseIds: input.knowledgeBaseIds,
    query: input.query,
    limit,
  });
}

/** The lexical rankings of a search, and how to answer from them (with any further ranking fused in). */
async function lexicalSearch(
  db: Db,
  input: KnowledgeSearchInput,
  candidates: number,
): Promise<{ rankings: ChunkHit[][]; answer: (rankings: ChunkHit[][]) => KnowledgeSearchAnswer }> {
  if (!input.processQuery) {
    const searchQuery = input.query.trim();
    const results = await searchChunkRows(
      db,
      input.organizationId,
      input.knowledgeBaseIds,
      { text: searchQuery, syntax: 'websearch' },
      candidates,
    );
    return {
      rankings: [results],
      answer: (rankings) =>
        answerWith(searchQuery, fuseRankings(rankings, input.limit), searchTerms(input.query), input.query),
    };
  }
  const terms = searchTerms(input.query);
  const lexicalQuery = anyTermQuery(terms);
  const budget = input.rankingBudget ?? defaultRankingBudget;
  const ranking = (words: readonly string[], lexemes: readonly WordLexeme[]) =>
    searchChunkRows(
      db,
      input.organizationId,
      input.knowledgeBaseIds,
      { text: anyTermQuery(words), syntax: 'or-terms', within: rankedLexemes(lexemes, budget) },
      candidates,
    );
  const lexemes = await wordLexemes(db, input.knowledgeBaseIds, terms);
  // The words' own ranking runs while the words the bases lack are looked up, and beside the ranking with those.
  const lexicalRanking = ranking(terms, lexemes);
  lexicalRanking.catch(() => undefined); // awaited below; a failure there is the search's
  // A word the bases hold (by its stem) is searched as it is; one they lack (a typo, a part of a word) by the
  // bases' words most like it that the bases hold by a stem too (not a stop word: "after" for "afternoon" would
  // search nothing more, and rank again the passages the words' own ranking does).
  const missing = missingWords(lexemes);
  // No missing word, no lookup (similarTerms answers an empty map without a query).
  const similar = await similarTerms(db, input.knowledgeBaseIds, missing);
  const replacementLexemes = await wordLexemes(db, input.knowledgeBaseIds, [
    ...new Set([...similar.values()].flat().map((match) => match.term)),
  ]);
  const held = new Set(replacementLexemes.filter((entry) => entry.chunks > 0).map((entry) => entry.word));
  const replacements = (term: string) => (similar.get(term) ?? []).filter((match) => held.has(match.term));
  const corrected = missing.filter((term) => replacements(term).length > 0);
  if (corrected.length === 0) {
    const lexical = await lexicalRanking;
    return {
      rankings: [lexical],
      answer: (rankings) => answerWith(lexicalQuery, fuseRankings(rankings, input.limit), terms, input.query),
    };
  }
  const expanded = terms.flatMap((term) =>
    corrected.includes(term) ? replacements(term).map((match) => match.term) : [term],
  );
  const fuzzyTerms = [...new Set(expanded)];
  const fuzzyQuery = anyTermQuery(fuzzyTerms);
  const fuzzyLexemes = [
    ...lexemes.filter((entry) => fuzzyTerms.includes(entry.word)),
    ...replacementLexemes.filter((entry) => fuzzyTerms.includes(entry.word) && !terms.includes(entry.word)),
  ];
  const [lexical, fuzzy] = await Promise.all([lexicalRanking, ranking(fuzzyTerms, fuzzyLexemes)]);
  const searchedTerms = terms.map((term) =>
    corrected.includes(term) ? (replacements(term)[0]?.term ?? term) : term,
  );
  return {
    rankings: [lexical, fuzzy],
    answer: (rankings) =>
      answerWith(fuzzyQuery, fuseRankings(rankings, input.limit), searchedTerms, input.query),
  };
}

function answerWith(
  searchQuery: string,
  results: ChunkHit[],
  searchedTerms: string[],
  question: string,
): KnowledgeSearchAnswer {
  const best = results[0];
  const asked = searchedTerms.length > 0 ? searchedTerms.join(' ') : question;
  return {
    searchQuery,
    results,
    searchedTerms,
    answer: best ? (bestSentence(best.text, asked) ?? best.text.split('\n')[0] ?? null) : null,
  };
}

/**
 * The passages of an agent's attached bases for a caller's question, each with how much of the question it
 * covers (0..1) and, for the best, the sentence that answers it. Ids of bases outside the organization match none.
 */
export async function searchKnowledgeBases(
  db: Db,
  input: { organizationId: number; knowledgeBaseIds: readonly string[]; question: string; limit: number },
  vectors?: KnowledgeVectors | null,
) {
  const found = await searchKnowledge(
    db,
    {
      organizationId: input.organizationId,
      knowledgeBaseIds: input.knowledgeBaseIds,
      query: input.question,
      processQuery: true,
      limit: input.limit,
    },
    vectors,
  );
  return found.results.map((hit, index) => ({
    ...hit,
    coverage: termCoverage(`${hit.section} ${hit.text}`, found.searchedTerms.join(' ') || input.question),
    answer: index === 0 ? found.answer : null,
  }));
}
