import { searchTerms } from '../../features/knowledge/search-terms';
import type { LanguageModel, ModelMessage, ModelUsage } from '../../providers/llm/types';

/** Words that point back at something said before ("how much is it?", "do you do that on Saturdays?"). */
const pointingWord = /\b(it|its|that|this|they|them|those|these|one)\b/i;

/** The turns that came before the question: caller and agent lines with text, oldest first, the question left out. */
function earlierTurns(history: readonly ModelMessage[], question: string, keep: number) {
  const spoken = history.filter(
    (message): message is Extract<ModelMessage, { role: 'user' | 'assistant' }> =>
      (message.role === 'user' || message.role === 'assistant') && message.content.trim() !== '',
  );
  const last = spoken.findLastIndex(
    (message) => message.role === 'user' && message.content.trim() === question.trim(),
  );
  return (last === -1 ? spoken : spoken.slice(0, last)).slice(-keep);
}

/**
 * The Sandbox model's rewrite: a question that points back ("how much is it?") gets the content words of the
 * caller's previous line in place of the first pointing word; any other question is searched as asked.
 */
export function resolveFromLastTurn(question: string, history: readonly ModelMessage[]): string {
  if (!pointingWord.test(question)) return question;
  const previous = earlierTurns(history, question, 6)
    .reverse()
    .find((message) => message.role === 'user' && searchTerms(message.content).length > 0);
  if (!previous) return question;
  const own = new Set(searchTerms(question));
  const subject = searchTerms(previous.content).filter((term) => !own.has(term));
  if (subject.length === 0) return question;
  return question.replace(pointingWord, subject.join(' '));
}

const instruction =
  "Rewrite the caller's last question as one standalone search query for the business's knowledge base. " +
  'Replace words like "it", "that" and "they" with what they refer to in the conversation. ' +
  'Answer with the query only, no quotes, no explanation.';

/** Who pays for a rewrite: told the tokens the model spent on it. */
export type UsageSink = (usage: ModelUsage) => void | Promise<void>;

/**
 * Asks a hosted model for a search query; its failure, or an answer with nothing usable, keeps the question. The
 * tokens it spent go to `onUsage` (metered like the conversation's own).
 */
async function askForQuery(
  model: LanguageModel,
  system: string,
  messages: ModelMessage[],
  question: string,
  signal?: AbortSignal,
  onUsage?: UsageSink,
): Promise<string> {
  let text = '';
  try {
    for await (const event of model.stream({ system, messages, tools: [], signal })) {
      if (event.type === 'text') text += event.delta;
      else if (event.type === 'finish') await onUsage?.(event.usage);
    }
  } catch {
    return question;
  }
  const rewritten = text.trim().replace(/^["']|["']$/g, '');
  return rewritten === '' || rewritten.length > 500 ? question : rewritten;
}

/**
 * The search query for a caller's question, written by the agent's own model from the conversation's last
 * turns (a hosted model is asked; the Sandbox model resolves pointing words deterministically). A model that
 * fails, or answers nothing usable, leaves the question as asked.
 */
export async function searchQueryFor(
  model: LanguageModel,
  question: string,
  history: readonly ModelMessage[],
  signal?: AbortSignal,
  onUsage?: UsageSink,
): Promise<string> {
  if (model.sandbox) return resolveFromLastTurn(question, history);
  const turns = earlierTurns(history, question, 4);
  if (turns.length === 0) return question;
  return askForQuery(
    model,
    instruction,
    [
      ...turns.map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: `Question to rewrite: ${question}` },
    ],
    question,
    signal,
    onUsage,
  );
}

const standaloneInstruction =
  "Rewrite the question as a search query for a business's knowledge base (its web pages): the words a page " +
  'that answers it would use, such as the service, product, day or policy asked about, with common synonyms. ' +
  'Answer with the query only, no quotes, no explanation.';

/**
 * A question asked on its own (the knowledge-base query API's processQuery) rewritten into a search query by the
 * platform's model: a hosted model is asked for the words a page that answers would use; the Sandbox model, which
 * cannot, leaves the question to the search's own content-word query. A failure keeps the question.
 */
export async function searchQueryForQuestion(
  model: LanguageModel,
  question: string,
  signal?: AbortSignal,
  onUsage?: UsageSink,
): Promise<string> {
  if (model.sandbox) return question;
  return askForQuery(
    model,
    standaloneInstruction,
    [{ role: 'user', content: `Question to rewrite: ${question}` }],
    question,
    signal,
    onUsage,
  );
}
