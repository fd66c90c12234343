export const accountTiers = ['partner', 'reseller', 'org', 'agent'] as const;

export type AccountTier = (typeof accountTiers)[number];

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
    if (isTier(segment) && next !== undefined && /^\d+$/.test(next)) {
      const id = Number(next);
      tokens.push({ kind: 'tier', tier: segment, id, token: `${segment}:${id}` });
      index += 1;
    } else {
      tokens.push({ kind: 'segment', value: segment, token: segment });
    }
  }
  return tokens;
}
