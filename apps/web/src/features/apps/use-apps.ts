import { endpoints } from '@switchboard/contract';
import { useParams } from 'react-router';
import { parseAppPath } from '../../lib/parse-app-path';
import { useApiQuery } from '../../lib/use-api';

/**
 * The account whose apps a screen shows: the organization in the path (an agent's screens show its
 * organization's apps), else the deepest account in it, else the signed-in one (null).
 */
export function useAppsAccount(): number | null {
  const tiers = parseAppPath(useParams()['*'] ?? '').flatMap((token) =>
    token.kind === 'tier' ? [token] : [],
  );
  return tiers.find((tier) => tier.tier === 'org')?.id ?? tiers.at(-1)?.id ?? null;
}

export const withAccount = (accountId: number | null) =>
  accountId === null ? {} : { targetAccountId: accountId };

export function useAppList(accountId: number | null, filter: { installed?: boolean } = {}) {
  return useApiQuery(endpoints.listApps, { query: filter, ...withAccount(accountId) });
}

/** Every endpoint whose cached answers change when an app is installed, changed or removed. */
export const appQueries = [endpoints.listApps, endpoints.getApp, endpoints.getIntegration] as const;
