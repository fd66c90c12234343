/** The name the crawler gives in User-Agent and looks for in robots.txt groups. */
export const crawlerName = 'SwitchboardBot';
export const crawlerUserAgent = `Mozilla/5.0 (compatible; ${crawlerName}/1.0; knowledge-base fetcher)`;

interface Rule {
  allow: boolean;
  pattern: string;
}

/** What a site's robots.txt says for this crawler, and the sitemaps it lists. */
export interface RobotsRules {
  allows(url: URL): boolean;
  sitemaps: string[];
}

export const allowEverything: RobotsRules = { allows: () => true, sitemaps: [] };

function matches(pattern: string, path: string): boolean {
  // RFC 9309: `*` is any run of characters, a final `$` anchors the end; everything else is literal.
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const expression = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${expression}${anchored ? '$' : ''}`).test(path);
}

/**
 * Parses robots.txt (RFC 9309): the group naming this crawler applies, else the `*` group; the longest matching
 * rule decides and Allow wins a tie; no matching rule allows.
 */
export function parseRobots(text: string): RobotsRules {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  const sitemaps: string[] = [];
  let current: { agents: string[]; rules: Rule[] } | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (field !== 'allow' && field !== 'disallow')) continue;
    // An empty Disallow allows everything; it adds no rule.
    if (value) current.rules.push({ allow: field === 'allow', pattern: value });
  }
  const name = crawlerName.toLowerCase();
  const own = groups.filter((group) => group.agents.some((agent) => agent !== '*' && name.includes(agent)));
  const chosen = own.length > 0 ? own : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  return {
    sitemaps,
    allows(url) {
      const path = `${url.pathname}${url.search}`;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!matches(rule.pattern, path)) continue;
        const longer = !best || rule.pattern.length > best.pattern.length;
        const tieAllow = best?.pattern.length === rule.pattern.length && rule.allow;
        if (longer || tieAllow) best = rule;
      }
      return best ? best.allow : true;
    },
  };
}
