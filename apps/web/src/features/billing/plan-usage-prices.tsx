import { Card, Stack, Table, Text } from '@mantine/core';
import type { UsageReport } from '@switchboard/contract';
import { describeNextTier, usageKeyLabel } from './next-tier';
import { formatQuantity, useCurrentPlan } from './use-billing';

/**
 * The period's usage against the plan: per usage key the plan prices, what was used, what was included, and what
 * the next units cost at its tiers. Nothing when the account has no plan.
 */
export function PlanUsagePrices({ usage }: { usage: UsageReport }) {
  const current = useCurrentPlan();
  const plan = current.data?.plan;
  if (!plan) return null;
  const rows = Object.entries(plan.productItems)
    .filter(([key]) => (usage.usageKeys[key] ?? 0) > 0)
    .map(([key, item]) => {
      const used = usage.usageKeys[key] ?? 0;
      return { key, item, used, next: describeNextTier(item, used) };
    });
  return (
    <Card withBorder padding="md" data-testid="plan-usage-prices">
      <Stack gap="xs">
        <Text fw={600}>On your plan: {plan.name}</Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing your plan prices by use has been used this period.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Usage</Table.Th>
                  <Table.Th ta="right">Used</Table.Th>
                  <Table.Th>Next</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ key, item, used, next }) => (
                  <Table.Tr key={key} data-testid={`plan-usage-${key}`}>
                    <Table.Td>{usageKeyLabel(key)}</Table.Td>
                    <Table.Td ta="right">
                      {formatQuantity(used)}
                      {item.included ? ` of ${formatQuantity(item.included)} included` : ''}
                    </Table.Td>
                    <Table.Td>{next ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
