import ipaddr from 'ipaddr.js';

/** An address or CIDR range in its normal form, or why the text is neither. */
export type AddressRange = { ok: true; text: string } | { ok: false; reason: string };

const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Reads a whitelist entry: an IPv4 or IPv6 address, optionally with a prefix length. The normal form is the
 * address as ipaddr.js writes it (IPv6 compressed, lowercase) with the prefix when it is not the whole address;
 * a range is kept as its network address (`198.51.100.7/24` is `198.51.100.0/24`).
 */
export function parseAddressRange(input: string): AddressRange {
  const text = input.trim();
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return { ok: false, reason: `"${shown(text)}" has more than one "/"` };
  // ipaddr.js reads "10" or "0x7f.1" as IPv4 too; an entry must be written out.
  const family = ipaddr.IPv4.isValidFourPartDecimal(address) ? 4 : address.includes(':') ? 6 : 0;
  if (family === 0 || !ipaddr.isValid(address)) {
    return { ok: false, reason: `"${shown(address)}" is not an IPv4 or IPv6 address` };
  }
  const parsed = ipaddr.parse(address);
  const bits = family === 4 ? 32 : 128;
  if (prefix === undefined) return { ok: true, text: parsed.toString() };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return { ok: false, reason: `the prefix length "/${shown(prefix)}" must be a number from 0 to ${bits}` };
  }
  const length = Number(prefix);
  if (length === bits) return { ok: true, text: parsed.toString() };
  const network =
    family === 4
      ? ipaddr.IPv4.networkAddressFromCIDR(`${parsed.toString()}/${length}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${length}`);
  return { ok: true, text: `${network.toString()}/${length}` };
}

/** Whether a source address (as a socket reports it; IPv4 mapped into IPv6 included) falls in a normal-form entry. */
export function addressInRange(source: string, entry: string): boolean {
  if (!ipaddr.isValid(source)) return false;
  let address = ipaddr.parse(source);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  const [range = '', prefix] = entry.split('/');
  if (!ipaddr.isValid(range)) return false;
  const network = ipaddr.parse(range);
  if (network.kind() !== address.kind()) return false;
  const bits = prefix === undefined ? (network.kind() === 'ipv4' ? 32 : 128) : Number(prefix);
  return address.match(network, bits);
}
