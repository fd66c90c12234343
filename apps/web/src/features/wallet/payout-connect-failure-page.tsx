import { IconPlugConnectedX } from '@tabler/icons-react';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/** Where the payout provider returns when connecting a payout account did not finish. */
export function PayoutConnectFailurePage() {
  return (
    <StatusPage
      icon={IconPlugConnectedX}
      color="red"
      title="Payout account not connected"
      description="The connection was not completed and nothing changed. You can try again from your wallet."
      actions={<BackToAppButton />}
    />
  );
}
