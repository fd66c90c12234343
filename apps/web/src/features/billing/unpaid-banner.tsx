import { Button } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AccountBanner } from '../../app/account-banner';
import { useApiQuery } from '../../lib/use-api';
import { usePortalLink } from './use-portal-link';

/**
 * Above an organization's or agent's screens while its subscription is unpaid: why its agents take no new
 * conversations, and the way to pay.
 */
export function UnpaidBanner({ accountId }: { accountId: number }) {
  const current = useApiQuery(
    billingEndpoints.currentPlan,
    { targetAccountId: accountId },
    { retry: false, refetchInterval: 60_000 },
  );
  const portal = usePortalLink();
  if (!current.data?.billing.unpaid) return null;
  return (
    <AccountBanner
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title="Subscription unpaid"
      testId="unpaid-banner"
      action={
        <Button size="xs" color="red" loading={portal.isPending} onClick={portal.open}>
          Pay now
        </Button>
      }
    >
      The renewal could not be charged. Your agents take no new calls or messages until the invoice is paid.
    </AccountBanner>
  );
}
