import { usePathTiers } from '../../../lib/path-tiers';

/** The account the current screen is about (the deepest tier of the path), and the path to it. */
export function usePathAccount(): { accountId: number | null; basePath: string } {
  const tiers = usePathTiers();
  return {
    accountId: tiers.at(-1)?.id ?? null,
    basePath: `/app/${tiers.map((tier) => `${tier.tier}/${tier.id}`).join('/')}`,
  };
}
