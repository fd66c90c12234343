import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { classifyAddress, type AddressVerdict } from './outbound-address';

export type OutboundFailure =
  | 'INVALID_URL'
  | 'REFUSED'
  | 'HOST_NOT_FOUND'
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'UNREACHABLE'
  | 'TOO_MANY_REDIRECTS';

/** Why a request was not answered; `message` is a sentence fit to show (e.g. "refused: 127.0.0.1 is …"). */
export class OutboundRequestError extends Error {
  constructor(
    readonly code: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundRequestError';
  }
}

export interface OutboundRequest {
  url: string | URL;
  /** GET when absent. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  /** Bounds the whole exchange: name resolution, every hop and reading the answer. */
  timeoutMs: number;
  /** The largest answer read, in bytes (256 KiB when absent); the rest is cut and `truncated` set. */
  maxBytes?: number;
  /** Redirects are answered as they are unless followed; each hop is checked like the first. */
  followRedirects?: { maxHops: number };
  signal?: AbortSignal | undefined;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The URL that answered (after the redirects followed). */
  url: URL;
  body: Buffer;
  truncated: boolean;
  durationMs: number;
}

export interface OutboundHttp {
  request(request: OutboundRequest): Promise<OutboundResponse>;
}

export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export interface OutboundHttpOptions {
  /** Turns the address check off (APP_REQUESTS_PRIVATE_NETWORK=allow: local development and tests). */
  allowPrivateNetwork: boolean;
  /** Every address of a name; dns.lookup with all:true when absent. */
  resolveHost?: ResolveHost;
  /** The address policy; classifyAddress when absent. */
  checkAddress?: (address: string) => AddressVerdict;
}

const defaultMaxBytes = 256 * 1024;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const credentialHeaders = ['authorization', 'cookie', 'proxy-authorization'];
const bodyHeaders = ['content-type', 'content-length'];

const omit = (headers: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

const systemResolveHost: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** A lookup for the connection that answers only the addresses already checked, so DNS cannot change them. */
function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const candidates = addresses.filter((entry) => family === 0 || entry.family === family);
    const first = candidates[0];
    if (!first) {
      callback(
        Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }),
        '',
      );
    } else if (options.all) {
      callback(
        null,
        candidates.map((entry) => ({ ...entry })),
      );
    } else {
      callback(null, first.address, first.family);
    }
  };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    chunks.push(bytes);
    size += bytes.byteLength;
    // Breaking out of the loop destroys the stream: the rest is never downloaded.
    if (size > maxBytes) break;
  }
  return { body: Buffer.concat(chunks).subarray(0, maxBytes), truncated: size > maxBytes };
}

function headersOf(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined) headers.append(name, item);
  }
  return headers;
}

function parseUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRequestError('INVALID_URL', `${String(url)} is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundRequestError(
      'INVALID_URL',
      `${parsed.protocol} URLs are not fetched (http or https only)`,
    );
  }
  return parsed;
}

/**
 * The one way the server makes an HTTP request someone else chose the address of (app functions, webhooks,
 * documents, crawls). Each hop resolves the host, checks every address (only public unicast ones, unless
 * allowPrivateNetwork), then connects to exactly those addresses, so a second DNS answer cannot redirect the
 * connection; TLS still verifies the certificate against the host name.
 */
export function createOutboundHttp(options: OutboundHttpOptions): OutboundHttp {
  const resolveHost = options.resolveHost ?? systemResolveHost;
  const checkAddress = options.checkAddress ?? classifyAddress;

  async function checkedAddresses(url: URL, signal: AbortSignal): Promise<LookupAddress[]> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: LookupAddress[];
    if (ipaddr.isValid(host)) {
      const parsed = ipaddr.parse(host);
      addresses = [{ address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6 }];
    } else {
      try {
        addresses = [...(await untilAborted(resolveHost(host), signal))];
      } catch (error) {
        if (signal.aborted) throw error;
        throw new OutboundRequestError('HOST_NOT_FOUND', `${host} could not be found`, { cause: error });
      }
      if (addresses.length === 0) throw new OutboundRequestError('HOST_NOT_FOUND', `${host} has no address`);
    }
    if (options.allowPrivateNetwork) return addresses;
    for (const { address } of addresses) {
      const verdict = checkAddress(address);
      if (!verdict.allowed) {
        const via = address === host ? '' : ` (the address of ${host})`;
        throw new OutboundRequestError('REFUSED', `refused: ${verdict.reason}${via}`);
      }
    }
    return addresses;
  }

  async function sendOnce(
    url: URL,
    init: Required<Pick<OutboundRequest, 'method' | 'headers'>> & {
      body: string | Uint8Array | null;
      maxBytes: number;
      signal: AbortSignal;
    },
  ) {
    const addresses = await checkedAddresses(url, init.signal);
    const agent = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    try {
      const response = await undiciRequest(url, {
        dispatcher: agent,
        method: init.method as Dispatcher.HttpMethod,
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      });
      const read = await readCapped(response.body, init.maxBytes);
      return { status: response.statusCode, headers: headersOf(response.headers), ...read };
    } finally {
      await agent.destroy().catch(() => undefined);
    }
  }

  return {
    async request(request) {
      const started = performance.now();
      const timeout = AbortSignal.timeout(request.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      let url = parseUrl(request.url);
      let method = (request.method ?? 'GET').toUpperCase();
      let body = request.body ?? null;
      let headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const maxHops = request.followRedirects?.maxHops ?? 0;
      try {
        for (let hop = 0; ; hop += 1) {
          const answer = await sendOnce(url, {
            method,
            headers,
            body,
            signal,
            maxBytes: request.maxBytes ?? defaultMaxBytes,
          });
          const location = answer.headers.get('location');
          if (!request.followRedirects || !redirectStatuses.has(answer.status) || location === null) {
            const ok = answer.status >= 200 && answer.status < 300;
            return { ...answer, ok, url, durationMs: Math.round(performance.now() - started) };
          }
          if (hop >= maxHops) {
            throw new OutboundRequestError(
              'TOO_MANY_REDIRECTS',
              `more than ${maxHops} redirects from ${String(request.url)}`,
            );
          }
          const next = parseUrl(URL.canParse(location, url.href) ? new URL(location, url) : location);
          if (
            answer.status === 303 ||
            ((answer.status === 301 || answer.status === 302) && method === 'POST')
          ) {
            if (method !== 'HEAD') method = 'GET';
            body = null;
            headers = omit(headers, bodyHeaders);
          }
          // Credentials were meant for the first origin, as fetch does.
          if (next.origin !== url.origin) headers = omit(headers, credentialHeaders);
          url = next;
        }
      } catch (error) {
        if (error instanceof OutboundRequestError) throw error;
        if (timeout.aborted) {
          throw new OutboundRequestError('TIMEOUT', `no answer within ${request.timeoutMs / 1000} s`, {
            cause: error,
          });
        }
        if (request.signal?.aborted)
          throw new OutboundRequestError('CANCELLED', 'the request was cancelled', { cause: error });
        throw new OutboundRequestError('UNREACHABLE', (error as Error).message, { cause: error });
      }
    },
  };
}
