import { endpoints } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../lib/api-client';
import { apiQueryScope } from '../../lib/use-api';

/**
 * Saves top-level keys of an account's settings (POST /api/v1/accountSetting), then refreshes the cached account.
 * A failure is only logged (spec §8: settings save failures are logged; local state is kept).
 */
export function useSaveAccountSettings(
  accountId: number,
): (settings: Record<string, unknown>) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (settings) => {
      try {
        await callApi(endpoints.saveAccountSettings, { targetAccountId: accountId, body: { settings } });
        await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getAccount) });
      } catch (failure) {
        console.warn('Could not save the account settings', failure);
      }
    },
    [accountId, queryClient],
  );
}
