import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconChartBar, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { useApiQuery } from '../../../lib/use-api';

const dayMs = 86_400_000;

function startOfDay(time: number): number {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** Conversations per day for the last seven days (today last), from the rows' timestamps (epoch seconds). */
export function countByDay(timestamps: readonly number[], now: number): { label: string; count: number }[] {
  const today = startOfDay(now);
  return Array.from({ length: 7 }, (_, index) => {
    const start = today - (6 - index) * dayMs;
    const end = start + dayMs;
    return {
      label: new Date(start).toLocaleDateString(undefined, { weekday: 'short' }),
      count: timestamps.filter((seconds) => seconds * 1000 >= start && seconds * 1000 < end).length,
    };
  });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function formatDuration(value: unknown): string {
  const seconds = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

function formatWhen(value: unknown): string {
  const seconds = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(seconds)) return '';
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Today's and this week's conversations with a chart of the week. */
export function ConversationCounts({ agentAccountId }: { agentAccountId: number }) {
  // The week is fixed when the screen opens, so the query key stays the same while it is shown.
  const [now] = useState(() => Date.now());
  const weekStart = startOfDay(now) - 6 * dayMs;
  const week = useApiQuery(endpoints.listLogs, {
    targetAccountId: agentAccountId,
    query: { start: Math.floor(weekStart / 1000), fields: 'timestamp', pageSize: 5000 },
  });
  const days = week.data
    ? countByDay(
        week.data.logs.map((row) => Number(row.timestamp)),
        now,
      )
    : null;
  return (
    <Card p="lg" data-testid="agent-conversation-counts">
      <Stack gap="md">
        <Group gap="xs">
          <IconChartBar size={18} aria-hidden />
          <Title order={2} fz="md">
            Conversations
          </Title>
        </Group>
        {week.isError ? (
          <Text size="sm" c="red">
            {week.error.message}
          </Text>
        ) : days === null || week.data === undefined ? (
          <Loader size="sm" />
        ) : (
          <>
            <SimpleGrid cols={2}>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Today
                </Text>
                <Text fz={28} fw={700} data-testid="conversations-today">
                  {days.at(-1)?.count ?? 0}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Last 7 days
                </Text>
                <Text fz={28} fw={700} data-testid="conversations-week">
                  {week.data.total}
                </Text>
              </Stack>
            </SimpleGrid>
            {week.data.total === 0 ? (
              <Text size="sm" c="dimmed">
                No conversations this week yet. Test the agent, or give it a number so callers can reach it.
              </Text>
            ) : (
              <BarChart
                h={140}
                data={days.map((day) => ({ day: day.label, Conversations: day.count }))}
                dataKey="day"
                series={[{ name: 'Conversations', color: 'brand.6' }]}
                tickLine="none"
                gridAxis="y"
                yAxisProps={{ allowDecimals: false }}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The last five conversations; each opens its transcript. */
export function RecentConversations({
  agentAccountId,
  logsPath,
}: {
  agentAccountId: number;
  logsPath: string;
}) {
  const openOverlay = useOverlayLink();
  const [yearAgo] = useState(() => Math.floor(Date.now() / 1000) - 365 * 86_400);
  const recent = useApiQuery(endpoints.listLogs, {
    targetAccountId: agentAccountId,
    query: {
      start: yearAgo,
      fields: 'timestamp,contact,from,to,duration,outcome,isTest',
      pageSize: 5,
    },
  });
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconListDetails size={18} aria-hidden />
            <Title order={2} fz="md">
              Last conversations
            </Title>
          </Group>
          <Anchor component={Link} to={logsPath} size="sm">
            All call logs
          </Anchor>
        </Group>
        {recent.isError ? (
          <Text size="sm" c="red">
            {recent.error.message}
          </Text>
        ) : recent.isPending ? (
          <Loader size="sm" />
        ) : recent.data.logs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No conversations yet.
          </Text>
        ) : (
          <Stack gap={4} data-testid="recent-conversations">
            {recent.data.logs.map((row, index) => {
              const roomId = text(row.roomId);
              const uuid = text(row.uuid);
              const who = text(row.contact) || text(row.from) || 'Unknown caller';
              return (
                <UnstyledButton
                  key={`${uuid}-${index}`}
                  disabled={roomId === '' || uuid === ''}
                  onClick={() => openOverlay('callTranscript', `${roomId}|${uuid}`)}
                  p="xs"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  aria-label={`Open the conversation with ${who}, ${formatWhen(row.timestamp)}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0} miw={0}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600} truncate>
                          {who}
                        </Text>
                        {(row.isTest === true || row.isTest === 'true') && (
                          <Badge size="xs" variant="light" color="yellow">
                            Test
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {[formatWhen(row.timestamp), formatDuration(row.duration)]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                    <Text size="xs" c="dimmed" ta="right" style={{ flexShrink: 0 }}>
                      {text(row.outcome)}
                    </Text>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
