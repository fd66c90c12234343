import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { payoutsEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconBuildingBank } from '@tabler/icons-react';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { connectReturnUrls, describeRequirement } from './connect-urls';
import { usePayoutTarget } from './use-payouts';

/** The account's Stripe connected account: whether it can receive, what Stripe still needs, and a way to finish. */
export function StripeConnectState() {
  const target = usePayoutTarget();
  const state = useApiQuery(payoutsEndpoints.checkConnectedAccount, target);
  const connect = useApiMutation(payoutsEndpoints.connectStripeAccount, {
    showsError: true,
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  if (state.isPending) return <Loader size="sm" />;
  if (state.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {state.error.message}
      </Alert>
    );
  }
  const account = state.data;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <IconBuildingBank size={18} />
        <Text size="sm">Connected account</Text>
        <Badge variant="light" color={account.ok ? 'teal' : account.connected ? 'yellow' : 'gray'}>
          {account.ok ? 'Ready for payouts' : account.connected ? 'Onboarding unfinished' : 'Not connected'}
        </Badge>
      </Group>
      {!account.ok && (
        <Button
          size="xs"
          variant="light"
          loading={connect.isPending}
          onClick={() =>
            connect.mutate({
              ...target,
              body: connectReturnUrls(target.targetAccountId),
            })
          }
        >
          {account.connected ? 'Finish onboarding' : 'Connect with Stripe'}
        </Button>
      )}
      {account.currentlyDue.length > 0 && account.connected && (
        <Text size="xs" c="dimmed" w="100%">
          Stripe still needs: {account.currentlyDue.map(describeRequirement).join(', ')}
        </Text>
      )}
      {connect.error && (
        <Text size="xs" c="red" w="100%" role="alert">
          {connect.error.message}
        </Text>
      )}
    </Group>
  );
}
