import { endpoints } from '@switchboard/contract';
import { useApiQuery } from '../../lib/use-api';

/** The account a screen acts for (the deepest tier in the path, else the signed-in account). */
export function useAccount(accountId: number | null) {
  return useApiQuery(endpoints.getAccount, accountId === null ? {} : { targetAccountId: accountId }, {
    retry: false,
    staleTime: 60_000,
  });
}
