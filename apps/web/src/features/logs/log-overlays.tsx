import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { endpoints, logFilterOperators } from '@switchboard/contract';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { downloadConversations, downloadLogs } from './log-api';
import { filtersToRows, rowsToFilters, type FilterRow } from './log-url-state';
import { durationLabel, formatCell, labelOf } from './log-cells';
import { useLogRequest, useLogsPage, useLogViewState } from './use-log-view';
import { ExternalAnchor } from '../../app/external-anchor';

const operatorLabels: Record<string, string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  gt: 'greater than',
  lt: 'less than',
  gte: 'at least',
  lte: 'at most',
  in: 'is one of',
};

function useSchema() {
  const { accountId } = usePathAccount();
  const request = useLogRequest(accountId);
  const page = useLogsPage(request);
  const answer = page.data;
  return {
    schema: answer?.success ? (answer.schema ?? []) : [],
    shown: answer?.success ? answer.fields : [],
    loading: page.isPending,
  };
}

/** logFilterBuilder: conditions on fields and collected data; applying writes them to the URL. */
export function LogFilterBuilderOverlay(_props: OverlayProps) {
  const state = useLogViewState();
  const { schema } = useSchema();
  const [rows, setRows] = useState<FilterRow[]>(() => {
    const current = filtersToRows(state.filters);
    return current.length > 0 ? current : [{ field: 'direction', operator: 'eq', value: '' }];
  });
  const fieldOptions = schema.map((field) => ({ value: field.name, label: labelOf(field.name) }));
  const change = (index: number, patch: Partial<FilterRow>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Calls must match every condition. “Is one of” takes values separated by commas.
      </Text>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <Select
            label={index === 0 ? 'Field' : undefined}
            aria-label="Field"
            data={fieldOptions.length > 0 ? fieldOptions : [{ value: row.field, label: labelOf(row.field) }]}
            value={row.field}
            onChange={(value) => change(index, { field: value ?? '' })}
            searchable
            w={170}
          />
          <Select
            label={index === 0 ? 'Condition' : undefined}
            aria-label="Condition"
            data={logFilterOperators.map((value) => ({ value, label: operatorLabels[value] ?? value }))}
            value={row.operator}
            onChange={(value) => change(index, { operator: value ?? 'eq' })}
            allowDeselect={false}
            w={140}
          />
          <TextInput
            label={index === 0 ? 'Value' : undefined}
            aria-label="Value"
            value={row.value}
            onChange={(event) => change(index, { value: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Tooltip label="Remove condition">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => setRows((current) => [...current, { field: 'duration', operator: 'gt', value: '' }])}
        >
          Add condition
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              state.setFilters({}, 'logFilterBuilder');
            }}
          >
            Clear all
          </Button>
          <Button
            onClick={() => {
              state.setFilters(rowsToFilters(rows), 'logFilterBuilder');
            }}
          >
            Apply filters
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** editConvoColumns: which fields the table shows, in which order. */
export function EditConvoColumnsOverlay(_props: OverlayProps) {
  const state = useLogViewState();
  const { schema, shown, loading } = useSchema();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const current = chosen ?? shown;
  if (loading) return <Loader size="sm" />;
  const others = schema.map((field) => field.name).filter((name) => !current.includes(name));
  const move = (index: number, by: number) => {
    const next = [...current];
    const [item] = next.splice(index, 1);
    if (item !== undefined) next.splice(index + by, 0, item);
    setChosen(next);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Shown columns, in order. Fields your agents collect appear at the end of the list.
      </Text>
      {current.map((name, index) => (
        <Group key={name} justify="space-between" wrap="nowrap">
          <Checkbox
            label={labelOf(name)}
            checked
            onChange={() => setChosen(current.filter((field) => field !== name))}
          />
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${labelOf(name)} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${labelOf(name)} down`}
              disabled={index === current.length - 1}
              onClick={() => move(index, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      {others.length > 0 && <Divider label="More fields" labelPosition="left" />}
      {others.map((name) => (
        <Checkbox
          key={name}
          label={labelOf(name)}
          checked={false}
          onChange={() => setChosen([...current, name])}
        />
      ))}
      <Group justify="flex-end" mt="sm">
        <Button
          variant="default"
          onClick={() => {
            state.setFields([], 'editConvoColumns');
          }}
        >
          Default columns
        </Button>
        <Button
          onClick={() => {
            state.setFields(current, 'editConvoColumns');
          }}
          disabled={current.length === 0}
        >
          Show these columns
        </Button>
      </Group>
    </Stack>
  );
}

/** reporting: downloads of the current view and the per-conversation export. */
export function ReportingOverlay() {
  const { accountId } = usePathAccount();
  const request = { ...useLogRequest(accountId), page: undefined, pageSize: undefined };
  const run = async (job: () => Promise<boolean>) => {
    if (!(await job())) notify('The download did not work; try again.', { tone: 'error' });
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Text fw={500}>Call log</Text>
        <Text size="sm" c="dimmed" mb="sm">
          Every call in the current window that matches your filters, with the columns you chose.
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => void run(() => downloadLogs(request, 'csv'))}>
            CSV
          </Button>
          <Button variant="default" onClick={() => void run(() => downloadLogs(request, 'json'))}>
            JSON
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Text fw={500}>Conversations with collected data and usage</Text>
        <Text size="sm" c="dimmed" mb="sm">
          One row per conversation: every field, each item your agents collected, and the voice seconds,
          tokens and messages it used.
        </Text>
        <Button variant="default" onClick={() => void run(() => downloadConversations(request))}>
          CSV
        </Button>
      </Paper>
    </Stack>
  );
}

/** callTranscript=roomId|uuid: the call's facts and what was said. */
export function CallTranscriptOverlay({ value }: OverlayProps) {
  const { accountId } = usePathAccount();
  const bar = value?.lastIndexOf('|') ?? -1;
  const roomId = value && bar > 0 ? value.slice(0, bar) : '';
  const uuid = value && bar > 0 ? value.slice(bar + 1) : '';
  const record = useApiQuery(
    endpoints.conversationRecord,
    { params: { roomId, uuid }, ...(accountId === null ? {} : { targetAccountId: accountId }) },
    { enabled: roomId !== '' && uuid !== '' },
  );
  if (roomId === '' || uuid === '') return <Text c="dimmed">This call has no conversation to show.</Text>;
  if (record.isPending) return <Loader size="sm" />;
  if (record.isError) {
    console.error('Failed to fetch conversation');
    return <Text c="red">Failed to fetch convo</Text>;
  }
  const [item] = record.data;
  if (!item) return <Text c="red">Failed to fetch convo</Text>;
  const log = item.log;
  return (
    <Stack gap="md">
      {log && (
        <Paper withBorder p="md">
          <Group gap="xs" mb="xs">
            <Badge variant="light">{log.direction}</Badge>
            <Badge variant="light" color="gray">
              {durationLabel(log.duration)}
            </Badge>
            {log.appointmentBooked && <Badge color="teal">Appointment booked</Badge>}
            {log.transfer && <Badge color="orange">Transferred to {log.transfer}</Badge>}
          </Group>
          {[log.fromNumber, log.toNumber, log.cnam].some(Boolean) && (
            <Text size="sm">
              {formatCell('fromNumber', log.fromNumber)} → {formatCell('toNumber', log.toNumber)}
              {log.cnam ? ` · ${log.cnam}` : ''}
            </Text>
          )}
          {Object.keys(log.collectedData).length > 0 && (
            <Stack gap={2} mt="sm">
              <Text size="xs" c="dimmed" fw={500}>
                Collected
              </Text>
              {Object.entries(log.collectedData).map(([key, data]) => (
                <Text key={key} size="sm">
                  <Text span c="dimmed">
                    {key}:{' '}
                  </Text>
                  {formatCell(key, data)}
                </Text>
              ))}
            </Stack>
          )}
        </Paper>
      )}
      {log && log.sources.length > 0 && (
        <Paper withBorder p="md" aria-label="Sources">
          <Text size="xs" c="dimmed" fw={500} mb={4}>
            Answered from
          </Text>
          <Stack gap={2}>
            {log.sources.map((source) => (
              <ExternalAnchor key={source.url} href={source.url} size="sm">
                {source.title}
              </ExternalAnchor>
            ))}
          </Stack>
        </Paper>
      )}
      {item.conversation.length === 0 && (
        <Text c="dimmed">No transcript was kept for this conversation.</Text>
      )}
      {item.conversation.map((message) => (
        <Group key={message.id} justify={message.author === 'contact' ? 'flex-start' : 'flex-end'}>
          <Paper
            p="sm"
            radius="md"
            maw="80%"
            bg={
              message.author === 'contact'
                ? 'var(--mantine-color-default-hover)'
                : 'var(--mantine-primary-color-light)'
            }
          >
            <Text size="xs" c="dimmed">
              {message.author === 'contact' ? 'Caller' : message.author === 'agent' ? 'Agent' : 'Person'} ·{' '}
              {new Date(message.timestamp * 1000).toLocaleTimeString()}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.message}
            </Text>
          </Paper>
        </Group>
      ))}
    </Stack>
  );
}
