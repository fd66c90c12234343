import { AppError } from '../../platform/app-error';

export interface SocialLink {
  type: string;
  url: string;
}

const schemePrefix = /^(?:https?:)?\/\//i;
// A scheme other than http(s) (javascript:, mailto:, ...); "host:port" has a digit after the colon.
const otherScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A link as stored: https:// added when it has no scheme, repeated scheme prefixes collapsed to the last one
 * ("https://https://x" is "https://x"); anything that is not then an http(s) address is refused.
 */
export function normalizeSocialUrl(text: string, field: string): string {
  let rest = text.trim();
  let scheme = 'https://';
  while (schemePrefix.test(rest)) {
    const prefix = schemePrefix.exec(rest)?.[0] ?? '';
    if (/^http:/i.test(prefix)) scheme = 'http://';
    else if (/^https:/i.test(prefix)) scheme = 'https://';
    rest = rest.slice(prefix.length);
  }
  const url = `${scheme}${rest}`;
  let parsed: URL | null;
  try {
    parsed = otherScheme.test(rest) ? null : new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || rest === '' || !parsed.hostname.includes('.')) {
    throw new AppError('VALIDATION_FAILED', `${field}: must be a web address (got "${text.trim()}")`);
  }
  return url;
}

export function normalizeSocialLinks(links: readonly SocialLink[]): SocialLink[] {
  return links.map((link, index) => ({
    type: link.type,
    url: normalizeSocialUrl(link.url, `body.socialLinks.${index}.url`),
  }));
}
