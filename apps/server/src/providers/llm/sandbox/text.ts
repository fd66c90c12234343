/**
 * Text normalisation for the Sandbox model: words to stems, stems to shared concepts (so "open", "hours" and
 * "close" meet; "price", "cost" and "how much" meet), and sentence splitting.
 */

const stopwords = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being am do does did ' +
    'i me my we our you your he she it its they them their this that these those there here what which who whom ' +
    'can could would should will shall may might must have has had having not no so than too very just also ' +
    'please thanks thank hi hello hey yes yeah ok okay um uh like about into over out up down any some all ' +
    'tell know want need get got let lets us im youre whats thats dont does doesnt'
  ).split(' '),
);

/**
 * Words that mean the same thing for retrieval and intent recognition, mapped to one concept token. Stems are
 * matched after stemming, so listing the base word covers its forms.
 */
const conceptGroups: Record<string, readonly string[]> = {
  '#hours': ['hour', 'open', 'close', 'closing', 'opening', 'when', 'schedule', 'time', 'today', 'weekend'],
  '#where': ['where', 'address', 'locate', 'location', 'direction', 'street', 'find', 'situated', 'office'],
  '#price': [
    'price',
    'cost',
    'much',
    'fee',
    'charge',
    'rate',
    'expensive',
    'cheap',
    'pay',
    'dollar',
    'pricing',
  ],
  '#book': [
    'book',
    'appointment',
    'schedule',
    'reserve',
    'reservation',
    'slot',
    'meeting',
    'visit',
    'consultation',
  ],
  '#person': [
    'human',
    'person',
    'someone',
    'representative',
    'agent',
    'operator',
    'staff',
    'manager',
    'somebody',
  ],
  '#transfer': ['transfer', 'connect', 'speak', 'talk', 'put', 'forward', 'reach'],
  '#message': ['message', 'voicemail', 'note', 'callback', 'back'],
  '#bye': ['bye', 'goodbye', 'farewell', 'later', 'done', 'hang'],
  '#phone': ['phone', 'number', 'call', 'cell', 'mobile'],
  '#email': ['email', 'mail', 'address'],
  '#text': ['text', 'sms'],
  '#menu': ['menu', 'dish', 'food', 'order', 'pizza', 'eat', 'meal'],
  '#deliver': ['deliver', 'delivery', 'pickup', 'takeout', 'carryout'],
  '#insurance': ['insurance', 'insure', 'coverage', 'plan'],
  '#service': ['service', 'offer', 'provide', 'treatment', 'help'],
  '#property': [
    'property',
    'house',
    'home',
    'listing',
    'apartment',
    'condo',
    'bedroom',
    'rent',
    'buy',
    'sell',
  ],
  '#cancel': ['cancel', 'cancellation', 'cancelation', 'reschedule', 'change', 'move'],
  '#payment': ['card', 'cash', 'credit', 'payment', 'accept', 'check'],
};

const interrogatives = new Set(['where', 'when', 'how', 'why'].map((word) => stemWord(word)));

const conceptOf = new Map<string, string[]>();
for (const [concept, words] of Object.entries(conceptGroups)) {
  for (const word of words) {
    const stem = stemWord(word);
    conceptOf.set(stem, [...(conceptOf.get(stem) ?? []), concept]);
  }
}

/** A light suffix stripper (a reduced Porter step 1): enough to meet "opening"/"opens"/"opened". */
export function stemWord(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      if (/(.)\1$/.test(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  // "locate"/"located", "close"/"closed"/"closing" meet at one stem.
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Lowercase words of a text (apostrophes folded: "what's" → "whats"). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']/g, '')
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** Content stems: stopwords removed, stemmed. */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((word) => !stopwords.has(word))
    .map(stemWord);
}

/**
 * Each content word with the concepts it belongs to (`['locat', '#where']`), plus concepts that only phrases
 * carry ("how much" → price): a question is answered when each group is met by the word or by its concept.
 */
export function termGroups(text: string): string[][] {
  // Question words ask for a kind of answer (a place, a time): they stand for their concept only.
  const groups = contentStems(text)
    .map((stem) =>
      interrogatives.has(stem) ? (conceptOf.get(stem) ?? []) : [stem, ...(conceptOf.get(stem) ?? [])],
    )
    .filter((group) => group.length > 0);
  const lower = text.toLowerCase();
  if (/\bhow much\b/.test(lower)) groups.push(['#price']);
  if (/\bwhat time\b/.test(lower)) groups.push(['#hours']);
  if (/\bcall (me )?back\b/.test(lower)) groups.push(['#message']);
  return groups;
}

/** Stems plus the concepts they belong to: the terms retrieval and intent scoring compare. */
export function terms(text: string): string[] {
  return termGroups(text).flat();
}

/** Splits text into sentences (also at line breaks and list bullets), trimmed, empty ones dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}
