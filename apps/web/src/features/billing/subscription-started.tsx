import { Button, Loader } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackToAppButton, StatusPage } from '../../app/status-page';
import { useApiQuery } from '../../lib/use-api';

/** After a plan's checkout: waits for the provider to report it complete, then leads to the plan. */
export function SubscriptionStarted({ sessionId }: { sessionId: string }) {
  const known = /^cs_[A-Za-z0-9_]+$/.test(sessionId);
  const checkout = useApiQuery(
    walletEndpoints.checkoutSession,
    { query: { sessionId } },
    {
      enabled: known,
      retry: false,
      refetchInterval: (query) => (query.state.data?.session.status === 'complete' ? false : 1500),
    },
  );
  if (!known || checkout.error || checkout.data?.session.status === 'complete') {
    return (
      <StatusPage
        icon={IconCircleCheck}
        color="teal"
        title="Subscription started"
        description="Thank you. Your plan is active, and Premium is on for your agents."
        actions={
          <Button component={Link} to="/app/home?billing">
            See your plan
          </Button>
        }
      />
    );
  }
  return (
    <StatusPage
      icon={IconClockHour4}
      title="Confirming your subscription"
      description={
        <>
          <Loader size="xs" mr={6} />
          The card payment went through; your plan starts as soon as the payment provider confirms it.
        </>
      }
      actions={<BackToAppButton variant="default" />}
    />
  );
}
