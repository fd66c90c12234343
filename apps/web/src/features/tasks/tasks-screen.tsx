import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAdjustments,
  IconClipboardPlus,
  IconFileUpload,
  IconMessages,
  IconTrash,
} from '@tabler/icons-react';
import { endpoints, taskStates, type TaskStateName, type TaskView } from '@switchboard/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import type { SectionProps } from '../../app/shell/section-registry';
import { useOverlayLink } from '../../app/shell/overlay-link';
import { ApiError, callApi } from '../../lib/api-client';
import { apiQueryKey, apiQueryScope, useApiQuery } from '../../lib/use-api';
import { conversationPath } from './task-links';
import {
  describeOutcome,
  describeTries,
  hasWorkInProgress,
  isEditable,
  nextTasksOffset,
  showTarget,
  showTime,
  stateColors,
  stateLabels,
  tasksPageSize,
  waitingReasonLabels,
} from './task-list';

type Sort = 'createdAt' | 'updatedAt' | 'scheduledFor';

const sortOptions = [
  { value: 'createdAt', label: 'Newest first' },
  { value: 'scheduledFor', label: 'Due latest first' },
  { value: 'updatedAt', label: 'Recently changed' },
];

/** While tasks wait or run, the counts and the list are read again this often (and not at all otherwise). */
const liveRefreshMs = 2000;

type Stats = ReturnType<typeof useTaskStats>;

/** Counts by state, read again every two seconds while any task waits or runs, so a batch shows its progress. */
function useTaskStats(accountId: number) {
  return useApiQuery(
    endpoints.taskStats,
    { targetAccountId: accountId },
    {
      refetchInterval: (query) => (hasWorkInProgress(query.state.data?.byState) ? liveRefreshMs : false),
    },
  );
}

function StateCounts({ stats }: { stats: Stats }) {
  const shown = taskStates.filter((state) => state !== 'deleted');
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" aria-label="Tasks by state">
      {shown.map((state) => (
        <Paper key={state} withBorder radius="md" p="xs">
          <Text size="xs" c="dimmed">
            {stateLabels[state]}
          </Text>
          <Text fw={700} fz="lg" data-testid={`count-${state}`}>
            {stats.data ? stats.data.byState[state] : '–'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What the state badge cannot say: why a waiting task waits, what became of a try, or why it errored. */
function StateDetail({ task }: { task: TaskView }) {
  const waiting =
    task.state === 'pending' && task.waitingReason ? waitingReasonLabels[task.waitingReason] : null;
  const outcome = describeOutcome(task);
  const line =
    waiting ?? (task.state === 'pending' && task.attempts.length > 0 ? 'Retry due' : null) ?? outcome;
  if (!line) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={2} title={task.waitingDetail ?? task.errorReason ?? undefined}>
      {line}
      {task.state === 'errored' && task.errorReason && line !== task.errorReason
        ? ` · ${task.errorReason}`
        : ''}
    </Text>
  );
}

function TaskRowView({
  task,
  conversationLink,
  onDelete,
}: {
  task: TaskView;
  conversationLink: string | null;
  onDelete: (task: TaskView) => void;
}) {
  const openOverlay = useOverlayLink();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {showTarget(task.target)}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {task.context ?? task.message ?? Object.values(task.variables).join(', ')}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{task.type === 'call' ? 'Call' : 'Text'}</Table.Td>
      <Table.Td>
        <Badge color={stateColors[task.state]} variant="light" miw="max-content">
          {stateLabels[task.state]}
        </Badge>
        <StateDetail task={task} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{task.attempts.length > 0 ? describeTries(task.attempts.length) : '–'}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{showTime(task.scheduledFor)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {conversationLink && (
            <Button
              component={Link}
              to={conversationLink}
              size="compact-sm"
              variant="subtle"
              aria-label={`Open the conversation with ${showTarget(task.target)}`}
              leftSection={<IconMessages size={14} />}
            >
              <Text span size="sm" visibleFrom="sm" inherit>
                Conversation
              </Text>
            </Button>
          )}
          {isEditable(task) && (
            <Button size="compact-sm" variant="subtle" onClick={() => openOverlay('editTask', task.id)}>
              Edit
            </Button>
          )}
          {task.state !== 'deleted' && task.state !== 'running' && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Delete the task for ${showTarget(task.target)}`}
              onClick={() => onDelete(task)}
            >
              <IconTrash size={14} />
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The tasks section: the account's calls and texts 10 at a time, counts by state, and the task overlays. */
export default function TasksScreen({ account, basePath }: SectionProps) {
  const openOverlay = useOverlayLink();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<Sort>('createdAt');
  const [state, setState] = useState<TaskStateName | null>(null);
  const stats = useTaskStats(account.id);
  const live = hasWorkInProgress(stats.data?.byState);
  const input = {
    targetAccountId: account.id,
    query: { sort, order: 'desc' as const, ...(state ? { state } : {}) },
  };
  const list = useInfiniteQuery({
    queryKey: apiQueryKey(endpoints.listTasks, input),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callApi(endpoints.listTasks, {
        ...input,
        query: { ...input.query, limit: tasksPageSize, offset: pageParam },
        signal,
      }),
    getNextPageParam: (_last, pages) => nextTasksOffset(pages),
    refetchInterval: live ? liveRefreshMs : false,
  });
  // The counts see the last task end before the list does: read the list once more when the work stops.
  const wasLive = useRef(live);
  const { refetch } = list;
  useEffect(() => {
    if (wasLive.current && !live) void refetch();
    wasLive.current = live;
  }, [live, refetch]);
  const tasks = list.data?.pages.flatMap((page) => page.tasks) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  const remove = async (task: TaskView) => {
    const confirmed = await confirmAction({
      title: 'Delete this task?',
      message: `The ${task.type} to ${showTarget(task.target)} will not be placed. It stays in the history as deleted.`,
      confirmLabel: 'Delete task',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await callApi(endpoints.deleteTask, { params: { id: task.id }, targetAccountId: account.id });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.listTasks) }),
        queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.taskStats) }),
      ]);
      notify('Task deleted', { tone: 'success' });
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'The task could not be deleted', {
        tone: 'error',
      });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1} fz="h3">
            Tasks
          </Title>
          <Text size="sm" c="dimmed">
            Calls and texts your agents place, one by one or from a CSV list.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconAdjustments size={16} />}
            onClick={() => openOverlay('taskSettings')}
          >
            Limits
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileUpload size={16} />}
            onClick={() => openOverlay('uploadTaskList')}
          >
            Upload CSV
          </Button>
          <Button leftSection={<IconClipboardPlus size={16} />} onClick={() => openOverlay('createTask')}>
            New task
          </Button>
        </Group>
      </Group>
      <StateCounts stats={stats} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="sm" grow preventGrowOverflow={false} maw={380}>
            <Select
              label="Sort"
              data={sortOptions}
              value={sort}
              onChange={(value) => setSort((value as Sort | null) ?? 'createdAt')}
              allowDeselect={false}
            />
            <Select
              label="State"
              placeholder="All but deleted"
              data={taskStates.map((value) => ({ value, label: stateLabels[value] }))}
              value={state}
              onChange={(value) => setState(taskStates.find((known) => known === value) ?? null)}
              clearable
            />
          </Group>
          {list.isPending && <Loader size="sm" />}
          {list.error && <Alert color="red">{list.error.message}</Alert>}
          {list.data && tasks.length === 0 && (
            <Text size="sm" c="dimmed">
              No tasks {state ? `in the state ${stateLabels[state].toLowerCase()}` : 'yet'}. Create one, or
              upload a CSV list.
            </Text>
          )}
          {tasks.length > 0 && (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="xs" aria-label="Tasks">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Contact</Table.Th>
                    <Table.Th visibleFrom="sm">Type</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th visibleFrom="sm">Tries</Table.Th>
                    <Table.Th visibleFrom="sm">Due</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tasks.map((task) => (
                    <TaskRowView
                      key={task.id}
                      task={task}
                      conversationLink={conversationPath(task, account, basePath)}
                      onDelete={(picked) => void remove(picked)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {list.data ? `${String(tasks.length)} of ${String(total)}` : ''}
            </Text>
            {list.hasNextPage && (
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
