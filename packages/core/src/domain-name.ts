export type DomainNameResult = { ok: true; domain: string } | { ok: false; reason: string };

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A custom domain as stored: the host name only (a pasted scheme, path, query or trailing dot is dropped),
 * lowercase, international names in their ASCII (punycode) form. Refuses ports, credentials, IP addresses,
 * single labels and labels that DNS does not allow, each with a reason a person can act on.
 */
export function normalizeDomainName(input: string): DomainNameResult {
  let text = input.trim().toLowerCase();
  if (text === '') return { ok: false, reason: 'Enter a domain, like app.example.com' };
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  text = text.split(/[/?#]/, 1)[0] ?? '';
  if (text.includes('@')) return { ok: false, reason: 'A domain has no user name or "@"' };
  if (text.startsWith('[') || /:\d*$/.test(text)) {
    return text.startsWith('[')
      ? { ok: false, reason: 'An IP address is not a domain' }
      : { ok: false, reason: 'Leave out the port: a domain is served on the standard ports' };
  }
  text = text.replace(/\.$/, '');
  if (text === '') return { ok: false, reason: 'Enter a domain, like app.example.com' };
  if (/\s/.test(text)) return { ok: false, reason: 'A domain has no spaces' };
  let ascii: string;
  try {
    // The WHATWG URL parser applies IDNA (the browsers' rules) in Node and in the browser alike.
    ascii = new URL(`http://${text}`).hostname;
  } catch {
    return { ok: false, reason: `"${input.trim()}" is not a valid domain` };
  }
  if (ipv4.test(ascii)) return { ok: false, reason: 'An IP address is not a domain' };
  if (ascii.length > 253) return { ok: false, reason: 'A domain has at most 253 characters' };
  const labels = ascii.split('.');
  if (labels.length < 2) {
    return { ok: false, reason: 'A domain needs at least two parts, like example.com' };
  }
  const bad = labels.find((part) => !label.test(part));
  if (bad !== undefined) {
    return {
      ok: false,
      reason:
        bad === ''
          ? 'A domain cannot have empty parts (two dots in a row)'
          : `"${bad}" is not allowed in a domain: use letters, digits and inner hyphens, at most 63 characters a part`,
    };
  }
  if (/^\d+$/.test(labels.at(-1) ?? '')) {
    return { ok: false, reason: 'The last part of a domain cannot be a number' };
  }
  return { ok: true, domain: ascii };
}

/**
 * The host a page was served from, as domains are stored: lowercase, punycode, without port or trailing dot.
 * Null when the text is not a host name (an IP address or garbage).
 */
export function hostOfRequest(host: string): string | null {
  const text = host.trim().toLowerCase().replace(/:\d+$/, '');
  const result = normalizeDomainName(text);
  return result.ok ? result.domain : null;
}
