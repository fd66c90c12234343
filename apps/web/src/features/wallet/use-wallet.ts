import { walletEndpoints } from '@switchboard/contract';
import { useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';

/** The account the wallet screens act for: the one the page is about. */
export function useWalletTarget(): { targetAccountId?: number } {
  const { accountId } = usePathAccount();
  return accountId === null ? {} : { targetAccountId: accountId };
}

/** Every endpoint whose answer changes when money moves. */
export const walletQueries = [
  walletEndpoints.getWallet,
  walletEndpoints.recentTransactions,
  walletEndpoints.pendingInvoice,
] as const;

export function useWallet(days = 30) {
  return useApiQuery(walletEndpoints.getWallet, { ...useWalletTarget(), query: { days } });
}
