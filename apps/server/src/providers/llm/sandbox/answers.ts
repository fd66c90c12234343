import type { Answer, FactIndex } from './retrieval';
import { termGroups } from './text';

/**
 * Answering what a caller asked, part by part: "What does a check-up cost, and are you open Saturdays?" is two
 * questions, each answered from the facts, and the answers are said together.
 */

const questionWord =
  "(?:what|what's|whats|when|where|where's|how|why|who|which|is|are|do|does|did|can|could|will|would|should|have|has|any|anything)";
const joined = new RegExp(`(?:,\\s*|\\s+)(?:and|also|plus|but)\\s+(?:also\\s+)?(?=${questionWord}\\b)`, 'i');

/** Whether a part asks about something ("where are you?"), not only "what should I do?". */
function hasSubject(part: string): boolean {
  return termGroups(part).length > 0;
}

/** The questions in what the caller said: sentences, and clauses joined by "and"/"also" before a question word. */
export function questionParts(text: string): string[] {
  const parts = text
    .split(/(?<=[?!.])\s+/)
    .flatMap((sentence) => sentence.split(joined))
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  // A part with nothing to answer about belongs to the one before it ("My dog ate chocolate. What do I do?").
  const merged: string[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (previous !== undefined && !hasSubject(part)) merged[merged.length - 1] = `${previous} ${part}`;
    else merged.push(part);
  }
  return merged;
}

const continuing = /^(we|our|the|a|an|all|every|it|its|there|you|your|each|this|these|those)\b/i;

/** "Also, we are open ..." when the second answer starts with an ordinary word; proper names keep their case. */
function joinAnswers(texts: readonly string[]): string {
  return texts
    .map((text, index) => {
      if (index === 0) return text;
      return `Also, ${continuing.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text}`;
    })
    .join(' ');
}

export interface SpokenAnswer {
  text: string;
  /** The weakest part's confidence, for weighing the answer against a task the words also resemble. */
  confidence: number;
  answers: Answer[];
}

/** Every part of the question answered from the facts (each fact said once), or null when none is. */
export function answerQuestion(index: FactIndex, text: string): SpokenAnswer | null {
  const parts = questionParts(text);
  const found: Answer[] = [];
  for (const part of parts) {
    const answer = index.best(part);
    if (answer && !found.some((seen) => seen.fact === answer.fact)) found.push(answer);
  }
  // One question, or parts that say nothing alone: the whole sentence is the question.
  if (found.length === 0 && parts.length > 1) {
    const whole = index.best(text);
    if (whole) found.push(whole);
  }
  if (found.length === 0) return null;
  return {
    text: joinAnswers(found.map((answer) => answer.fact.text)),
    confidence: Math.min(...found.map((answer) => answer.confidence)),
    answers: found,
  };
}
