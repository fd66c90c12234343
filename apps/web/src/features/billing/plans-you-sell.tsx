import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { billingEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconPencil, IconPlus } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useApiQuery } from '../../lib/use-api';
import { planPrice } from './use-billing';

/** A partner's or reseller's own plans on its home, each with the way to edit it (editPlan), and a new one. */
export function PlansYouSell({ accountId }: { accountId: number | null }) {
  const { open } = useOverlay();
  const catalogue = useApiQuery(
    billingEndpoints.productCatalog,
    accountId === null ? {} : { targetAccountId: accountId },
    { retry: false },
  );
  const own = (catalogue.data?.plans ?? []).filter((plan) => plan.ownerAccountId === accountId);
  return (
    <Stack gap="sm" data-testid="plans-you-sell">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          Plans you sell
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => open('editPlan', 'new')}
        >
          New plan
        </Button>
      </Group>
      {catalogue.isPending && <Loader size="sm" />}
      {catalogue.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {catalogue.error.message}
        </Alert>
      )}
      {catalogue.data && own.length === 0 && (
        <Text size="sm" c="dimmed">
          You sell no plans of your own yet.
        </Text>
      )}
      {own.map((plan) => (
        <Card key={plan.id} withBorder padding="sm" data-testid={`sold-plan-${plan.id}`}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} truncate>
                  {plan.name}
                </Text>
                {plan.visibility === 'private' && (
                  <Badge variant="light" color="grape" size="sm">
                    Private
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {planPrice(plan, 'month')} · {planPrice(plan, 'year')}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => open('editPlan', plan.id)}
              aria-label={`Edit ${plan.name}`}
              style={{ flexShrink: 0 }}
            >
              Edit
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
