const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'prof',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'approx',
]);
/** Longer sentences are cut at a comma too, so the first audio does not wait for a paragraph. */
const LONG_SENTENCE = 160;

/** Splits text into sentences to speak one by one (abbreviations such as "Dr." do not end one). */
export function splitSentences(text: string): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const sentences: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    current.push(word);
    const bare = word.replace(/[.!?;:…"')\]]+$/, '').toLowerCase();
    const ends = /[.!?…]["')\]]*$/.test(word) && !(word.endsWith('.') && ABBREVIATIONS.has(bare));
    const long = /[,;:]$/.test(word) && current.join(' ').length >= LONG_SENTENCE;
    if (ends || long) {
      sentences.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

/** Cuts audio into chunks of at most `ms` milliseconds. */
export function* chunkPcm(samples: Int16Array, sampleRate: number, ms = 100): Generator<Int16Array> {
  const size = Math.max(1, Math.round((sampleRate * ms) / 1000));
  for (let offset = 0; offset < samples.length; offset += size) yield samples.subarray(offset, offset + size);
}
