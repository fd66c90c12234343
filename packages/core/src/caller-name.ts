/** The 50 states, DC and the territories, as caller-name lookups append them ("DALLAS, TX", "SMITH CO NY"). */
const usStateCodes = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR VI GU AS MP'
  ).split(' '),
);

/** What carriers and phones show instead of a name: any of these words means "no name". */
const placeholderWords = new Set([
  'unknown',
  'restricted',
  'private',
  'spam',
  'scam',
  'anonymous',
  'unavailable',
  'withheld',
  'blocked',
  'telemarketer',
  'robocall',
  'fraud',
]);

/** Whole labels that are made of ordinary words but still name nobody. */
const placeholderPhrases = new Set([
  'wireless caller',
  'cell phone',
  'mobile phone',
  'out of area',
  'toll free',
  'no caller id',
  'caller id',
  'not provided',
  'name not found',
  'no name',
  'caller',
  'guest',
  'visitor',
  'customer',
]);

const spamWords = /\b(spam|scam|fraud|robocall|telemarketer)\b/i;
// Letters of any script, with single spaces, hyphens, apostrophes or periods between them ("Mary-Jane O'Neil Jr.").
const lettersOnly = /^\p{L}+(?:[ '’.-]+\p{L}+)*\.?$/u;

/**
 * True when a caller name (a CNAM lookup, a chat visitor's name) is a person's name (spec part 1 §5): it has no
 * digits, is not a known placeholder (unknown, restricted, private, spam...), consists of letters only (between
 * single separators), and does not end in a US state code after a comma or space.
 */
export function isPersonName(name: string | null | undefined): boolean {
  if (typeof name !== 'string') return false;
  const text = name.trim().replace(/\s+/g, ' ');
  if (text === '' || /\d/.test(text)) return false;
  const lower = text.toLowerCase();
  if (placeholderPhrases.has(lower)) return false;
  if (lower.split(/[^\p{L}]+/u).some((word) => placeholderWords.has(word))) return false;
  const stateSuffix = /[, ]\s*([A-Za-z]{2})$/.exec(text);
  if (stateSuffix?.[1] && usStateCodes.has(stateSuffix[1].toUpperCase())) return false;
  return lettersOnly.test(text);
}

/** True when a caller name says the caller is spam ("SPAM RISK", "Scam Likely", "Telemarketer"). */
export function isSpamCallerName(name: string | null | undefined): boolean {
  return typeof name === 'string' && spamWords.test(name);
}
