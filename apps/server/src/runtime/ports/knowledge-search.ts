/** A text the agent knows: its prompt, a knowledge-base document, or a linked page. */
export interface AgentDocument {
  source: 'prompt' | 'knowledge' | 'link';
  text: string;
}

export interface KnowledgeQuery {
  /** The agent asking (its account) and the organization whose knowledge bases it may read. */
  agentAccountId: number;
  organizationId: number | null;
  query: string;
  /** The texts the agent's config carries (prompt, inline knowledge, links). */
  documents: readonly AgentDocument[];
  /** The organization's knowledge bases the agent attached (its config's knowledgeBases). */
  knowledgeBaseIds?: readonly string[];
  limit: number;
}

/** A passage that answers the query, with how sure the search is of it (0..1). */
export interface KnowledgePassage {
  text: string;
  source: AgentDocument['source'];
  confidence: number;
  /** For a knowledge-base page: its title and address, to name as the source. */
  title?: string;
  url?: string;
  /** The passage's sentence that best answers the query, when the search picked one. */
  answer?: string;
}

/**
 * How the runtime looks something up for query_knowledge_base. The runtime only asks; what is searched (the
 * agent's own documents today, the organization's knowledge bases next) is the implementation's business.
 * Passages come best first.
 */
export interface KnowledgeSearch {
  search(query: KnowledgeQuery): Promise<KnowledgePassage[]>;
}
