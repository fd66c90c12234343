import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { endpoints, type MetricValue } from '@switchboard/contract';
import { IconAlertTriangle, IconLayoutDashboard, IconPencil, IconPlus } from '@tabler/icons-react';
import { useOverlayLink } from '../../app/shell/overlay-link';
import type { SectionProps } from '../../app/shell/section-registry';
import { useApiQuery } from '../../lib/use-api';
import { formatMetric } from './metric-format';

const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function MetricCard({ metric, onEdit }: { metric: MetricValue; onEdit: () => void }) {
  const format = (value: number) => formatMetric(value, metric.format, metric.precision);
  const days = Math.round((metric.end - metric.start) / 86_400);
  return (
    <Card withBorder padding="md" radius="md" data-metric={metric.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed" fw={500} truncate>
            {metric.title}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid="metric-value">
            {formatMetric(metric.value, metric.format, metric.precision)}
          </Text>
          <Text size="xs" c="dimmed">
            Last {days} {days === 1 ? 'day' : 'days'}
          </Text>
        </Stack>
        <Tooltip label={`Edit ${metric.title}`}>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            onClick={onEdit}
            aria-label={`Edit ${metric.title}`}
          >
            <IconPencil size={14} />
          </Button>
        </Tooltip>
      </Group>
      {metric.error ? (
        <Alert mt="sm" color="orange" icon={<IconAlertTriangle size={16} />} p="xs">
          <Text size="xs">{metric.error}</Text>
        </Alert>
      ) : (
        <AreaChart
          mt="sm"
          h={72}
          data={(metric.series ?? []).map((point) => ({ date: point.date, value: point.value ?? 0 }))}
          dataKey="date"
          series={[{ name: 'value', label: metric.title, color: 'brand.6' }]}
          curveType="monotone"
          withXAxis={false}
          withYAxis={false}
          gridAxis="none"
          withDots={false}
          fillOpacity={0.25}
          strokeWidth={1.5}
          valueFormatter={format}
        />
      )}
    </Card>
  );
}

/** The dashboard: one card per metric with its value over its window and a daily trend. */
export function DashboardScreen({ account }: SectionProps) {
  const open = useOverlayLink();
  const values = useApiQuery(endpoints.metricValues, {
    query: { series: true, timezone },
    targetAccountId: account.id,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            How {account.displayName}&apos;s agents are doing.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconLayoutDashboard size={16} />}
            onClick={() => open('editDashboard')}
          >
            Edit dashboard
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open('editMetric', 'new')}>
            Add metric
          </Button>
        </Group>
      </Group>
      {values.isError && <Alert color="red">{values.error.message}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {values.isPending
          ? Array.from({ length: 6 }, (_, index) => <Skeleton key={index} h={150} radius="md" />)
          : (values.data?.metrics ?? []).map((metric) => (
              <MetricCard key={metric.name} metric={metric} onEdit={() => open('editMetric', metric.name)} />
            ))}
      </SimpleGrid>
    </Stack>
  );
}
