export const accountTiers = ['partner', 'reseller', 'org', 'agent'] as const;

export type AccountTier = (typeof accountTiers)[number];

/** One account in the path: a tier and its numeric id (`/org/12`). */
export type TierToken = { type: AccountTier; id: number };

export type AppPathToken =
  | { kind: 'tier'; tier: AccountTier; id: number; token: `${AccountTier}:${number}` }
  | { kind: 'segment'; value: string; token: string };

function isTier(segment: string): segment is AccountTier {
  return (accountTiers as readonly string[]).includes(segment);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Splits the part of a signed-in path after `/app/` into tokens. A tier followed by a numeric id is one token
 * (`org:12`), as the spec treats such a pair when going back; anything else stays a plain segment.
 */
export function parseAppPath(splat: string): AppPathToken[] {
  const segments = splat.split('/').filter(Boolean).map(decodeSegment);
  const tokens: AppPathToken[] = [];
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] ?? '';
    const next = segments[index + 1];
    const id = next !== undefined && /^\d+$/.test(next) ? Number(next) : null;
    // An id past 2^53 cannot round-trip through a number, so such a pair is not read as an account.
    if (isTier(segment) && id !== null && Number.isSafeInteger(id)) {
      tokens.push({ kind: 'tier', tier: segment, id, token: `${segment}:${id}` });
      index += 1;
    } else {
      tokens.push({ kind: 'segment', value: segment, token: segment });
    }
  }
  return tokens;
}

/** The app part of a pathname: the query and hash are dropped, and so is a leading `/app`. */
export function appPathSplat(pathname: string): string {
  const path = pathname.replace(/[?#].*$/s, '');
  return path.replace(/^\/*(?:app(?:\/|$))?/, '');
}

/** Tokens of a whole pathname such as `/app/org/3/settings`; see `parseAppPath`. */
export function parseAppPathname(pathname: string): AppPathToken[] {
  return parseAppPath(appPathSplat(pathname));
}

/**
 * Splits a pathname into its accounts (every tier with a numeric id, in path order) and the remaining
 * segments, decoded: `/app/partner/1/org/3/settings/x` gives partner 1 and org 3, then `settings` and `x`.
 */
export function splitAppPath(pathname: string): { tiers: TierToken[]; rest: string[] } {
  const tiers: TierToken[] = [];
  const rest: string[] = [];
  for (const token of parseAppPathname(pathname)) {
    if (token.kind === 'tier') tiers.push({ type: token.tier, id: token.id });
    else rest.push(token.value);
  }
  return { tiers, rest };
}
