/** A knowledge-base page an answer came from. */
export interface KnowledgeSource {
  title: string;
  url: string;
}

function asSources(value: unknown): KnowledgeSource[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { title, url } = item as { title?: unknown; url?: unknown };
    return typeof url === 'string' && url !== ''
      ? [{ title: typeof title === 'string' && title !== '' ? title : url, url }]
      : [];
  });
}

/** The pages one query_knowledge_base outcome answered from (its data's `sources`), best first. */
export function sourcesOfOutcome(name: string, data: Record<string, unknown> | undefined): KnowledgeSource[] {
  return name === 'query_knowledge_base' && data ? asSources(data.sources) : [];
}

/**
 * The knowledge-base pages a conversation's agent used, from the function calls its log recorded: each page
 * once, in the order the agent first used it.
 */
export function sourcesOfToolCalls(
  calls: readonly { name: string; ok: boolean; data?: Record<string, unknown> | undefined }[],
): KnowledgeSource[] {
  const seen = new Map<string, KnowledgeSource>();
  for (const call of calls) {
    if (!call.ok) continue;
    for (const source of sourcesOfOutcome(call.name, call.data)) {
      if (!seen.has(source.url)) seen.set(source.url, source);
    }
  }
  return [...seen.values()];
}

/** `{ sources }` for a knowledge-base answer that named its pages, to spread into a message; `{}` otherwise. */
export function sourcesField(
  name: string,
  data: Record<string, unknown> | undefined,
): { sources?: KnowledgeSource[] } {
  const sources = sourcesOfOutcome(name, data);
  return sources.length > 0 ? { sources } : {};
}
