import { Alert, Badge, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { billingEndpoints, type ProductPlanView } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useApiQuery } from '../../lib/use-api';
import { formatQuantity, formatUnitPrice, planPrice, useBillingTarget } from './use-billing';

type Item = ProductPlanView['productItems'][string];

const itemNames: Record<string, string> = {
  voice: 'Voice',
  message: 'Messages',
  tokens: 'Model tokens',
  cachedTokens: 'Cached tokens',
  speechtotext: 'Speech to text',
  texttospeech: 'Text to speech',
};

/** "Phone call, inbound" for `pstn-inbound-voice`; the key itself when it is not a known shape. */
function itemLabel(key: string): string {
  const parts = key.split('-');
  const base = parts.at(-1) ?? key;
  const network = { pstn: 'Phone', sip: 'SIP', client: 'Browser or app', sms: 'SMS', mms: 'MMS' }[
    parts[0] ?? ''
  ];
  if (parts.length === 3 && network)
    return `${network} ${itemNames[base]?.toLowerCase() ?? base}, ${parts[1]}`;
  if (key === 'agents') return 'Agents';
  if (key === 'us-number') return 'Phone number';
  if (key === 'byo-number') return 'Your own number';
  return `${itemNames[base] ?? base} (${parts.slice(0, -1).join(' ')})`;
}

function tierText(tier: Item['pricing'][number], unit: string): string {
  const range =
    tier.quantityMax === null
      ? `${formatQuantity(tier.quantityMin)}+`
      : `${formatQuantity(tier.quantityMin)}–${formatQuantity(tier.quantityMax)}`;
  return `${range} ${unit}s: ${formatUnitPrice(tier.price)} each`;
}

/** planDetails=<planId>: what a plan costs, what it includes and how each kind of usage is priced. */
export function PlanDetailsOverlay({ value }: OverlayProps) {
  const target = useBillingTarget();
  const plans = useApiQuery(billingEndpoints.allAvailablePlans, target, { retry: false });
  if (plans.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {plans.error.message}
      </Alert>
    );
  }
  if (plans.isPending) return <Loader size="sm" />;
  const plan = plans.data.plans.find((candidate) => candidate.id === value);
  if (!plan) return <Text size="sm">This plan is not on sale for this organization.</Text>;
  const items = Object.entries(plan.productItems).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} fz="h4">
          {plan.name}
        </Title>
        {plan.premium && <Badge variant="light">Premium</Badge>}
      </Group>
      <Text size="sm">{plan.description}</Text>
      <Text fw={600}>
        {planPrice(plan, 'month')} or {planPrice(plan, 'year')}
      </Text>
      <List size="sm" spacing={2}>
        {plan.features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Usage</Table.Th>
                <Table.Th>Price (USD)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map(([key, item]) => (
                <Table.Tr key={key}>
                  <Table.Td>{itemLabel(key)}</Table.Td>
                  <Table.Td>
                    {item.pricing.map((tier) => (
                      <Text key={tier.quantityMin} size="sm">
                        {item.pricing.length === 1
                          ? `${formatUnitPrice(tier.price)} per ${item.unit}`
                          : tierText(tier, item.unit)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
