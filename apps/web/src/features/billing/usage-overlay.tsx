import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { usageCounters, usageEndpoints, type UsageCounter, type UsageReport } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../lib/use-api';
import { PlanUsagePrices } from './plan-usage-prices';
import { formatDate, formatQuantity, useBillingTarget } from './use-billing';

/** What each counter counts, as a person reads it, and its colour in the charts. */
const counterInfo: Record<UsageCounter, { label: string; unit: string; color: string }> = {
  voice: { label: 'Voice', unit: 'minute', color: 'brand.6' },
  advancedVoice: { label: 'Advanced voice', unit: 'minute', color: 'violet.5' },
  tokens: { label: 'Model tokens', unit: 'token', color: 'teal.5' },
  'outbound-message': { label: 'Messages sent', unit: 'message', color: 'orange.5' },
  'inbound-message': { label: 'Messages received', unit: 'message', color: 'yellow.5' },
  number: { label: 'Phone numbers', unit: 'number', color: 'gray.5' },
};

/** USD with cents; a fraction of a cent keeps up to four decimals; thousands compacted ($1.2k). */
const usd = (value: number) =>
  value >= 1000
    ? `$${formatQuantity(value)}`
    : new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: value > 0 && value < 1 ? 4 : 2,
      }).format(value);

const numberOf = (value: number | string | undefined) => Number(value ?? 0);

/** One figure of the period, large, with what it is. */
function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md" data-testid={`usage-figure-${label.toLowerCase().replaceAll(' ', '-')}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="h3" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function ByDayChart({ usage }: { usage: UsageReport }) {
  const used = usageCounters.filter((counter) => numberOf(usage.totals[`cost:${counter}`]) > 0);
  if (used.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No usage in this period yet.
      </Text>
    );
  }
  const data = Object.entries(usage.results).map(([date, bucket]) => ({
    date: date.slice(5),
    ...Object.fromEntries(
      used.map((counter) => [counterInfo[counter].label, numberOf(bucket[`cost:${counter}`])]),
    ),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="date"
      type="stacked"
      withLegend
      series={used.map((counter) => ({
        name: counterInfo[counter].label,
        color: counterInfo[counter].color,
      }))}
      valueFormatter={(value) => usd(value)}
      tickLine="none"
      gridAxis="y"
      data-testid="usage-by-day"
    />
  );
}

function ByKeyChart({ usage }: { usage: UsageReport }) {
  const data = usageCounters
    .map((counter) => ({ key: counterInfo[counter].label, Cost: numberOf(usage.totals[`cost:${counter}`]) }))
    .filter((row) => row.Cost > 0);
  if (data.length === 0) return null;
  return (
    <BarChart
      h={Math.max(120, data.length * 44)}
      data={data}
      dataKey="key"
      orientation="vertical"
      yAxisProps={{ width: 130 }}
      series={[{ name: 'Cost', color: 'brand.6' }]}
      valueFormatter={(value) => usd(value)}
      gridAxis="x"
      data-testid="usage-by-key"
    />
  );
}

/** usage: what the account used and spent in its billing period, by day and by kind, and where it is heading. */
export function UsageOverlay() {
  const [period, setPeriod] = useState<'current' | 'previous'>('current');
  const report = useApiQuery(usageEndpoints.usageStats, {
    ...useBillingTarget(),
    query: { billingPeriod: period },
  });
  if (report.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {report.error.message}
      </Alert>
    );
  }
  if (report.isPending) return <Loader size="sm" />;
  const { usage } = report.data;
  const { billingPeriod } = usage;
  const lastDay = new Date(new Date(usage.endDate).getTime() - 1).toISOString();
  const totalCost = usageCounters.reduce(
    (sum, counter) => sum + numberOf(usage.totals[`cost:${counter}`]),
    0,
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3} fz="h4">
            {formatDate(usage.startDate)} – {formatDate(lastDay)}
          </Title>
          <Text size="sm" c="dimmed">
            {billingPeriod.basis === 'subscription'
              ? 'Billing period of your plan'
              : 'Calendar month (no subscription period)'}
          </Text>
        </Stack>
        <SegmentedControl
          value={period}
          onChange={(value) => setPeriod(value === 'previous' ? 'previous' : 'current')}
          data={[
            { value: 'current', label: 'This period' },
            { value: 'previous', label: 'Last period' },
          ]}
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {period === 'current' ? (
          <>
            <Figure label="Cost so far" value={usd(numberOf(billingPeriod.costSoFarUsd))} />
            <Figure
              label="Projected"
              value={usd(numberOf(billingPeriod.projectedCostUsd))}
              hint={`by ${formatDate(billingPeriod.end)}`}
            />
          </>
        ) : (
          <Figure label="Cost" value={usd(totalCost)} />
        )}
        <Figure label="Voice" value={formatQuantity(usage.totals.voice as number)} hint="minutes" />
        <Figure
          label="Messages"
          value={formatQuantity(
            numberOf(usage.totals['outbound-message']) + numberOf(usage.totals['inbound-message']),
          )}
          hint="sent and received"
        />
      </SimpleGrid>
      {period === 'current' && <PlanUsagePrices usage={usage} />}
      <Stack gap="xs">
        <Text fw={600}>Cost by day</Text>
        <ByDayChart usage={usage} />
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>By kind of usage</Text>
        <ByKeyChart usage={usage} />
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" data-testid="usage-by-key-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Usage</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Cost (USD)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usageCounters.map((counter) => (
                <Table.Tr key={counter}>
                  <Table.Td>{counterInfo[counter].label}</Table.Td>
                  <Table.Td ta="right">
                    {formatQuantity(numberOf(usage.totals[counter]))} {counterInfo[counter].unit}
                    {numberOf(usage.totals[counter]) === 1 ? '' : 's'}
                  </Table.Td>
                  <Table.Td ta="right">{usd(numberOf(usage.totals[`cost:${counter}`]))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
