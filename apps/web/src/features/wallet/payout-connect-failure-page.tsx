import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** Where the payout provider returns when connecting a payout account did not finish. */
export function PayoutConnectFailurePage() {
  return (
    <StatusPage
      icon={IconPlugConnectedX}
      color="red"
      title="Payout account not connected"
      description="The connection was not completed and nothing changed. You can try again from your wallet."
      actions={
        <Button component={Link} to={webPages.app}>
          Back to Switchboard
        </Button>
      }
    />
  );
}
