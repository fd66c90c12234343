/**
 * Words a question is made of that say nothing about what is asked ("what", "do", "you"): PostgreSQL's English
 * configuration drops its own stop words; these are the question and politeness words it keeps.
 */
const fillerWords = new Set(
  `a about am an and any anything are as at be been being but by can could did do does doing for from get got
  had has have having hello hey hi how i i'd i'm if in into is it it's its just know let like me might much
  my need of on or our ours please pls should so tell than thank thanks that the their them then there these
  they this those to us want was we were what what's whats when where which who whom whose why will with would
  you your yours`
    .split(/\s+/)
    .filter(Boolean),
);

/** The content words of a question, lowercased, once each, in order. */
export function searchTerms(question: string): string[] {
  const words = question
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter((word) => word.length > 1 && !fillerWords.has(word));
  return [...new Set(words)];
}

/** A to_tsquery text matching any of the terms (each term is plain letters and digits, so the text is safe). */
export function anyTermQuery(terms: readonly string[]): string {
  return terms
    .map((term) => term.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean)
    .join(' | ');
}

const stem = (word: string) => word.slice(0, 5);

/**
 * The sentence of a passage that covers most of the question's terms (compared by their first five letters, a
 * crude stem), the earlier one on a tie; null when no sentence shares a term.
 */
export function bestSentence(passage: string, question: string): string | null {
  const wanted = new Set(searchTerms(question).map(stem));
  if (wanted.size === 0) return null;
  const sentences = passage
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentences) {
    const stems = new Set(searchTerms(sentence).map(stem));
    let score = 0;
    for (const term of wanted) if (stems.has(term)) score += 1;
    if (score > 0 && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence ?? null;
}

/** How much of the question a passage covers: the share of its content words (by crude stem) found there. */
export function termCoverage(passage: string, question: string): number {
  const wanted = new Set(searchTerms(question).map(stem));
  if (wanted.size === 0) return 0;
  const present = new Set(searchTerms(passage).map(stem));
  let found = 0;
  for (const term of wanted) if (present.has(term)) found += 1;
  return found / wanted.size;
}
