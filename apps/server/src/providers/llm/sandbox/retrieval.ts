import { parseRule } from './rules';
import { sentences, termGroups, terms } from './text';

/**
 * Retrieval over the agent's facts: the sentences of its prompt and knowledge that state something (not the
 * instructions addressed to the agent), ranked by how much of the question's idf weight (stems and concepts)
 * each covers, with a bonus for sentences
 * holding the kind of answer the question asks for (a time for "when", an address for "where", a price for
 * "how much").
 */

export interface Fact {
  text: string;
  source: 'prompt' | 'knowledge' | 'link';
  terms: string[];
  /** A rule's condition terms ("If a caller asks about parking, ..."): meeting one favours the rule. */
  topic?: string[];
}

export interface Answer {
  fact: Fact;
  /** 0..1: how much of the question's weight the sentence covers, with the answer-type bonus. */
  confidence: number;
}

// Sentences that tell the agent how to behave rather than state a fact about the business.
const instruction =
  /^(you are|you're|you will|you should|you must|you work|you answer|your (job|role|task|goal|name is)|as an? |always|never|do not|don't|please (be|keep|use|ask)|be |keep |ask |use |offer |greet|answer |respond|speak|help |mention |tell |say |explain |stay |sound |maintain |introduce |thank |apologi[sz]e |treat |act |pretend |stick |limit |focus |follow |listen |repeat |spell |verify |check (that|if|whether)|refer |direct |redirect |encourage |suggest |recommend |escalate |handle |gather |wait |let the |your (tone|style|voice|answers|replies|responses|personality|manner)|(answers|replies|responses) should |if (the )?(caller|customer|someone|they|a caller)|when (the )?(caller|customer|someone|they|a caller)|only |make sure|remember|try to|avoid|transfer |take a message|collect |confirm |end the|politely|note:|important:|rules?:|instructions?:|goal:|role:|tone:|style:)/i;

function isFact(sentence: string): boolean {
  if (sentence.length < 12) return false;
  if (/\{\{[^}]*\}\}/.test(sentence)) return false; // an unfilled template variable
  if (sentence.endsWith(':')) return false; // a heading
  if (sentence.endsWith('?')) return false; // a question (an FAQ's), not its answer
  if (/^#+\s/.test(sentence)) return false;
  // Sentences about "the caller" tell the agent what to do with callers; facts are about the business.
  if (/\b(the|a|every) caller\b|\bcallers\b/i.test(sentence)) return false;
  if (/\byou (should|never|always)\b/i.test(sentence)) return false;
  // A conditional whose response is something to do (a rule would have been read from it otherwise).
  if (/^(if|when|whenever|in case)\b/i.test(sentence)) return false;
  return !instruction.test(sentence);
}

const timePattern =
  /\b(\d{1,2}(:\d{2})?\s*(am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|daily|24\/7|closed)\b/i;
const addressPattern =
  /\b\d+\s+[A-Za-z0-9.' ]+\s(street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|way|suite|plaza|court|ct|place|pl|parkway|pkwy)\b|\blocated\b/i;
const pricePattern = /[$€£]\s?\d|\b\d+(\.\d{2})?\s?(dollars|usd|euros?)\b|\bfree\b/i;
const phonePattern = /\+?\d[\d\s().-]{8,}\d/;
const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** The kinds of answer a sentence holds (a price, a time, a place), as the concepts questions ask them by. */
function answerKinds(text: string): string[] {
  const kinds: string[] = [];
  if (pricePattern.test(text)) kinds.push('#price');
  if (timePattern.test(text)) kinds.push('#hours');
  if (addressPattern.test(text)) kinds.push('#where');
  if (phonePattern.test(text)) kinds.push('#phone');
  if (emailPattern.test(text)) kinds.push('#email');
  return kinds;
}

/** The index of each list of documents: a conversation asks the same documents every turn. */
const indexes = new WeakMap<readonly object[], FactIndex>();
/** The indexes of the latest documents by what they say: an agent's calls share its documents. */
const byContent = new Map<string, FactIndex>();
const contentIndexes = 64;

export class FactIndex {
  /** The index of `documents`, built once for the same list or the same documents. */
  static of(documents: readonly { source: Fact['source']; text: string }[]): FactIndex {
    let index = indexes.get(documents);
    if (index) return index;
    const key = JSON.stringify(documents);
    index = byContent.get(key) ?? new FactIndex(documents);
    // The most recently used last; the oldest goes beyond the limit.
    byContent.delete(key);
    byContent.set(key, index);
    if (byContent.size > contentIndexes) byContent.delete(byContent.keys().next().value ?? key);
    indexes.set(documents, index);
    return index;
  }

  readonly facts: Fact[];
  private readonly documentFrequency = new Map<string, number>();

  constructor(documents: readonly { source: Fact['source']; text: string }[]) {
    // In a FAQ ("When are you open? We are open ..."), the answer is also found by its question's words.
    this.facts = documents.flatMap((document) => {
      const all = sentences(document.text);
      return all.flatMap((text, index): Fact[] => {
        // "If a caller asks about X, tell them Y": Y is said when a question is about X.
        const rule = parseRule(text);
        if (rule) {
          const topic = terms(rule.topic);
          const said = [...terms(rule.response), ...answerKinds(rule.response)];
          return [{ text: rule.response, source: document.source, terms: [...topic, ...said], topic }];
        }
        if (!isFact(text)) return [];
        const before = all[index - 1];
        const question = before?.endsWith('?') ? terms(before) : [];
        return [
          { text, source: document.source, terms: [...terms(text), ...question, ...answerKinds(text)] },
        ];
      });
    });
    for (const fact of this.facts) {
      for (const term of new Set(fact.terms)) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
  }

  private idf(term: string): number {
    const n = this.facts.length;
    const df = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The best-matching fact for a question, or null when nothing covers it well enough. */
  best(question: string, minimumConfidence = 0.3): Answer | null {
    const ranked = this.rank(question);
    const top = ranked[0];
    return top && top.confidence >= minimumConfidence ? top : null;
  }

  rank(question: string): Answer[] {
    // Repeated words count once; a group is one question word with its concepts.
    const seen = new Set<string>();
    const groups = termGroups(question).filter((group) => {
      const key = group.join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (groups.length === 0 || this.facts.length === 0) return [];
    // A group made of a concept alone (a question word, a phrase) says what kind of answer, not what about.
    // A number in a question is usually a detail ("a group of 12"), not what it is about.
    const groupWeight = (group: readonly string[]) =>
      this.idf(group[0] ?? '') * (group[0]?.startsWith('#') ? 0.5 : /^\d+$/.test(group[0] ?? '') ? 0.3 : 1);
    const totalWeight = groups.reduce((sum, group) => sum + groupWeight(group), 0);
    const queryTerms = new Set(groups.flat());
    const wants = {
      time: queryTerms.has('#hours'),
      place: queryTerms.has('#where'),
      price: queryTerms.has('#price'),
      phone: queryTerms.has('#phone'),
      email: queryTerms.has('#email'),
    };
    const answers = this.facts.map((fact, position) => {
      const factTerms = new Set(fact.terms);
      let covered = 0;
      for (const group of groups) {
        // The word itself counts fully; meeting it only through a shared concept counts less.
        if (factTerms.has(group[0] ?? '')) covered += groupWeight(group);
        else if (group.slice(1).some((concept) => factTerms.has(concept)))
          covered += 0.7 * groupWeight(group);
      }
      let bonus = 0;
      // A rule whose condition the question meets is what the prompt asked to say about it.
      if (fact.topic?.some((term) => !term.startsWith('#') && queryTerms.has(term))) bonus += 0.15;
      if (wants.time && timePattern.test(fact.text)) bonus += 0.1;
      if (wants.place && addressPattern.test(fact.text)) bonus += 0.1;
      if (wants.price && pricePattern.test(fact.text)) bonus += 0.1;
      if (wants.phone && phonePattern.test(fact.text)) bonus += 0.1;
      if (wants.email && emailPattern.test(fact.text)) bonus += 0.1;
      const coverage = totalWeight > 0 ? covered / totalWeight : 0;
      return { fact, position, confidence: covered > 0 ? Math.min(1, coverage + bonus) : 0 };
    });
    return (
      answers
        .filter((answer) => answer.confidence > 0)
        // Equal coverage: the earlier sentence, as a prompt states its main facts first.
        .sort((a, b2) => b2.confidence - a.confidence || a.position - b2.position)
        .map(({ fact, confidence }) => ({ fact, confidence }))
    );
  }
}
