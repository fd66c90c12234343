const emailMaxLength = 254;
const domainLabel = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * The stored form of an email address (trimmed, lowercase), or null when it is not one: exactly one '@', a
 * non-empty local part without spaces, and a domain of at least two dot-separated labels.
 */
export function normalizeEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  if (email.length > emailMaxLength) return null;
  const parts = email.split('@');
  if (parts.length !== 2) return null;
  const [local = '', domain = ''] = parts;
  if (local === '' || /\s/.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => domainLabel.test(label))) return null;
  return email;
}

/**
 * The E.164 form of a phone number ('+15551234567'), or null when it cannot be read. A leading '+' keeps the
 * number as international; bare 10-digit numbers are taken as US when the default country is US.
 */
export function normalizePhoneNumber(text: string, defaultCountry = 'US'): string | null {
  const compact = text.trim().replace(/[\s\-().]/g, '');
  // E.164 allows at most 15 digits and no country code starts with 0.
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^\d{10}$/.test(compact) && defaultCountry.toUpperCase() === 'US') return `+1${compact}`;
  if (/^1\d{10}$/.test(compact)) return `+${compact}`;
  return null;
}

const usDigits = /^1(\d{3})(\d{3})(\d{4})$/;

/** True for a number with 11 digits starting with 1, ignoring formatting (spec part 1 §5). */
export function isUsNumber(text: string): boolean {
  return usDigits.test(text.replace(/\D/g, ''));
}

/** '+1 (XXX) XXX-XXXX' for a US number with its country code; any other text comes back unchanged. */
export function formatPhoneForDisplay(e164OrDigits: string): string {
  const match = usDigits.exec(e164OrDigits.replace(/\D/g, ''));
  if (!match) return e164OrDigits;
  const [, area = '', exchange = '', line = ''] = match;
  return `+1 (${area}) ${exchange}-${line}`;
}
