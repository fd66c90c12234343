import { FactIndex } from '../../providers/llm/sandbox/retrieval';
import type { KnowledgeSearch } from '../ports/knowledge-search';

/**
 * Knowledge search over the documents the agent's config carries: the statements of fact in its prompt,
 * inline knowledge and links, ranked by how much of the question each covers.
 */
export const documentKnowledgeSearch: KnowledgeSearch = {
  search(query) {
    const ranked = new FactIndex(query.documents).rank(query.query).slice(0, query.limit);
    return Promise.resolve(
      ranked.map((answer) => ({
        text: answer.fact.text,
        source: answer.fact.source,
        confidence: answer.confidence,
      })),
    );
  },
};
