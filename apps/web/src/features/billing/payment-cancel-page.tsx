import { IconCreditCardOff } from '@tabler/icons-react';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/** Where the payment provider sends the buyer after abandoning checkout. */
export function PaymentCancelPage() {
  return (
    <StatusPage
      icon={IconCreditCardOff}
      color="gray"
      title="Payment cancelled"
      description="No charge was made. You can add funds from your wallet whenever you are ready."
      actions={<BackToAppButton />}
    />
  );
}
