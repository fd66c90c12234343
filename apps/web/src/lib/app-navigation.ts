import { parseAppPathname, splitAppPath, type AppPathToken, type TierToken } from './parse-app-path';

const appRoot = '/app';

function tokenSegments(token: AppPathToken): string[] {
  return token.kind === 'tier' ? [token.tier, String(token.id)] : [token.value];
}

// Segments are held decoded, so each is encoded again; a '/' inside one stays inside it.
function formatSegments(segments: readonly string[]): string {
  return [appRoot, ...segments.map(encodeURIComponent)].join('/');
}

function formatTokens(tokens: readonly AppPathToken[]): string {
  return formatSegments(tokens.flatMap(tokenSegments));
}

/** The path one step up: the last segment goes, and a tier with its id (`org/3`) goes as one. */
export function backPath(pathname: string): string {
  return formatTokens(parseAppPathname(pathname).slice(0, -1));
}

/**
 * The path after pushing one segment: it replaces the last segment unless that one is numeric (an id), when
 * it is appended instead. `/app/org/3/settings` + `inbox` is `/app/org/3/inbox`; `/app/org/3` + `inbox` is
 * `/app/org/3/inbox`. The segment is encoded, so it cannot add more than one level.
 */
export function pushPath(pathname: string, segment: string): string {
  const segments = parseAppPathname(pathname).flatMap(tokenSegments);
  if (segment === '') return formatSegments(segments);
  const last = segments.at(-1);
  const kept = last === undefined || /^\d+$/.test(last) ? segments : segments.slice(0, -1);
  return formatSegments([...kept, segment]);
}

/** The path of a chain of accounts, then any further segments: `[org 3, agent 4]` is `/app/org/3/agent/4`. */
export function tierPath(chain: readonly TierToken[], rest: readonly string[] = []): string {
  for (const { type, id } of chain) {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Invalid ${type} id: ${id}`);
  }
  return formatSegments([...chain.flatMap(({ type, id }) => [type, String(id)]), ...rest]);
}

export type Breadcrumb = TierToken & { path: string };

/** One crumb per account in the path, each linking to the path up to and including that account. */
export function breadcrumbs(pathname: string): Breadcrumb[] {
  const tokens = parseAppPathname(pathname);
  const crumbs: Breadcrumb[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'tier') return;
    crumbs.push({ type: token.tier, id: token.id, path: formatTokens(tokens.slice(0, index + 1)) });
  });
  return crumbs;
}

/** Whether the path is a settings screen (a `settings` segment anywhere), which minimizes the sidebar. */
export function isSettingsPath(pathname: string): boolean {
  return splitAppPath(pathname).rest.includes('settings');
}

/** The deepest account in the path, or null when the path names none. */
export function currentTier(pathname: string): TierToken | null {
  return splitAppPath(pathname).tiers.at(-1) ?? null;
}
