import { IconCircleCheck } from '@tabler/icons-react';
import { BackToAppButton, StatusPage } from '../../app/status-page';

/** Where the payment provider sends the buyer after a successful checkout. */
export function PaymentSuccessPage() {
  return (
    <StatusPage
      icon={IconCircleCheck}
      color="teal"
      title="Payment received"
      description="Thank you. Your balance will update shortly."
      actions={<BackToAppButton />}
    />
  );
}
