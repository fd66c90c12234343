import { Button } from '@mantine/core';
import { IconCreditCardOff, IconSquareCheck, IconWallet } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/**
 * Where the payment provider sends the buyer after abandoning checkout: nothing was paid, and the way back (to the
 * plans after a plan's checkout, `?subscription=1`; to the wallet otherwise).
 */
export function PaymentCancelPage() {
  const [search] = useSearchParams();
  const subscription = search.get('subscription') === '1';
  return (
    <StatusPage
      icon={IconCreditCardOff}
      color="gray"
      title="Checkout cancelled"
      description={
        subscription
          ? 'Nothing was charged and no plan was started. You can choose a plan whenever you are ready.'
          : 'Nothing was charged and your balance is unchanged. You can add funds from your wallet whenever you are ready.'
      }
      actions={
        <>
          {subscription ? (
            <Button component={Link} to="/app/home?selectPlan" leftSection={<IconSquareCheck size={16} />}>
              Back to the plans
            </Button>
          ) : (
            <Button component={Link} to="/app/home?wallet" leftSection={<IconWallet size={16} />}>
              Back to the wallet
            </Button>
          )}
          <BackToAppButton variant="default" />
        </>
      }
    />
  );
}
