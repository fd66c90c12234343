import { gunzipSync } from 'node:zlib';
import { CrawlError, type Crawler } from './crawler';

const maxSitemaps = 50;
const maxLinks = 5000;

function decodeEntities(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The <loc> values of a sitemap, and whether it is an index of other sitemaps. */
export function parseSitemap(xml: string): { index: boolean; locations: string[] } {
  const index = /<(?:\w+:)?sitemapindex[\s>]/i.test(xml);
  if (!index && !/<(?:\w+:)?urlset[\s>]/i.test(xml)) {
    throw new CrawlError('the address is not a sitemap (an XML urlset or sitemapindex)');
  }
  const locations = [...xml.matchAll(/<(?:\w+:)?loc>([\s\S]*?)<\/(?:\w+:)?loc>/gi)]
    .map((match) => decodeEntities(match[1] ?? ''))
    .filter((location) => /^https?:\/\//i.test(location));
  return { index, locations };
}

function isSiteRoot(url: URL): boolean {
  return (url.pathname === '/' || url.pathname === '') && url.search === '';
}

/**
 * The page URLs a sitemap lists. A site root finds its sitemaps in robots.txt's Sitemap lines, else at
 * /sitemap.xml; sitemap indexes are followed (at most 50 sitemaps, 5000 pages); gzip is read as such.
 */
export async function readSitemapLinks(crawler: Crawler, address: string): Promise<string[]> {
  let start: URL;
  try {
    start = new URL(address);
  } catch {
    throw new CrawlError(`${address} is not a web address`);
  }
  const queue = isSiteRoot(start)
    ? await crawler
        .robots(start.origin)
        .then((rules) => (rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', start).href]))
    : [start.href];
  const seen = new Set<string>();
  const links: string[] = [];
  const found = new Set<string>();
  while (queue.length > 0 && seen.size < maxSitemaps && links.length < maxLinks) {
    const next = queue.shift();
    if (!next || seen.has(next)) continue;
    seen.add(next);
    const answer = await crawler.fetch(next, { maxBytes: 10 * 1024 * 1024 });
    const bytes = answer.body[0] === 0x1f && answer.body[1] === 0x8b ? gunzipSync(answer.body) : answer.body;
    const sitemap = parseSitemap(bytes.toString('utf8'));
    if (sitemap.index) queue.push(...sitemap.locations);
    else {
      for (const location of sitemap.locations) {
        if (found.has(location)) continue;
        found.add(location);
        links.push(location);
        if (links.length >= maxLinks) break;
      }
    }
  }
  return links;
}
