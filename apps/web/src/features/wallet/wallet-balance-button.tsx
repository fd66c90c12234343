import { Button, Tooltip } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useWallet } from './use-wallet';
import { formatUsd } from './wallet-format';

/** The balance in the header; it opens the wallet. Hidden for people who may not see billing. */
export function WalletBalanceButton() {
  const wallet = useWallet(1);
  const { open } = useOverlay();
  if (!wallet.data) return null;
  return (
    <Tooltip label="Wallet">
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconWallet size={16} />}
        onClick={() => open('wallet')}
        aria-label={`Wallet balance ${formatUsd(wallet.data.balanceUsd)}`}
        data-testid="header-balance"
      >
        {formatUsd(wallet.data.balanceUsd)}
      </Button>
    </Tooltip>
  );
}
