import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { endpoints, type WebhookDeliveryView } from '@switchboard/contract';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { epochLabel, targetOf, type Target } from './developer-format';

const statusColor = { succeeded: 'teal', pending: 'yellow', failed: 'red' } as const;

function DeliveryRow({ delivery, target }: { delivery: WebhookDeliveryView; target: Target }) {
  const replay = useApiMutation(endpoints.replayWebhookDelivery, {
    invalidates: [endpoints.listWebhookDeliveries, endpoints.listWebhooks],
  });
  const last = delivery.lastStatusCode ?? delivery.lastError ?? '—';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="delivery-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Badge size="sm" color={statusColor[delivery.status]} variant="light">
                {delivery.status}
              </Badge>
              <Text size="sm" fw={500} truncate>
                {delivery.eventType}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {epochLabel(delivery.createdAt)} · {delivery.eventId}
              {delivery.replayOf ? ` · resend of #${delivery.replayOf}` : ''}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            loading={replay.isPending}
            onClick={() =>
              replay.mutate(
                { ...target, params: { deliveryId: delivery.id } },
                { onSuccess: (body) => notify(body.message, { tone: 'success' }) },
              )
            }
          >
            Resend
          </Button>
        </Group>
        <Text size="xs">
          Response {String(last)} · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
          {delivery.nextAttemptAt ? ` · next try ${epochLabel(delivery.nextAttemptAt)}` : ''}
        </Text>
        {delivery.attemptLog.length > 1 && (
          <Table fz="xs" withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {delivery.attemptLog.map((attempt) => (
                <Table.Tr key={attempt.attempt}>
                  <Table.Td>#{attempt.attempt}</Table.Td>
                  <Table.Td>{epochLabel(attempt.at)}</Table.Td>
                  <Table.Td>{attempt.statusCode ?? attempt.error ?? '—'}</Table.Td>
                  <Table.Td>{attempt.durationMs} ms</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** webhookDeliveries=<id>: an endpoint's deliveries, newest first, with each attempt and a resend. */
export function WebhookDeliveriesOverlay({ value }: OverlayProps) {
  const { accountId } = usePathAccount();
  const target = targetOf(accountId);
  const webhookId = Number(value);
  const valid = Number.isInteger(webhookId) && webhookId > 0;
  const deliveries = useApiQuery(
    endpoints.listWebhookDeliveries,
    { ...target, params: { webhookId }, query: { limit: 50 } },
    { enabled: valid, refetchInterval: 5000 },
  );
  if (!valid) {
    return (
      <Alert color="red" variant="light" role="alert">
        No webhook is named here.
      </Alert>
    );
  }
  if (deliveries.isPending) return <Loader size="sm" />;
  if (deliveries.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {deliveries.error.message}
      </Alert>
    );
  }
  if (deliveries.data.deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet: they appear here as events happen.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {deliveries.data.deliveries.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} target={target} />
      ))}
    </Stack>
  );
}
