import { searchKnowledgeBases } from '../../features/knowledge/knowledge-search';
import type { KnowledgeVectors } from '../../features/knowledge/knowledge-vectors';
import type { Db } from '../../platform/database';
import type { KnowledgePassage, KnowledgeSearch } from '../ports/knowledge-search';
import { documentKnowledgeSearch } from './document-search';

/**
 * What query_knowledge_base searches: the agent's own documents (prompt, inline knowledge, links) and the
 * organization's knowledge bases the agent attached, best first. A knowledge-base passage carries its page's title
 * and URL so the answer can name its source.
 */
export function createKnowledgeSearch(db: Db, vectors?: KnowledgeVectors | null): KnowledgeSearch {
  return {
    async search(query) {
      const own = await documentKnowledgeSearch.search(query);
      const baseIds = query.knowledgeBaseIds ?? [];
      if (query.organizationId === null || baseIds.length === 0) return own;
      const found = await searchKnowledgeBases(
        db,
        {
          organizationId: query.organizationId,
          knowledgeBaseIds: baseIds,
          question: query.query,
          limit: query.limit,
        },
        vectors,
      );
      const fromBases: KnowledgePassage[] = found.map((hit) => ({
        text: hit.text,
        source: 'knowledge',
        confidence: hit.coverage,
        title: hit.title,
        url: hit.url,
        ...(hit.answer ? { answer: hit.answer } : {}),
      }));
      return [...fromBases, ...own].sort((a, b) => b.confidence - a.confidence).slice(0, query.limit);
    },
  };
}
