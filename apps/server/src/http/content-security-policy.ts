import { createHash } from 'node:crypto';
import type { DomainProfileView } from '@switchboard/contract';

export type Directives = Record<string, string[]>;

/** What a page's policy depends on beyond the build: where it is served and the brand of that host. */
export interface PageContext {
  /** `host[:port]` the browser asked for; null when it does not read as one (then only 'self' is named). */
  host: string | null;
  /** The host's brand; null when it could not be read (the page then allows no embedding and no brand scripts). */
  brand: Pick<DomainProfileView, 'ownHost' | 'settings'> | null;
}

const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The Host header as a CSP source host, or null for anything else (it must not add directives or sources). */
export function readPageHost(host: string | undefined): string | null {
  return host !== undefined && hostPattern.test(host) ? host.toLowerCase() : null;
}

/** `'sha256-…'` of every inline script (no `src`) of the built index.html, the theme bootstrap among them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // Data blocks (JSON) never run, so the policy need not name them.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'module' && !type.includes('javascript')) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The origins of a white-label brand's scripts: https only (the brand form refuses others, and rows saved before
 * that rule are skipped here), and none on the product's own hosts, where the app loads no brand scripts.
 */
export function brandScriptOrigins(brand: PageContext['brand']): string[] {
  if (!brand || brand.ownHost) return [];
  const origins = new Set<string>();
  for (const address of brand.settings.appScripts) {
    try {
      const url = new URL(address);
      if (url.protocol === 'https:' && url.username === '' && url.password === '') origins.add(url.origin);
    } catch {
      // Not a URL: nothing is loaded from it, so nothing is allowed.
    }
  }
  return [...origins];
}

/** The policy of every other answer (API, its reference page, assets, files): no host or brand, never framed. */
export function baseDirectives(https: boolean): Directives {
  return pageDirectives({ scriptHashes: [], https, page: { host: null, brand: null } });
}

/** The policy of the single-page app as served on one host under one brand. */
export function pageDirectives(input: {
  scriptHashes: string[];
  https: boolean;
  page: PageContext;
}): Directives {
  const { host, brand } = input.page;
  const brandOrigins = brandScriptOrigins(brand);
  // The realtime and agent-session sockets. CSP3 browsers match ws(s) to 'self'; older ones need the origin named.
  const sockets = host === null ? [] : [`wss://${host}`, ...(input.https ? [] : [`ws://${host}`])];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    // No 'unsafe-inline': the one inline script (the theme before first paint) is allowed by its hash.
    'script-src': ["'self'", ...input.scriptHashes, ...brandOrigins],
    'script-src-attr': ["'none'"],
    // Mantine writes <style> elements at run time (CSS variables of the theme, responsive style props) and
    // components set style attributes; hashes cannot cover generated styles, and a nonce would have to reach
    // Mantine before the first render. Styles cannot run code, so 'unsafe-inline' here is the accepted cost.
    'style-src': ["'self'", "'unsafe-inline'", ...brandOrigins],
    // Files (avatars, logos, chat media) are served by this server whatever the storage provider; data: and
    // blob: are previews of picked files and icons inlined by components.
    'img-src': ["'self'", 'data:', 'blob:', ...brandOrigins],
    'font-src': ["'self'", 'data:'],
    // Recordings and the agent's audio played from blobs.
    'media-src': ["'self'", 'blob:'],
    // A brand's scripts (analytics, chat widgets) report to and frame their own origin.
    'connect-src': ["'self'", ...sockets, ...brandOrigins],
    'frame-src': ["'self'", ...brandOrigins],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': frameAncestors(brand),
    ...(input.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Who may frame the app. A brand that allows embedding lets its organizations put the app and agent buttons
 * on their own websites, whose addresses the brand does not list: any https page may then frame it (and the
 * app itself). Otherwise no one.
 */
export function frameAncestors(brand: PageContext['brand']): string[] {
  return brand?.settings.allowEmbeds ? ["'self'", 'https:'] : ["'none'"];
}
