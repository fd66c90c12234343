import { readFileSync } from 'node:fs';
import { commonWords, phonePhrases } from './phone-phrases';

/**
 * A recognition language model for one agent: a trigram model (ARPA, absolute discounting with back-off) over
 * what its callers are likely to say — the sentences of its prompt and knowledge, questions about the things they
 * name, and what callers say on any business line (phone-phrases.ts, the general part) — with every word of that
 * vocabulary kept reachable by a floor share of the unigram mass. The decoder's search is then biased toward the
 * agent's words (its services, prices, streets, products) instead of the whole of English, which is what makes
 * voices the general model hears badly come out closer to right. Words outside the vocabulary cannot be heard.
 */

const DISCOUNT = 0.5;
/** The share of unigram mass given to the agent's corpus; the rest is spread evenly over the vocabulary. */
const CORPUS_WEIGHT = 0.9;

const ones = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A whole number as spoken ("1200" → "twelve hundred", "95" → "ninety five"). */
export function spokenNumber(value: number): string {
  if (value < 20) return ones[value] ?? String(value);
  if (value < 100)
    return `${tens[Math.floor(value / 10)] ?? ''} ${value % 10 ? ones[value % 10] : ''}`.trim();
  if (value < 10_000 && value % 100 === 0 && value % 1000 !== 0)
    return `${spokenNumber(value / 100)} hundred`;
  if (value < 1000) {
    const rest = value % 100;
    return `${ones[Math.floor(value / 100)] ?? ''} hundred${rest ? ` ${spokenNumber(rest)}` : ''}`;
  }
  if (value < 1_000_000) {
    const rest = value % 1000;
    return `${spokenNumber(Math.floor(value / 1000))} thousand${rest ? ` ${spokenNumber(rest)}` : ''}`;
  }
  return String(value)
    .split('')
    .map((digit) => ones[Number(digit)])
    .join(' ');
}

/** Written text as words a caller would say: numbers, prices, times and symbols spelled out, lowercase. */
export function speakable(text: string): string[] {
  const spoken = text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\b24\/7\b/g, ' twenty four seven ')
    .replace(/(\d),(\d{3})/g, '$1$2')
    // Phone numbers digit by digit.
    .replace(/\b\d{3}[-.\s]\d{3,4}(?:[-.\s]\d{4})?\b/g, (digits) =>
      digits
        .replace(/\D/g, '')
        .split('')
        .map((digit) => ` ${ones[Number(digit)] ?? ''} `)
        .join(''),
    )
    .replace(
      /\$\s?(\d+)(?:\.(\d{2}))?/g,
      (_, whole: string, cents?: string) =>
        ` ${spokenNumber(Number(whole))} dollars${cents && cents !== '00' ? ` ${spokenNumber(Number(cents))} cents` : ''} `,
    )
    .replace(
      /(\d+)\s?(am|pm|a\.m\.|p\.m\.)/g,
      (_, hour: string, half: string) => ` ${hour} ${half[0] ?? ''} m `,
    )
    .replace(
      /(\d+):(\d{2})/g,
      (_, hour: string, minute: string) => ` ${hour} ${minute === '00' ? '' : minute} `,
    )
    .replace(/(\d+)%/g, ' $1 percent ')
    .replace(/\d+/g, (digits) => ` ${spokenNumber(Number(digits))} `)
    .replace(/@/g, ' at ')
    .replace(/[-/]/g, ' ');
  return spoken.match(/[a-z][a-z']*/g)?.map((word) => word.replace(/'+$/, '')) ?? [];
}

/** The pronouncing dictionary: each word with its lines (alternates as "word(2)"). */
export type Pronunciations = ReadonlyMap<string, readonly string[]>;

let loaded: { path: string; dictionary: Pronunciations } | null = null;

export function loadPronunciations(path: string): Pronunciations {
  if (loaded?.path === path) return loaded.dictionary;
  const dictionary = new Map<string, string[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const lines = dictionary.get(word);
    if (lines) lines.push(line);
    else dictionary.set(word, [line]);
  }
  loaded = { path, dictionary };
  return dictionary;
}

/** The sentences (as word lists, split wherever a word cannot be pronounced) callers of this agent may say. */
export function agentCorpus(texts: readonly string[], dictionary: Pronunciations): string[][] {
  const written = texts.flatMap((text) => text.split(/[\n.!?;:]+/));
  const sentences = [
    ...written.map(speakable),
    ...phonePhrases.map(speakable),
    ...commonWords.map((word) => [word]),
  ];
  // Questions about what the agent's sentences name ("how much is teeth whitening", "do you have vegan options").
  for (const words of written.map(speakable)) {
    for (let start = 0; start < words.length - 1; start++) {
      const phrase = words.slice(start, start + 2);
      if (phrase.some((word) => word.length < 4)) continue;
      sentences.push(
        ['how', 'much', 'is', ...phrase],
        ['how', 'much', 'does', ...phrase, 'cost'],
        ['do', 'you', 'have', ...phrase],
        ['what', 'about', ...phrase],
      );
    }
  }
  // A caller names one thing where the prompt lists many, and the reverse ("a haircut", "cancellations").
  const named = new Set(sentences.flat());
  for (const word of named) {
    const other = word.endsWith('s') ? word.slice(0, -1) : `${word}s`;
    if (word.length >= 4 && !named.has(other) && dictionary.has(other)) sentences.push([other]);
  }
  return sentences.flatMap((words) => {
    const runs: string[][] = [[]];
    for (const word of words) {
      if (dictionary.has(word)) runs.at(-1)?.push(word);
      else runs.push([]);
    }
    return runs.filter((run) => run.length > 0);
  });
}

const log10 = (value: number) => Math.log10(value).toFixed(4);

/** A trigram ARPA model over the sentences, with absolute discounting and back-off weights. */
export function arpaModel(sentences: readonly (readonly string[])[]): { arpa: string; vocabulary: string[] } {
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, Map<string, number>>();
  const trigrams = new Map<string, Map<string, number>>();
  const bump = (table: Map<string, Map<string, number>>, context: string, word: string) => {
    const followers = table.get(context) ?? new Map<string, number>();
    followers.set(word, (followers.get(word) ?? 0) + 1);
    table.set(context, followers);
  };
  for (const sentence of sentences) {
    const words = ['<s>', ...sentence, '</s>'];
    for (let i = 1; i < words.length; i++) {
      const word = words[i] ?? '';
      unigrams.set(word, (unigrams.get(word) ?? 0) + 1);
      bump(bigrams, words[i - 1] ?? '', word);
      if (i >= 2) bump(trigrams, `${words[i - 2] ?? ''} ${words[i - 1] ?? ''}`, word);
    }
  }
  const vocabulary = [...unigrams.keys()];
  const total = [...unigrams.values()].reduce((sum, count) => sum + count, 0);
  const p1 = (word: string) =>
    CORPUS_WEIGHT * ((unigrams.get(word) ?? 0) / total) + (1 - CORPUS_WEIGHT) / vocabulary.length;
  const sumOf = (counts: Map<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);
  const backoff = (followers: Map<string, number> | undefined, lower: (word: string) => number) => {
    if (!followers) return 1;
    const count = sumOf(followers);
    const reserved = (DISCOUNT * followers.size) / count;
    const covered = [...followers.keys()].reduce((sum, word) => sum + lower(word), 0);
    return reserved / Math.max(1e-9, 1 - covered);
  };
  const p2 = (context: string, word: string): number => {
    const followers = bigrams.get(context);
    const seen = followers?.get(word);
    if (followers && seen) return (seen - DISCOUNT) / sumOf(followers);
    return backoff(followers, p1) * p1(word);
  };

  const lines1 = ['<s>', ...vocabulary].map((word) => {
    const probability = word === '<s>' ? '-99' : log10(p1(word));
    return word === '</s>'
      ? `${probability} ${word}`
      : `${probability} ${word} ${log10(backoff(bigrams.get(word), p1))}`;
  });
  const lines2: string[] = [];
  for (const [context, followers] of bigrams) {
    const count = sumOf(followers);
    for (const [word, seen] of followers) {
      const pair = `${context} ${word}`;
      const weight = trigrams.has(pair)
        ? ` ${log10(backoff(trigrams.get(pair), (next) => p2(word, next)))}`
        : '';
      lines2.push(`${log10((seen - DISCOUNT) / count)} ${pair}${weight}`);
    }
  }
  const lines3: string[] = [];
  for (const [context, followers] of trigrams) {
    const count = sumOf(followers);
    for (const [word, seen] of followers)
      lines3.push(`${log10((seen - DISCOUNT) / count)} ${context} ${word}`);
  }
  const arpa = [
    '\\data\\',
    `ngram 1=${lines1.length}`,
    `ngram 2=${lines2.length}`,
    `ngram 3=${lines3.length}`,
    '',
    '\\1-grams:',
    ...lines1,
    '',
    '\\2-grams:',
    ...lines2,
    '',
    '\\3-grams:',
    ...lines3,
    '',
    '\\end\\',
    '',
  ].join('\n');
  return { arpa, vocabulary: vocabulary.filter((word) => word !== '</s>') };
}

/** The model and the pronunciations of its words, as files pocketsphinx reads (-lm, -dict). */
export function agentLanguageModel(
  texts: readonly string[],
  dictionaryPath: string,
  /** Pronunciations for the agent's words the dictionary lacks (letter-to-sound.ts), as dictionary lines. */
  guessed: ReadonlyMap<string, string> = new Map(),
): { arpa: string; dict: string } {
  const known = loadPronunciations(dictionaryPath);
  const dictionary: Pronunciations =
    guessed.size === 0
      ? known
      : new Map([...known, ...[...guessed].map(([word, line]) => [word, [line]] as const)]);
  const { arpa, vocabulary } = arpaModel(agentCorpus(texts, dictionary));
  const dict = vocabulary.flatMap((word) => dictionary.get(word) ?? []).join('\n');
  return { arpa, dict: `${dict}\n` };
}

/** The agent's words the pronouncing dictionary lacks (its business's own names, mostly). */
export function unknownWords(texts: readonly string[], dictionaryPath: string): string[] {
  const known = loadPronunciations(dictionaryPath);
  return [...new Set(texts.flatMap(speakable))].filter((word) => !known.has(word));
}
