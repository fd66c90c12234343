import { useParams } from 'react-router';
import { parseAppPath, type AppPathToken } from './parse-app-path';

export type PathTier = Extract<AppPathToken, { kind: 'tier' }>;

/** The accounts named by the workspace path (`/app/partner/1/reseller/2/org/3/agent/4`), outermost first. */
export function usePathTiers(): PathTier[] {
  return parseAppPath(useParams()['*'] ?? '').flatMap((token) => (token.kind === 'tier' ? [token] : []));
}

/** The query part that makes a call act for an account; nothing for the signed-in account itself (null). */
export function accountScope(accountId: number | null): { targetAccountId?: number } {
  return accountId === null ? {} : { targetAccountId: accountId };
}
