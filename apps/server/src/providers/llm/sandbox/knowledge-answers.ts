import type { ConversationContext } from '../types';

/** A knowledge-base answer: the best sentence of the best passage, never a whole page, naming its page. */
export function speakKnowledge(
  content: Record<string, unknown>,
  channel: ConversationContext['channel'],
  tools: ReadonlySet<string>,
): string {
  if (content.ok === false) {
    return tools.has('take_message')
      ? "I'm sorry, I don't have that information. Would you like me to take a message so someone can get back to you?"
      : "I'm sorry, I don't have that information.";
  }
  const message = typeof content.message === 'string' ? content.message : '';
  const answer =
    typeof content.answer === 'string' ? content.answer : (message.split(/(?<=[.!?])\s+/)[0] ?? '');
  const source = content.source as { title?: unknown; url?: unknown } | undefined;
  const title = typeof source?.title === 'string' ? source.title : null;
  const url = typeof source?.url === 'string' ? source.url : null;
  if (!title) return answer;
  // Spoken, the page's name is enough; written, its address too.
  return channel === 'voice'
    ? `${answer} That is from our page ${title}.`
    : `${answer} (Source: ${title}${url ? `, ${url}` : ''})`;
}
