import { payoutsEndpoints, walletEndpoints } from '@switchboard/contract';
import { useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';

/** The account withdrawals act for: the one the page is about. */
export function usePayoutTarget(): { targetAccountId?: number } {
  const { accountId } = usePathAccount();
  return accountId === null ? {} : { targetAccountId: accountId };
}

/** Every answer that changes when money leaves the wallet. */
export const payoutQueries = [
  payoutsEndpoints.payoutsOverview,
  payoutsEndpoints.checkConnectedAccount,
  walletEndpoints.getWallet,
  walletEndpoints.recentTransactions,
] as const;

export function usePayouts() {
  return useApiQuery(payoutsEndpoints.payoutsOverview, usePayoutTarget());
}
