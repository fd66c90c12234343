import { Alert, Button, Group, Text } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
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
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Subscription unpaid"
      mb="md"
      role="alert"
      data-testid="unpaid-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          The renewal could not be charged. Your agents take no new calls or messages until the invoice is
          paid.
        </Text>
        <Button size="xs" color="red" loading={portal.isPending} onClick={portal.open}>
          Pay now
        </Button>
      </Group>
    </Alert>
  );
}
