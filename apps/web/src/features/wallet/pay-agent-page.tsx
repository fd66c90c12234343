import { Button, Code } from '@mantine/core';
import { webPages } from '@switchboard/contract';
import { IconCreditCardPay } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { StatusPage } from '../../app/status-page';

/** `/pay/:slug`: the public page for paying an agent's account. */
export function PayAgentPage() {
  const { slug = '' } = useParams();
  return (
    <StatusPage
      icon={IconCreditCardPay}
      title="Pay an agent"
      description={
        <>
          Payments to <Code>{slug}</Code> will be taken on this page. It is not open yet.
        </>
      }
      actions={
        <Button component={Link} to={webPages.app} variant="default">
          Go to Switchboard
        </Button>
      }
    />
  );
}
