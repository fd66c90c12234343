import { IconBuildingBank } from '@tabler/icons-react';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/** Where the payout provider returns after the account holder connected a payout account. */
export function PayoutConnectSuccessPage() {
  return (
    <StatusPage
      icon={IconBuildingBank}
      color="teal"
      title="Payout account connected"
      description="Withdrawals from your wallet will now go to the account you just connected."
      actions={<BackToAppButton />}
    />
  );
}
