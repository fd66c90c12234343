import { useParams } from 'react-router';
import { parseAppPath } from '../../../lib/parse-app-path';

/** The account the current screen is about (the deepest tier of the path), and the path to it. */
export function usePathAccount(): { accountId: number | null; basePath: string } {
  const tokens = parseAppPath(useParams()['*'] ?? '');
  const tiers = tokens.flatMap((token) => (token.kind === 'tier' ? [token] : []));
  return {
    accountId: tiers.at(-1)?.id ?? null,
    basePath: `/app/${tiers.map((tier) => `${tier.tier}/${tier.id}`).join('/')}`,
  };
}
