import { endpoints } from '@switchboard/contract';
import { useEffect } from 'react';
import { callApi } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api';
import type { AccountTier } from '../../lib/parse-app-path';

/** Remembers the last account visited per tier in the signed-in account's settings (`lastAccountId`). */
export function useRememberLastAccount(current: { tier: AccountTier; id: number } | null): void {
  const home = useApiQuery(endpoints.getAccount, {}, { staleTime: 60_000 });
  const saved = home.data?.account.settings.lastAccountId as Partial<Record<AccountTier, number>> | undefined;
  const tier = current?.tier;
  const id = current?.id;
  useEffect(() => {
    if (tier === undefined || id === undefined || !home.data || saved?.[tier] === id) return;
    const lastAccountId = { ...saved, [tier]: id };
    // Settings are a convenience: a failed save is only logged, as the spec says.
    callApi(endpoints.saveAccountSettings, { body: { settings: { lastAccountId } } }).catch(
      (error: unknown) => {
        console.warn('Could not save lastAccountId', error);
      },
    );
  }, [tier, id, home.data, saved]);
}
