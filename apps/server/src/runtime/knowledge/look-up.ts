import type { LanguageModel, ModelMessage, ModelUsage } from '../../providers/llm/types';
import type { ToolEnvironment, ToolOutcome } from '../tools/environment';
import { searchQueryFor } from './rewrite-question';

/** The turn a function call was made in: the agent's model and the conversation so far. */
export interface ToolTurn {
  model: LanguageModel;
  history: readonly ModelMessage[];
  signal?: AbortSignal | undefined;
  /** Counts tokens spent within the turn (the search query's rewrite) with the conversation's own. */
  addUsage?: ((usage: ModelUsage) => void) | undefined;
}

/** Passages below this share of the question's words are not an answer. */
const minimumConfidence = 0.2;

/**
 * query_knowledge_base: the question rewritten into a search query from the conversation's last turns (when the
 * turn is known), searched in the agent's documents and attached knowledge bases. The outcome carries the best
 * sentence, its page, and every page the answer drew on (`sources`, which the transcript and log keep).
 */
export async function lookUp(
  env: ToolEnvironment,
  args: Record<string, unknown>,
  turn?: ToolTurn,
): Promise<ToolOutcome> {
  const question = typeof args.query === 'string' ? args.query.trim() : '';
  if (!question) return { ok: false, message: 'Say what to look up.' };
  const query = turn
    ? await searchQueryFor(turn.model, question, turn.history, turn.signal, turn.addUsage)
    : question;
  const passages = await env.knowledge.search({
    agentAccountId: env.agent.accountId,
    organizationId: env.agent.organizationId,
    query,
    documents: env.documents,
    knowledgeBaseIds: env.config.knowledgeBases,
    limit: 3,
  });
  const best = passages[0];
  if (!best || best.confidence < minimumConfidence) {
    return {
      ok: false,
      message: 'The knowledge base has nothing on that.',
      data: { offerMessage: true, ...(query !== question ? { searchQuery: query } : {}) },
    };
  }
  const sources = [
    ...new Map(
      passages.flatMap((passage) =>
        passage.url && passage.confidence >= minimumConfidence
          ? [[passage.url, { title: passage.title ?? passage.url, url: passage.url }] as const]
          : [],
      ),
    ).values(),
  ];
  return {
    ok: true,
    message: passages.map((passage) => passage.text).join(' '),
    data: {
      ...(best.answer ? { answer: best.answer } : {}),
      ...(best.url ? { source: { title: best.title ?? best.url, url: best.url } } : {}),
      ...(query !== question ? { searchQuery: query } : {}),
      sources,
    },
  };
}
