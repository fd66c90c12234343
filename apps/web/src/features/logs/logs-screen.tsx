import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconColumns3, IconDownload, IconFileExport, IconFilter } from '@tabler/icons-react';
import { notify } from '../../app/notify';
import { useOverlayLink } from '../../app/shell/overlay-link';
import type { SectionProps } from '../../app/shell/section-registry';
import { downloadLogs, type LogRow } from './log-api';
import { formatCell, labelOf } from './log-cells';
import { dateLabel, datePresets } from './log-url-state';
import { logPageSize, useLogRequest, useLogsPage, useLogViewState } from './use-log-view';

/** The call log: filters, columns and the date window live in the URL; rows page on the server. */
export function LogsScreen({ account }: SectionProps) {
  const state = useLogViewState();
  const request = useLogRequest(account.id);
  const page = useLogsPage(request);
  const open = useOverlayLink();
  const answer = page.data;
  const filterCount = Object.keys(state.filters).length;

  const download = async (format: 'csv' | 'json') => {
    const ok = await downloadLogs({ ...request, page: undefined, pageSize: undefined }, format);
    if (!ok) notify(`The ${format.toUpperCase()} download did not work; try again.`, { tone: 'error' });
  };

  const openRow = (row: LogRow) => {
    if (typeof row.roomId === 'string' && typeof row.uuid === 'string')
      open('callTranscript', `${row.roomId}|${row.uuid}`);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            Call logs
          </Title>
          <Text c="dimmed" size="sm">
            Every call and conversation of {account.displayName}, newest first.
          </Text>
        </Stack>
        <Group gap="xs">
          <Select
            aria-label="Date range"
            data={datePresets.map((value) => ({ value, label: dateLabel(value) }))}
            value={state.dateFilter}
            onChange={(value) => value && state.setDateFilter(value)}
            allowDeselect={false}
            w={160}
          />
          <Button
            variant="default"
            leftSection={<IconFilter size={16} />}
            rightSection={
              filterCount > 0 ? (
                <Badge size="sm" circle>
                  {filterCount}
                </Badge>
              ) : null
            }
            onClick={() => open('logFilterBuilder')}
          >
            Filter
          </Button>
          <Button
            variant="default"
            leftSection={<IconColumns3 size={16} />}
            onClick={() => open('editConvoColumns')}
          >
            Columns
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconDownload size={16} />}>Download</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void download('csv')}>CSV</Menu.Item>
              <Menu.Item onClick={() => void download('json')}>JSON</Menu.Item>
              <Menu.Divider />
              <Menu.Item leftSection={<IconFileExport size={14} />} onClick={() => open('reporting')}>
                Reports…
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {answer && !answer.success && (
        <Alert color="red" title="Failed to fetch logs">
          Check your connection and try again.
        </Alert>
      )}

      <Card withBorder padding={0}>
        <ScrollArea viewportProps={{ tabIndex: 0, 'aria-label': 'Call logs, scrolls sideways' }}>
          <Table highlightOnHover striped verticalSpacing="xs" miw={800} aria-label="Call logs">
            <Table.Thead>
              <Table.Tr>
                {(answer?.success ? answer.fields : []).map((field) => (
                  <Table.Th key={field}>{labelOf(field)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer?.success &&
                answer.logs.map((row, index) => (
                  <Table.Tr
                    key={typeof row.uuid === 'string' ? row.uuid : index}
                    onClick={() => openRow(row)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && row.roomId) openRow(row);
                    }}
                    tabIndex={row.roomId ? 0 : undefined}
                    style={{ cursor: row.roomId ? 'pointer' : undefined }}
                  >
                    {answer.fields.map((field) => (
                      <Table.Td key={field}>
                        <Text size="sm" truncate maw={260}>
                          {formatCell(field, row[field])}
                        </Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {answer?.success && answer.logs.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            No calls in this window{filterCount > 0 ? ' match these filters' : ''}.
          </Text>
        )}
        {page.isPending && (
          <Text c="dimmed" ta="center" py="xl">
            Loading calls…
          </Text>
        )}
      </Card>

      {answer?.success && answer.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {answer.total.toLocaleString()} {answer.total === 1 ? 'call' : 'calls'}
          </Text>
          <Pagination
            total={Math.max(1, Math.ceil(answer.total / logPageSize))}
            value={state.page}
            onChange={state.setPage}
            size="sm"
            aria-label="Pages of call logs"
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                previous: 'Previous page',
                next: 'Next page',
                last: 'Last page',
              }[control],
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
