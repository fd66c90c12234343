import { Alert, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartBar,
  IconCreditCard,
  IconFlask,
  IconSquareCheck,
  IconX,
} from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { describeStatus, formatDate, planPrice, useCurrentPlan } from './use-billing';
import { usePortalLink } from './use-portal-link';

/** billing: the organization's plan, its status and dates, and the way to change, cancel or pay for it. */
export function BillingOverlay() {
  const current = useCurrentPlan();
  const { open } = useOverlay();
  const portal = usePortalLink();
  if (current.isPending) return <Loader size="sm" />;
  if (current.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {current.error.message}
      </Alert>
    );
  }
  const { plan, billing, sandbox } = current.data;
  const status = describeStatus(billing);
  const serving = billing.subscribed && !billing.unpaid;
  return (
    <Stack gap="lg">
      {sandbox && (
        <Alert variant="light" color="grape" icon={<IconFlask size={18} />} title="Sandbox billing">
          Payments go to the offline sandbox card processor: no real card is charged.
        </Alert>
      )}
      {billing.unpaid && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Payment failed">
          The renewal could not be charged after several tries. Your agents take no new conversations until
          the open invoice is paid in the billing portal.
        </Alert>
      )}
      <Card withBorder padding="lg" data-testid="current-plan">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text size="sm" c="dimmed">
                Current plan
              </Text>
              <Title order={2} fz="h3">
                {plan?.name ?? 'No plan'}
              </Title>
              {plan && billing.term && <Text size="sm">{planPrice(plan, billing.term)}</Text>}
            </Stack>
            <Badge color={status.color} variant="light" data-testid="plan-status">
              {status.label}
            </Badge>
          </Group>
          {billing.subscribed && (
            <Text size="sm" c="dimmed">
              {billing.cancelAtPeriodEnd
                ? `Ends on ${formatDate(billing.currentPeriodEnd)}; nothing more will be charged.`
                : `Renews on ${formatDate(billing.currentPeriodEnd)}. Subscribed since ${formatDate(billing.createdDate)}.`}
            </Text>
          )}
          {billing.status === 'canceled' && (
            <Text size="sm" c="dimmed">
              Canceled on {formatDate(billing.canceledDate)}.
            </Text>
          )}
          {plan && plan.features.length > 0 && (
            <List size="sm" spacing={2}>
              {plan.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Card>
      <Group gap="sm">
        {!billing.subscribed && (
          <Button leftSection={<IconSquareCheck size={16} />} onClick={() => open('selectPlan')}>
            Choose a plan
          </Button>
        )}
        {billing.customerId && (
          <Button
            variant={billing.unpaid ? 'filled' : 'default'}
            color={billing.unpaid ? 'red' : undefined}
            leftSection={<IconCreditCard size={16} />}
            loading={portal.isPending}
            onClick={portal.open}
          >
            {billing.unpaid ? 'Pay the open invoice' : 'Payment method and invoices'}
          </Button>
        )}
        <Button variant="default" leftSection={<IconChartBar size={16} />} onClick={() => open('usage')}>
          Usage and costs
        </Button>
        {serving && !billing.cancelAtPeriodEnd && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => open('subscription')}
          >
            Cancel plan
          </Button>
        )}
      </Group>
    </Stack>
  );
}
