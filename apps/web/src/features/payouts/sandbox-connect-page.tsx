import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { payoutsEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { useApiMutation } from '../../lib/use-api';

/**
 * `/app/dev/connect/:connectedAccountId`: the sandbox stand-in of Stripe's Express onboarding. Finishing makes the
 * sandbox account able to receive payouts and returns to the success page; leaving returns to the failure page
 * with the account unfinished, as Stripe does.
 */
export function SandboxConnectPage() {
  const { connectedAccountId = '' } = useParams();
  const finish = useApiMutation(payoutsEndpoints.sandboxConnectOnboarding, {
    showsError: true,
    onSuccess: (answer) => window.location.assign(answer.redirectUrl),
  });
  const answer = (outcome: 'complete' | 'leave') =>
    finish.mutate({ params: { connectedAccountId }, body: { outcome } });
  return (
    <CenteredPage>
      <Stack gap="md" w="100%" maw={440}>
        <Alert variant="light" color="grape" icon={<IconFlask size={18} />} title="Sandbox Stripe onboarding">
          No real Stripe account is made and no details are asked for. Finish to connect the sandbox account,
          or leave to see what happens when onboarding is not completed.
        </Alert>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={1} fz="h4">
              Set up payouts
            </Title>
            <Text size="sm" c="dimmed">
              Stripe would ask for these before it pays out to{' '}
              <Text span ff="monospace" size="sm">
                {connectedAccountId}
              </Text>
              :
            </Text>
            <List size="sm">
              <List.Item>a bank account or debit card to pay out to</List.Item>
              <List.Item>an identity document</List.Item>
            </List>
            {finish.error && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {finish.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={() => answer('leave')} disabled={finish.isPending}>
                Leave unfinished
              </Button>
              <Button onClick={() => answer('complete')} loading={finish.isPending}>
                Finish onboarding
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </CenteredPage>
  );
}
