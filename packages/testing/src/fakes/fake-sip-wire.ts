/** SIP messages as the fake SIP phone reads them: just enough of RFC 3261's syntax for a test peer. */

export interface SipResponse {
  status: number;
  reason: string;
  headers: Map<string, string[]>;
  body: string;
  raw: string;
}

export interface SipRequestIn {
  method: string;
  uri: string;
  headers: Map<string, string[]>;
  raw: string;
}

export interface RtpIn {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Buffer;
}

export const header = (headers: Map<string, string[]>, name: string) =>
  headers.get(name.toLowerCase())?.[0] ?? '';

export function parseMessage(raw: string): SipResponse | SipRequestIn | null {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const [first = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers = new Map<string, string[]>();
  const compact: Record<string, string> = {
    v: 'via',
    f: 'from',
    t: 'to',
    i: 'call-id',
    m: 'contact',
    l: 'content-length',
    c: 'content-type',
  };
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const key = compact[name] ?? name;
    headers.set(key, [...(headers.get(key) ?? []), line.slice(colon + 1).trim()]);
  }
  const body = raw.slice(split + 4);
  const status = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(first);
  if (status) return { status: Number(status[1]), reason: status[2] ?? '', headers, body, raw };
  const request = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(first);
  return request ? { method: request[1] ?? '', uri: request[2] ?? '', headers, raw } : null;
}

export const isResponse = (message: SipResponse | SipRequestIn): message is SipResponse =>
  'status' in message;

/** The tag parameter of a From or To header. */
export const tagOf = (value: string) => /;\s*tag=([^;>\s]+)/i.exec(value)?.[1] ?? null;
