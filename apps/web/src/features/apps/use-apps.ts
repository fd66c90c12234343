import { endpoints } from '@switchboard/contract';
import { accountScope, usePathTiers } from '../../lib/path-tiers';
import { useApiQuery } from '../../lib/use-api';

/**
 * The account whose apps a screen shows: the organization in the path (an agent's screens show its
 * organization's apps), else the deepest account in it, else the signed-in one (null).
 */
export function useAppsAccount(): number | null {
  const tiers = usePathTiers();
  return tiers.find((tier) => tier.tier === 'org')?.id ?? tiers.at(-1)?.id ?? null;
}

export const withAccount = accountScope;

export function useAppList(accountId: number | null, filter: { installed?: boolean } = {}) {
  return useApiQuery(endpoints.listApps, { query: filter, ...withAccount(accountId) });
}

/** Every endpoint whose cached answers change when an app is installed, changed or removed. */
export const appQueries = [endpoints.listApps, endpoints.getApp, endpoints.getIntegration] as const;
