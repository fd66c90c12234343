import { Button, Group, Loader } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BackToAppButton, StatusPage } from '../../app/status-page';
import { useApiQuery } from '../../lib/use-api';
import { SubscriptionStarted } from './subscription-started';

const formatUsd = (usd: string) => `$${Number(usd).toFixed(2)}`;

/**
 * Where the payment provider sends the buyer after a successful checkout (`?session_id=`). The wallet is credited
 * by the provider's webhook, not by this visit, so the page watches the checkout until the credit shows. A plan's
 * checkout (`?subscription=1`) says the subscription has started once the provider reports the checkout complete.
 */
export function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  const known = /^cs_[A-Za-z0-9_]+$/.test(sessionId);
  const subscription = search.get('subscription') === '1';
  const checkout = useApiQuery(
    walletEndpoints.checkoutSession,
    { query: { sessionId } },
    {
      enabled: known && !subscription,
      retry: false,
      refetchInterval: (query) => (query.state.data?.session.credited ? false : 1500),
    },
  );
  const session = checkout.data?.session;
  if (subscription) return <SubscriptionStarted sessionId={sessionId} />;
  if (known && session?.credited) {
    return (
      <StatusPage
        icon={IconCircleCheck}
        color="teal"
        title="Payment received"
        description={`Thank you. ${formatUsd(session.amountUsd)} has been added to the wallet.`}
        actions={
          <Group>
            <Button component={Link} to="/app/home?wallet">
              Open wallet
            </Button>
          </Group>
        }
      />
    );
  }
  if (known && !checkout.error) {
    return (
      <StatusPage
        icon={IconClockHour4}
        title="Confirming your payment"
        description={
          <>
            <Loader size="xs" mr={6} />
            The card payment went through; the wallet shows it as soon as the payment provider confirms it.
          </>
        }
        actions={<BackToAppButton variant="default" />}
      />
    );
  }
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
