import { Button } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconWalletOff } from '@tabler/icons-react';
import { AccountBanner } from '../../app/account-banner';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useApiQuery } from '../../lib/use-api';

/**
 * Above an organization's or agent's screens while the wallet that pays for its conversations is empty: its agents
 * refuse new calls and texts until money comes in, and this says so with the way to add funds. An agent's
 * conversations are paid from its organization's wallet (`payerAccountId`); there the banner says where to go.
 * Nothing shows to people who may not see that wallet.
 */
export function EmptyWalletBanner({
  accountId,
  payerAccountId,
}: {
  accountId: number;
  payerAccountId: number;
}) {
  const wallet = useApiQuery(
    walletEndpoints.getWallet,
    { targetAccountId: payerAccountId, query: { days: 1 } },
    { retry: false, refetchInterval: 30_000 },
  );
  const { open } = useOverlay();
  const admission = wallet.data?.admission;
  if (!admission || admission.takingConversations) return null;
  const paysItself = payerAccountId === accountId;
  return (
    <AccountBanner
      color="orange"
      icon={<IconWalletOff size={18} />}
      title="Wallet empty"
      testId="empty-wallet-banner"
      action={
        paysItself && (
          <Button size="xs" color="orange" onClick={() => open('addFunds')}>
            Add funds
          </Button>
        )
      }
    >
      {paysItself
        ? 'Your agents take no new calls or messages until funds are added.'
        : "This agent's organization pays for its conversations and its wallet is empty: the agent takes no new calls or messages until the organization adds funds."}
    </AccountBanner>
  );
}
