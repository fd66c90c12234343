import { termGroups, terms, words } from './text';

/**
 * Intent recognition by nearest neighbours: an utterance is compared (cosine over idf-weighted words and
 * concepts) with example utterances of each intent; the closest intent wins when it is close enough, and a
 * question is what remains. Only intents whose function the agent has enabled compete.
 */

export type Intent =
  'book' | 'transfer' | 'message' | 'sms' | 'end' | 'affirm' | 'deny' | 'greet' | 'thanks' | 'question';

const examples: Record<Exclude<Intent, 'question'>, readonly string[]> = {
  book: [
    "I'd like to book an appointment",
    'can I schedule an appointment',
    'I want to make a reservation',
    'do you have time for me on Tuesday',
    'can I come in tomorrow at 3',
    'book me in for Friday morning',
    'I need to see someone next week',
    'can I get a consultation',
    'set up a meeting for me',
    'reserve a table for four on Saturday',
    'I would like to schedule a viewing',
    'are you available Monday at 10',
  ],
  transfer: [
    'can I speak to a person',
    'transfer me to billing',
    'let me talk to someone',
    'connect me with the manager',
    'I want to talk to a human',
    'put me through to sales',
    'can I speak with the doctor',
    'get me a real person please',
    'is there someone I can talk to',
    'transfer me please',
  ],
  message: [
    'can I leave a message',
    'please have someone call me back',
    'take a message for the owner',
    'tell them I called',
    'I want to leave a voicemail',
    'can you pass on a message',
    'ask him to call me back',
    'please ask the doctor to call me',
    'have the owner call me about my order',
    'could someone get back to me',
    'I need a callback',
  ],
  sms: [
    'can you text me the address',
    'send me a text with the details',
    'text me that please',
    'could you send that to my phone',
    'send me the link by text',
  ],
  end: [
    'goodbye',
    "that's all thanks bye",
    "no that's everything",
    "I'm done",
    'have a nice day bye',
    'bye bye',
    'I have to go now',
    "that's it for now",
    'nothing else goodbye',
  ],
  affirm: [
    'yes',
    'yes please',
    'sure',
    'that works',
    'correct',
    'sounds good',
    'go ahead',
    'yep',
    'yeah sure',
    'ok',
    'please do',
    'absolutely',
    "that's right",
  ],
  deny: ['no', 'no thanks', 'not now', 'nope', 'no thank you', "that's not right", "don't", 'no I am good'],
  greet: ['hi', 'hello', 'hey there', 'good morning', 'good afternoon', 'hi there'],
  thanks: ['thank you', 'thanks a lot', 'thanks so much', 'great thank you', 'perfect thanks'],
};

function features(text: string): string[] {
  const raw = words(text).map((word) => `w:${word}`);
  return [...raw, ...terms(text)];
}

interface Example {
  intent: Exclude<Intent, 'question'>;
  vector: Map<string, number>;
  groups: string[][];
}

/** Short conversational acts are told apart by their words; tasks by what they are about. */
const acts = new Set<Intent>(['affirm', 'deny', 'greet', 'thanks', 'end']);

const documentFrequency = new Map<string, number>();
const exampleFeatures = Object.entries(examples).flatMap(([intent, list]) =>
  list.map((text) => ({
    intent: intent as Exclude<Intent, 'question'>,
    features: features(text),
    groups: termGroups(text),
  })),
);
for (const example of exampleFeatures) {
  for (const feature of new Set(example.features)) {
    documentFrequency.set(feature, (documentFrequency.get(feature) ?? 0) + 1);
  }
}
const exampleCount = exampleFeatures.length;

function idf(feature: string): number {
  return Math.log(1 + exampleCount / (1 + (documentFrequency.get(feature) ?? 0)));
}

function vectorOf(list: readonly string[]): Map<string, number> {
  const vector = new Map<string, number>();
  for (const feature of list) vector.set(feature, (vector.get(feature) ?? 0) + idf(feature));
  return vector;
}

/** The share of the example's content words (each met by itself or its concept) the utterance contains. */
function coverage(utterance: Map<string, number>, groups: readonly (readonly string[])[]): number {
  let total = 0;
  let met = 0;
  for (const group of groups) {
    const weight = idf(group[0] ?? '');
    total += weight;
    if (utterance.has(group[0] ?? '')) met += weight;
    else if (group.some((concept, i) => i > 0 && utterance.has(concept))) met += 0.7 * weight;
  }
  return total === 0 ? 0 : met / total;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  // forEach rather than for-of: no [key, value] pair for each entry (this runs for every example, every turn).
  a.forEach((value, key) => {
    normA += value * value;
    const other = b.get(key);
    if (other !== undefined) dot += value * other;
  });
  b.forEach((value) => {
    normB += value * value;
  });
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

const exampleVectors: Example[] = exampleFeatures.map((example) => ({
  intent: example.intent,
  vector: vectorOf(example.features),
  groups: example.groups,
}));

export interface Classification {
  intent: Intent;
  confidence: number;
  /** Every intent's best similarity, for tie-breaking by the dialogue. */
  scores: Partial<Record<Intent, number>>;
}

const threshold = 0.4;

/** The closest intent among the allowed ones, or 'question' when none is close enough. */
export function classify(text: string, allowed: ReadonlySet<Intent>): Classification {
  const vector = vectorOf(features(text));
  const scores: Partial<Record<Intent, number>> = {};
  for (const example of exampleVectors) {
    if (!allowed.has(example.intent)) continue;
    // Cosine alone is diluted by the rest of a long request; the share of the example it contains is not.
    const similarity = acts.has(example.intent)
      ? cosine(vector, example.vector)
      : 0.5 * cosine(vector, example.vector) + 0.5 * coverage(vector, example.groups);
    if (similarity > (scores[example.intent] ?? 0)) scores[example.intent] = similarity;
  }
  let best: Intent = 'question';
  let bestScore = 0;
  for (const [intent, score] of Object.entries(scores) as [Intent, number][]) {
    if (score > bestScore) {
      best = intent;
      bestScore = score;
    }
  }
  // A question mark with a weak match is a question ("are you open on Sunday?" is not a booking).
  const questionLike =
    /\?\s*$/.test(text.trim()) ||
    /^(what|when|where|how|why|who|which|is|are|do|does|can you tell)\b/i.test(text.trim());
  const needed =
    questionLike && best !== 'book' && best !== 'transfer' && best !== 'sms' && best !== 'message'
      ? threshold + 0.15
      : threshold;
  return bestScore >= needed
    ? { intent: best, confidence: bestScore, scores }
    : { intent: 'question', confidence: 1 - bestScore, scores };
}

/**
 * How close an utterance is to a function described at run time (an app function): its best similarity to
 * the function's examples and title, scored like the built-in task intents.
 */
export function similarityTo(text: string, examplesOf: readonly string[]): number {
  const vector = vectorOf(features(text));
  let best = 0;
  for (const example of examplesOf) {
    const exampleVector = vectorOf(features(example));
    const similarity = 0.5 * cosine(vector, exampleVector) + 0.5 * coverage(vector, termGroups(example));
    if (similarity > best) best = similarity;
  }
  return best;
}

/** The threshold a task intent must reach. */
export const intentThreshold = threshold;
