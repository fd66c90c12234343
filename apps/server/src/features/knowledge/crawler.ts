import {
  createOutboundHttp,
  OutboundRequestError,
  type OutboundHttp,
  type OutboundResponse,
} from '../../platform/outbound-http';
import { allowEverything, crawlerUserAgent, parseRobots, type RobotsRules } from './robots';

/** A fetch that could not give a usable answer; the message is the reason a person reads. */
export class CrawlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrawlError';
  }
}

export interface CrawlerOptions {
  /** APP_REQUESTS_PRIVATE_NETWORK: allowed outside production, refused in it (decisions/018). */
  allowPrivateNetwork: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Requests at once to one host. */
  perHostConcurrency?: number;
  http?: OutboundHttp;
}

export interface Crawler {
  /** GET the URL if robots.txt allows it; redirects are followed (each hop checked like the first). */
  fetch(url: string, options?: { maxBytes?: number; signal?: AbortSignal }): Promise<OutboundResponse>;
  /** The site's robots.txt rules (cached for ten minutes). */
  robots(origin: string): Promise<RobotsRules>;
}

const robotsTtlMs = 10 * 60 * 1000;

function limiter(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export function describeFailure(error: unknown): string {
  if (error instanceof CrawlError) return error.message;
  if (error instanceof OutboundRequestError) {
    switch (error.code) {
      case 'TIMEOUT':
        return `the site did not answer in time (${error.message})`;
      case 'HOST_NOT_FOUND':
      case 'UNREACHABLE':
        return `the site could not be reached: ${error.message}`;
      case 'REFUSED':
        return `private and local network addresses are not fetched: ${error.message.replace(/^refused: /, '')}`;
      case 'TOO_MANY_REDIRECTS':
        return `the site redirects too many times: ${error.message}`;
      default:
        return error.message;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The polite fetcher behind knowledge bases: it says who it is, reads each site's robots.txt first and keeps
 * to its rules, sends at most `perHostConcurrency` requests to a host at once (per process), bounds each request
 * in time and size, and reaches only public addresses unless private networks are allowed.
 */
export function createCrawler(options: CrawlerOptions): Crawler {
  const http = options.http ?? createOutboundHttp({ allowPrivateNetwork: options.allowPrivateNetwork });
  const timeoutMs = options.timeoutMs ?? 15_000;
  const defaultMaxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const hosts = new Map<string, ReturnType<typeof limiter>>();
  const robotsCache = new Map<string, { at: number; rules: Promise<RobotsRules> }>();

  const hostLimiter = (host: string) => {
    let found = hosts.get(host);
    if (!found) {
      found = limiter(options.perHostConcurrency ?? 2);
      hosts.set(host, found);
    }
    return found;
  };

  const get = (url: URL, maxBytes: number, signal?: AbortSignal) =>
    hostLimiter(url.host)(() =>
      http.request({
        url,
        headers: { 'user-agent': crawlerUserAgent, accept: '*/*' },
        timeoutMs,
        maxBytes,
        followRedirects: { maxHops: 5 },
        signal,
      }),
    );

  async function loadRobots(origin: string): Promise<RobotsRules> {
    try {
      const answer = await get(new URL('/robots.txt', origin), 512 * 1024);
      // No robots.txt (4xx) allows everything; an error answer (5xx) is read as "stay away" (RFC 9309 §2.3.1).
      if (answer.status >= 500) return parseRobots('User-agent: *\nDisallow: /');
      if (!answer.ok) return allowEverything;
      return parseRobots(answer.body.toString('utf8'));
    } catch (error) {
      if (error instanceof OutboundRequestError && error.code === 'REFUSED') throw error;
      return allowEverything;
    }
  }

  function robots(origin: string): Promise<RobotsRules> {
    const cached = robotsCache.get(origin);
    if (cached && Date.now() - cached.at < robotsTtlMs) return cached.rules;
    const rules = loadRobots(origin);
    robotsCache.set(origin, { at: Date.now(), rules });
    rules.catch(() => robotsCache.delete(origin));
    return rules;
  }

  return {
    robots,
    async fetch(raw, fetchOptions = {}) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new CrawlError(`${raw} is not a web address`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new CrawlError(`${url.protocol} addresses are not fetched (http or https only)`);
      const rules = await robots(url.origin);
      if (!rules.allows(url))
        throw new CrawlError(`the site's robots.txt does not allow fetching ${url.pathname}`);
      const maxBytes = fetchOptions.maxBytes ?? defaultMaxBytes;
      const answer = await get(url, maxBytes, fetchOptions.signal);
      if (!answer.ok) throw new CrawlError(`the site answered ${answer.status} for ${url.href}`);
      if (answer.truncated)
        throw new CrawlError(`the document is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      return answer;
    },
  };
}
