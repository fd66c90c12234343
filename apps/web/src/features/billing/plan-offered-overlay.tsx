import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useApiQuery } from '../../lib/use-api';
import { planPrice, useBillingTarget } from './use-billing';
import { useSubscribe } from './use-subscribe';

/** planOffered: the private plan the organization's provider offers it, and taking it. */
export function PlanOfferedOverlay() {
  const offered = useApiQuery(billingEndpoints.offeredPlan, useBillingTarget(), { retry: false });
  const subscribe = useSubscribe();
  if (offered.isPending) return <Loader size="sm" />;
  if (offered.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {offered.error.message}
      </Alert>
    );
  }
  const plan = offered.data.plan;
  if (!plan) return <Text size="sm">Your provider has no plan on offer for you right now.</Text>;
  return (
    <Stack gap="sm">
      <Title order={3} fz="h4">
        {plan.name}
      </Title>
      <Text size="sm">{plan.description}</Text>
      <Text fw={600}>{planPrice(plan, 'month')}</Text>
      <List size="sm" spacing={2}>
        {plan.features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button
          loading={subscribe.pendingPlanId === plan.id}
          onClick={() => subscribe.start(plan.id, 'month')}
        >
          Accept the offer
        </Button>
      </Group>
    </Stack>
  );
}
