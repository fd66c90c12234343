import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Pronunciations for words the recogniser's dictionary lacks (a business's names: "Olaplex", "Zyrtec"), from flite's
 * letter-to-sound rules: `flite -ps` prints the phones it would speak. Its US English phone set is the CMU
 * dictionary's, in lower case and with "ax" for the unstressed vowel the dictionary writes AH. Without flite, or for
 * a word whose phones it cannot give, there is no guess and the word stays out of the agent's model as before.
 */

/** The 39 phones of the CMU pronouncing dictionary (pocketsphinx's US English model). */
const cmuPhones = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  ),
);
const flitePhone: Record<string, string> = { ax: 'AH', axr: 'ER' };

/** Words asked of flite at a time (one process for each batch). */
const batch = 100;
/** At most this many words are guessed for one model (an agent's own names are far fewer). */
const maxWords = 500;

/**
 * Dictionary lines ("word PH ON ES") for the words flite can pronounce, as the recogniser's dictionary writes them.
 * Runs flite once per hundred words (some tens of milliseconds each), at most 500 words, off the event loop.
 */
export async function guessPronunciations(
  words: readonly string[],
  command = 'flite',
): Promise<Map<string, string>> {
  const guessed = new Map<string, string>();
  const asked = [...new Set(words)].filter((word) => /^[a-z]{2,30}$/.test(word)).slice(0, maxWords);
  for (let start = 0; start < asked.length; start += batch) {
    const group = asked.slice(start, start + batch);
    const spoken = await phonesOf(group, command);
    if (spoken === 'missing') return guessed;
    if (spoken === null) continue; // this batch failed (a timeout): its words stay unguessed
    // Each word must come out as one group of phones; otherwise each word is asked alone.
    const each =
      spoken.length === group.length
        ? spoken
        : await Promise.all(
            group.map(async (word) => {
              const alone = await phonesOf([word], command);
              return Array.isArray(alone) ? alone[0] : undefined;
            }),
          );
    group.forEach((word, index) => {
      const phones = (each[index] ?? '')
        .split(/\s+/)
        .map((phone) => flitePhone[phone] ?? phone.toUpperCase());
      if (phones.length > 0 && phones.every((phone) => cmuPhones.has(phone))) {
        guessed.set(word, `${word} ${phones.join(' ')}`);
      }
    });
  }
  return guessed;
}

/** The phones flite speaks for each word, in order; 'missing' when there is no flite, null when it failed. */
async function phonesOf(words: readonly string[], command: string): Promise<string[] | 'missing' | null> {
  try {
    // A comma after each word makes flite pause there: each word's phones come between two "pau".
    const { stdout } = await run(command, ['-ps', '-t', words.join(', '), '-o', 'none'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    return stdout
      .split(/\bpau\b/)
      .map((phones) => phones.trim())
      .filter((phones) => phones !== '');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : null;
  }
}
