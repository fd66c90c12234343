import { Button } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** Where the payment provider sends the buyer after a successful checkout. */
export function PaymentSuccessPage() {
  return (
    <StatusPage
      icon={IconCircleCheck}
      color="teal"
      title="Payment received"
      description="Thank you. Your balance will update shortly."
      actions={
        <Button component={Link} to={webPages.app}>
          Back to Switchboard
        </Button>
      }
    />
  );
}
