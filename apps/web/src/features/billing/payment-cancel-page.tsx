import { Button } from '@mantine/core';
import { IconCreditCardOff, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/** Where the payment provider sends the buyer after abandoning checkout: nothing was paid, and the way back. */
export function PaymentCancelPage() {
  return (
    <StatusPage
      icon={IconCreditCardOff}
      color="gray"
      title="Checkout cancelled"
      description="Nothing was charged and your balance is unchanged. You can add funds from your wallet whenever you are ready."
      actions={
        <>
          <Button component={Link} to="/app/home?wallet" leftSection={<IconWallet size={16} />}>
            Back to the wallet
          </Button>
          <BackToAppButton variant="default" />
        </>
      }
    />
  );
}
