import { isIP } from 'node:net';

/** An outbound route of FACTS §8: `{domain|IP}[:{port}][;transport=tcp|udp][;proxyAddress={domain|IP}[:{port}]]`. */
export interface SipRoute {
  host: string;
  /** 5060 unless given; not used when a proxy is given. */
  port: number;
  transport: 'udp' | 'tcp';
  proxy: { host: string; port: number } | null;
}

export type ParsedRoute = { ok: true; route: SipRoute } | { ok: false; reason: string };

const defaultPort = 5060;
const hostnamePattern =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

type HostPort = { ok: true; host: string; port: number | null } | { ok: false; reason: string };

/** `host`, `host:port`, `[v6]`, `[v6]:port`; the host is a domain name or an IP address. */
function parseHostPort(text: string, what: string): HostPort {
  if (text === '') return { ok: false, reason: `the ${what} is missing` };
  let host: string;
  let port: string | undefined;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return { ok: false, reason: `the ${what} "${shown(text)}" opens "[" without "]"` };
    host = text.slice(1, close);
    const after = text.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) {
      return { ok: false, reason: `the ${what} "${shown(text)}" has text after "]"` };
    }
    port = after === '' ? undefined : after.slice(1);
    if (isIP(host) !== 6)
      return { ok: false, reason: `the ${what} "[${shown(host)}]" is not an IPv6 address` };
  } else {
    const colons = text.split(':').length - 1;
    if (colons > 1) {
      return { ok: false, reason: `the ${what} "${shown(text)}" is an IPv6 address: write it in brackets` };
    }
    [host = '', port] = text.split(':');
    const ipv4Like = /^[\d.]+$/.test(host);
    if (ipv4Like ? isIP(host) !== 4 : !hostnamePattern.test(host)) {
      return { ok: false, reason: `the ${what} "${shown(host)}" is not a domain name or an IP address` };
    }
  }
  if (port === undefined) return { ok: true, host: host.toLowerCase(), port: null };
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    return { ok: false, reason: `the ${what} port "${shown(port)}" must be a number from 1 to 65535` };
  }
  return { ok: true, host: host.toLowerCase(), port: Number(port) };
}

/** Reads a route, naming the part that does not parse. */
export function parseSipRoute(input: string): ParsedRoute {
  const [target = '', ...parameters] = input
    .trim()
    .replace(/^sips?:/i, '')
    .split(';');
  const hostPort = parseHostPort(target.trim(), 'host');
  if (!hostPort.ok) return hostPort;
  let transport: SipRoute['transport'] = 'udp';
  let proxy: SipRoute['proxy'] = null;
  const seen = new Set<string>();
  for (const parameter of parameters) {
    const [rawName = '', value = '', ...extra] = parameter.split('=');
    const name = rawName.trim();
    if (extra.length > 0 || !parameter.includes('=')) {
      return { ok: false, reason: `the parameter "${shown(parameter)}" must be written name=value` };
    }
    if (seen.has(name.toLowerCase()))
      return { ok: false, reason: `the parameter ${shown(name)} is given twice` };
    seen.add(name.toLowerCase());
    if (name.toLowerCase() === 'transport') {
      const chosen = value.trim().toLowerCase();
      if (chosen !== 'udp' && chosen !== 'tcp') {
        return { ok: false, reason: `the transport "${shown(value)}" must be udp or tcp` };
      }
      transport = chosen;
    } else if (name.toLowerCase() === 'proxyaddress') {
      const parsed = parseHostPort(value.trim(), 'proxyAddress');
      if (!parsed.ok) return parsed;
      proxy = { host: parsed.host, port: parsed.port ?? defaultPort };
    } else {
      return {
        ok: false,
        reason: `the parameter "${shown(name)}" is not one of transport or proxyAddress`,
      };
    }
  }
  return { ok: true, route: { host: hostPort.host, port: hostPort.port ?? defaultPort, transport, proxy } };
}

/** A route in its normal form: every part written out, so one route has one spelling. */
export function formatSipRoute(route: SipRoute): string {
  const host = (text: string) => (isIP(text) === 6 ? `[${text}]` : text);
  const proxy = route.proxy ? `;proxyAddress=${host(route.proxy.host)}:${route.proxy.port}` : '';
  return `${host(route.host)}:${route.port};transport=${route.transport}${proxy}`;
}
