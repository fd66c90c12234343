import { isIP } from 'node:net';

/** Names proxy-addr understands for whole ranges of addresses. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY is a hop count (how many proxies stand in front of the server) or a comma-separated list of the
 * proxies' addresses and CIDR ranges (or loopback, linklocal, uniquelocal). Answers the problem as text.
 */
export function parseTrustProxy(value: string): number | string[] | string {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : `must be a hop count from 1 to 10 (got ${text})`;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (proxyRangeNames.has(entry)) return false;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (prefix === undefined) return false;
    return !/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
  if (entries.length === 0 || bad.length > 0) {
    return `must be a hop count or a list of proxy addresses or CIDR ranges (cannot read "${bad.join(', ') || text}")`;
  }
  return entries;
}
