import ipaddr from 'ipaddr.js';

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const rangeNames: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
};

const describeRange = (range: string) => rangeNames[range] ?? `a special-purpose address (${range})`;

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

interface Embedding {
  form: string;
  ipv4: ipaddr.IPv4[];
}

/**
 * The IPv4 addresses an IPv6 address carries, for the forms that reach an IPv4 host: mapped, translated,
 * compatible, NAT64 (RFC 6052 well-known prefix), 6to4 and Teredo (its server and its obfuscated client).
 */
function embeddedIpv4(address: ipaddr.IPv6): Embedding | null {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const last = ipv4Of(p[6], p[7]);
  switch (address.range()) {
    case 'ipv4Mapped':
      return { form: 'an IPv4-mapped address', ipv4: [last] };
    case 'rfc6145':
      return { form: 'an IPv4-translated address', ipv4: [last] };
    case 'rfc6052':
      return { form: 'a NAT64 address', ipv4: [last] };
    case '6to4':
      return { form: 'a 6to4 address', ipv4: [ipv4Of(p[1], p[2])] };
    case 'teredo':
      return { form: 'a Teredo address', ipv4: [ipv4Of(p[2], p[3]), ipv4Of(~p[6] & 0xffff, ~p[7] & 0xffff)] };
    default:
      // ipaddr.js calls ::a.b.c.d (the deprecated IPv4-compatible form) unicast; it still names an IPv4 host.
      return p.slice(0, 6).every((part) => part === 0)
        ? { form: 'an IPv4-compatible address', ipv4: [last] }
        : null;
  }
}

/** The range of the local-use NAT64 prefix (RFC 8215): a translator inside someone's network. */
const localUseNat64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/**
 * Whether a server may send a request to this address on someone's behalf: only public unicast addresses pass,
 * judged by ipaddr.js's ranges, and an IPv6 address that carries an IPv4 one passes only if that one does.
 * Accepts every form ipaddr.js parses (including 2130706433, 0177.0.0.1, 0x7f.0.0.1, 127.1).
 */
export function classifyAddress(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, reason: `${address} is not an IP address` };
  const parsed = ipaddr.parse(address);
  const shown = parsed.toString() === address ? address : `${address} (${parsed.toString()})`;
  if (parsed instanceof ipaddr.IPv4) {
    const range = parsed.range();
    return range === 'unicast'
      ? { allowed: true }
      : { allowed: false, reason: `${shown} is ${describeRange(range)}` };
  }
  const range = parsed.range();
  const embedding = range === 'loopback' || range === 'unspecified' ? null : embeddedIpv4(parsed);
  if (embedding) {
    for (const ipv4 of embedding.ipv4) {
      const range = ipv4.range();
      if (range !== 'unicast') {
        return {
          allowed: false,
          reason: `${shown} is ${embedding.form} for ${ipv4.toString()}, ${describeRange(range)}`,
        };
      }
    }
    if (parsed.match(localUseNat64))
      return { allowed: false, reason: `${shown} is a local-use NAT64 address` };
    return { allowed: true };
  }
  return range === 'unicast'
    ? { allowed: true }
    : { allowed: false, reason: `${shown} is ${describeRange(range)}` };
}
