/**
 * Conditional lines of a prompt read as rules, the way a person reads them: "If a caller asks about parking,
 * tell them there is free parking behind the building" answers a question about parking with "There is free
 * parking behind the building." The condition says what the rule is about; the response is what to say, turned
 * from an instruction about the caller into words said to the caller.
 */

export interface Rule {
  /** What the rule is about ("parking", "a dental emergency"). */
  topic: string;
  /** What the agent says when it applies, addressed to the caller. */
  response: string;
}

const opening = /^(?:if|when|whenever|in case)\s+/i;
// A clause after a comma that still belongs to the condition ("When a caller asks for a person, or has ...").
const stillCondition =
  /^(?:or|and|but|nor|who|which|that|if|unless|because|so|especially|even|like|such as)\b/i;

/** The condition and the response of a conditional line, split at "then" or the comma that ends the condition. */
function splitConditional(sentence: string): [string, string] | null {
  const open = opening.exec(sentence);
  if (!open) return null;
  const rest = sentence.slice(open[0].length);
  const then = /\s*,?\s+then\s+/i.exec(rest);
  if (then) return [rest.slice(0, then.index), rest.slice(then.index + then[0].length)];
  for (const comma of rest.matchAll(/,\s*/g)) {
    const after = rest.slice(comma.index + comma[0].length);
    if (!stillCondition.test(after)) return [rest.slice(0, comma.index), after];
  }
  return null;
}

const asker =
  /^(?:the |a |an |any )?(?:caller|customer|client|patient|guest|visitor|user|someone|somebody|anyone|person|they|he or she|people)\s+/i;
const asking =
  /^(?:asks?|inquires?|enquires?|wants? to know|wants?|needs?|requests?|mentions?|says?|calls?|is asking|is calling|has|have|had|is|are|reports?|wonders?)\s*(?:about|for|whether|if|regarding|to|that)?\s+/i;

// A response that is something to do rather than something to say (a function's job, not a line to speak).
const action =
  /^(?:transfer|forward|connect|put|take|book|schedule|collect|end|hang|send|text|escalate|create|open|log|record|note|offer to|ask (?:them|the caller|for))\b/i;

const addressee =
  '(?:them|the caller|the customer|the client|the patient|the guest|the visitor|the user|the person|callers|customers|him or her|him|her)';
const telling = new RegExp(
  `^(?:please\\s+)?(?:politely\\s+)?(?:tell|inform|remind|advise|let|reassure|assure|explain to|say to)\\s+${addressee}(?:\\s+know)?(?:\\s+that)?\\s+`,
  'i',
);
const saying =
  /^(?:please\s+)?(?:explain|say|answer|reply|respond|mention|note|confirm|state|clarify)(?:\s+(?:with|by saying))?(?:\s+that)?\s+/i;
const directing = new RegExp(`^(?:direct|refer|point|send)\\s+${addressee}\\s+to\\s+`, 'i');

/** Speaks to the caller instead of about them: "their order" → "your order". */
function secondPerson(text: string): string {
  return text
    .replace(/\bthey are\b/gi, 'you are')
    .replace(/\bthey're\b/gi, "you're")
    .replace(/\bthey have\b/gi, 'you have')
    .replace(/\bthemselves\b/gi, 'yourself')
    .replace(/\btheir\b/gi, 'your')
    .replace(/\bthem\b/gi, 'you')
    .replace(/\bthey\b/gi, 'you')
    .replace(/\bthe caller's\b/gi, 'your')
    .replace(/\bthe caller\b/gi, 'you');
}

function sentenceCase(text: string): string {
  const trimmed = text.trim().replace(/[\s,;:]+$/, '');
  if (!trimmed) return '';
  const ended = /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
  return ended.charAt(0).toUpperCase() + ended.slice(1);
}

/** The words a caller would be told, or null when the response is an action or says nothing. */
export function spokenResponse(raw: string): string | null {
  let text = raw.trim();
  if (action.test(text)) return null;
  let told = telling.exec(text) ?? saying.exec(text);
  if (told) text = text.slice(told[0].length);
  else {
    told = directing.exec(text);
    if (told) return sentenceCase(`Please contact ${secondPerson(text.slice(told[0].length))}`);
  }
  // "tell them to email billing" → "Please email billing".
  if (/^to\s+/i.test(text)) return sentenceCase(`Please ${secondPerson(text.replace(/^to\s+/i, ''))}`);
  // "tell them that" only wrapped a quoted line: say the quote.
  const quoted = /^["“](.+)["”]\.?$/.exec(text);
  if (quoted) text = quoted[1] ?? text;
  const spoken = sentenceCase(secondPerson(text));
  return spoken.length >= 4 ? spoken : null;
}

/** A conditional line as a rule, or null when the line is not one or its response is an action. */
export function parseRule(sentence: string): Rule | null {
  const split = splitConditional(sentence.trim());
  if (!split) return null;
  const condition = split[0].trim();
  const response = spokenResponse(split[1]);
  if (!response) return null;
  const topic = condition.replace(asker, '').replace(asking, '').trim();
  return { topic: topic || condition, response };
}
