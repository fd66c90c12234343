import { ActionIcon, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { endpoints, type MetricDefinition } from '@switchboard/contract';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useOverlayLink } from '../../app/shell/overlay-link';
import { ApiError } from '../../lib/api-error';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { MetricForm } from './metric-form';

function useMetrics() {
  const { accountId } = usePathAccount();
  const target = accountId === null ? {} : { targetAccountId: accountId };
  const list = useApiQuery(endpoints.listMetrics, target);
  const save = useApiMutation(endpoints.saveMetrics, {
    invalidates: [endpoints.listMetrics, endpoints.metricValues],
    showsError: true,
  });
  const saveAll = async (metrics: MetricDefinition[]) => {
    try {
      await save.mutateAsync({ ...target, body: { metrics } });
      return true;
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Could not save the dashboard', { tone: 'error' });
      return false;
    }
  };
  return { list, saveAll, saving: save.isPending, target };
}

const blank: MetricDefinition = {
  name: '',
  title: '',
  filters: {},
  formula: '',
  aggregation: 'sum',
  scale: 1,
  format: 'number',
  precision: 0,
  dateFilter: 'last 30 days',
};

/** editMetric=name (or new): the formula builder with field and function suggestions, live checks and a preview. */
export function EditMetricOverlay({ value, close }: OverlayProps) {
  const { list, saveAll, saving, target } = useMetrics();
  if (list.isPending) return <Loader size="sm" />;
  if (list.isError) return <Text c="red">{list.error.message}</Text>;
  const existing = list.data.metrics.find((metric) => metric.name === value);
  return (
    <MetricForm
      key={value ?? 'new'}
      initial={existing ?? blank}
      isNew={!existing}
      fields={list.data.fields.map((field) => field.name)}
      target={target}
      saving={saving}
      onSave={async (metric) => {
        const metrics = existing
          ? list.data.metrics.map((item) => (item.name === existing.name ? metric : item))
          : [...list.data.metrics, metric];
        if (await saveAll(metrics)) {
          notify(`${metric.title} saved`, { tone: 'success' });
          close();
        }
      }}
    />
  );
}

/** editDashboard: which metrics the dashboard shows and in what order. */
export function EditDashboardOverlay({ close }: OverlayProps) {
  const { list, saveAll, saving } = useMetrics();
  const open = useOverlayLink();
  const [order, setOrder] = useState<MetricDefinition[] | null>(null);
  if (list.isPending) return <Loader size="sm" />;
  if (list.isError) return <Text c="red">{list.error.message}</Text>;
  const metrics = order ?? list.data.metrics;
  const move = (index: number, by: number) => {
    const next = [...metrics];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setOrder(next);
  };
  const save = async (next: MetricDefinition[]) => {
    if (await saveAll(next)) {
      notify('Dashboard saved', { tone: 'success' });
      close();
    }
  };

  return (
    <Stack gap="xs">
      {metrics.map((metric, index) => (
        <Paper key={metric.name} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} truncate>
                {metric.title}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {metric.formula || metric.field}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${metric.title} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${metric.title} down`}
                disabled={index === metrics.length - 1}
                onClick={() => move(index, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit ${metric.title}`}
                onClick={() => open('editMetric', metric.name)}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${metric.title}`}
                onClick={() => setOrder(metrics.filter((item) => item.name !== metric.name))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      {metrics.length === 0 && <Text c="dimmed">No metrics: saving restores the default dashboard.</Text>}
      <Group justify="space-between" mt="sm">
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => open('editMetric', 'new')}
        >
          Add metric
        </Button>
        <Group gap="xs">
          {!list.data.isDefault && (
            <Button variant="default" onClick={() => void save([])} disabled={saving}>
              Restore defaults
            </Button>
          )}
          <Button onClick={() => void save(metrics)} loading={saving}>
            Save dashboard
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
