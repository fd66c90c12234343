import {
  Alert,
  Badge,
  Button,
  Center,
  Chip,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { endpoints, type RoomView } from '@switchboard/contract';
import { pageCount } from '@switchboard/core';
import { IconInbox, IconMessagePlus, IconRobot } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../app/confirm-action';
import type { SectionProps } from '../../app/shell/section-registry';
import { useOverlayLink } from '../../app/shell/overlay-link';
import { apiQueryScope, useApiQuery } from '../../lib/use-api';
import classes from './inbox.module.css';
import { NewConversation, missingForNewConversation } from './new-conversation';
import { cachedRooms, rememberRooms } from './room-cache';
import { RoomList } from './room-list';
import { clearRoomActivity, ThreadView } from './thread/thread-view';
import { useRealtime } from './use-realtime';

type Tab = 'priority' | 'agent';
const pageSize = 20;

/**
 * The inbox section: the priority and agent (junk) tabs with unread filter and pages, the room list beside the
 * open thread, starting a new conversation, and live updates. Query: filter, active, new, highlightId, zap.
 */
export default function InboxScreen({ account }: SectionProps) {
  const [search, setSearch] = useSearchParams();
  const openOverlay = useOverlayLink();
  const queryClient = useQueryClient();
  const tab: Tab = search.get('filter') === 'agent' ? 'agent' : 'priority';
  const activeRoomId = search.get('active');
  const newRoomId = search.get('new');
  const highlightId = search.get('highlightId');
  const zap = search.get('zap');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [composing, setComposing] = useState(false);
  const live = useRealtime(account.id);

  const listEndpoint = tab === 'priority' ? endpoints.conversations : endpoints.agentConversations;
  const list = useApiQuery(
    listEndpoint,
    { query: { page, pageSize, unread: unreadOnly }, targetAccountId: account.id },
    {
      // Another page or the unread filter keeps the rows on screen while it loads; another tab never shows this one's.
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[0] === apiQueryScope(listEndpoint)[0] ? previous : undefined,
      initialData: () => {
        const cached = page === 0 && !unreadOnly ? cachedRooms(account.id, tab) : undefined;
        return cached
          ? {
              success: true as const,
              rooms: cached.slice(0, pageSize),
              totalRooms: cached.length,
              pageSize,
              pageNumber: 0,
            }
          : undefined;
      },
      initialDataUpdatedAt: 0,
    },
  );
  const priorityActivity = useApiQuery(endpoints.activity, {
    query: { simple: true },
    targetAccountId: account.id,
  });
  const agentActivity = useApiQuery(endpoints.activityAgent, {
    query: { simple: true },
    targetAccountId: account.id,
  });

  useEffect(() => {
    if (list.data && !list.isPlaceholderData) rememberRooms(account.id, tab, list.data.rooms);
  }, [list.data, list.isPlaceholderData, account.id, tab]);

  const setQuery = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  // `zap` names a room to open and bring to the top of the list (a notification or a link asked for it).
  const zapped = useApiQuery(
    endpoints.conversation,
    { params: { roomId: zap ?? '0:0' }, targetAccountId: account.id },
    { enabled: zap?.includes(':') === true },
  );
  const zappedRoom = zap && zapped.data && 'room' in zapped.data ? zapped.data.room : null;

  const rooms = useMemo(() => {
    const fetched = list.data?.rooms ?? [];
    const top = zappedRoom?.inbox === tab && !unreadOnly ? [zappedRoom] : [];
    return [...top, ...fetched.filter((room) => room.roomId !== zappedRoom?.roomId)];
  }, [list.data, zappedRoom, unreadOnly, tab]);

  const openRoom = (room: RoomView) => {
    setQuery({ active: room.roomId });
    if (room.unread > 0) {
      void clearRoomActivity(room, account.id).then(() => {
        for (const endpoint of [listEndpoint, endpoints.activity, endpoints.activityAgent]) {
          void queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) });
        }
      });
    }
  };

  useEffect(() => {
    if (zappedRoom && activeRoomId === null) openRoom(zappedRoom);
    // Opening happens once, when the zapped room has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [zappedRoom?.roomId]);

  // The open room is being read: what arrives in it while open is read too.
  const activeRoom = rooms.find((room) => room.roomId === activeRoomId);
  const activeUnread = activeRoom?.unread ?? 0;
  useEffect(() => {
    if (activeRoom && activeUnread > 0) {
      void clearRoomActivity(activeRoom, account.id).then(() => {
        for (const endpoint of [listEndpoint, endpoints.activity, endpoints.activityAgent]) {
          void queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) });
        }
      });
    }
    // Only a change of the open room or of its unread count calls for clearing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeRoomId, activeUnread]);

  const switchTab = async (next: Tab) => {
    if (next === tab) return;
    if (composing || newRoomId) {
      const discard = await confirmAction({
        title: 'Discard the new message?',
        message: 'You are writing a new message. Switching inboxes cancels it.',
        confirmLabel: 'Discard',
        danger: true,
      });
      if (!discard) return;
      setComposing(false);
    }
    setPage(0);
    setQuery({ filter: next, active: null, new: null, zap: null });
  };

  const startCompose = () => {
    const missing = missingForNewConversation(account);
    if (missing === 'premium') openOverlay('upgrade', 'selectNumber');
    else if (missing === 'phoneNumber') openOverlay('selectNumber');
    else if (missing === 'sms') openOverlay('requestAccess');
    else setComposing(true);
  };

  const cancelNew = () => {
    setComposing(false);
    setQuery({ new: null, active: null });
  };

  const totalPages = pageCount(list.data?.totalRooms ?? 0, pageSize);
  const activity = { priority: priorityActivity.data?.count ?? 0, agent: agentActivity.data?.count ?? 0 };
  const isAgentAccount = account.accountType === 'agent';

  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Inbox
      </Title>
      {search.get('premium') === 'true' && (
        <Alert color="teal" variant="light" title="Premium is on">
          You can start conversations from this inbox.
        </Alert>
      )}
      <div className={classes.layout} data-open={activeRoomId ? true : undefined}>
        <div className={classes.listPane}>
          <Tabs value={tab} onChange={(value) => void switchTab(value === 'agent' ? 'agent' : 'priority')}>
            <Tabs.List>
              <Tabs.Tab
                value="priority"
                leftSection={<IconInbox size={16} />}
                rightSection={
                  activity.priority > 0 ? (
                    <Badge size="xs" circle>
                      {activity.priority}
                    </Badge>
                  ) : null
                }
              >
                Priority
              </Tabs.Tab>
              <Tabs.Tab
                value="agent"
                leftSection={<IconRobot size={16} />}
                rightSection={
                  activity.agent > 0 ? (
                    <Badge size="xs" circle color="gray">
                      {activity.agent}
                    </Badge>
                  ) : null
                }
              >
                Agent
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Group justify="space-between" px="sm" py={6} wrap="nowrap">
            <Chip
              size="xs"
              checked={unreadOnly}
              onChange={(checked) => {
                setUnreadOnly(checked);
                setPage(0);
              }}
            >
              Unread only
            </Chip>
            <Group gap={6} wrap="nowrap">
              <Tooltip label={live === 'live' ? 'New messages appear as they arrive' : 'Reconnecting…'}>
                <Badge size="xs" variant="dot" color={live === 'live' ? 'teal' : 'gray'}>
                  {live === 'live' ? 'Live' : 'Offline'}
                </Badge>
              </Tooltip>
              <Tooltip
                label={
                  isAgentAccount
                    ? 'New message'
                    : 'Conversations start from an agent: choose one of your agent accounts first'
                }
              >
                {/* data-disabled, not disabled: a disabled button takes no hover, so it could not say why. */}
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMessagePlus size={14} />}
                  onClick={(event) => (isAgentAccount ? startCompose() : event.preventDefault())}
                  data-disabled={!isAgentAccount || undefined}
                  aria-disabled={!isAgentAccount || undefined}
                >
                  New
                </Button>
              </Tooltip>
            </Group>
          </Group>
          {composing && (
            <NewConversation
              accountId={account.id}
              onStarted={(roomId) => {
                setComposing(false);
                setQuery({ active: roomId, new: roomId, filter: tab });
              }}
              onCancel={() => setComposing(false)}
            />
          )}
          <ScrollArea style={{ flex: 1 }} scrollbars="y" classNames={{ content: classes.scrollContent }}>
            {list.isPending && (
              <Center p="xl">
                <Loader size="sm" />
              </Center>
            )}
            {list.isError && (
              <Alert color="red" m="sm">
                {list.error.message}
              </Alert>
            )}
            {list.data && rooms.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" p="xl">
                {unreadOnly
                  ? 'Nothing unread here.'
                  : tab === 'priority'
                    ? 'No conversation needs a person right now.'
                    : 'No conversations handled by the agent yet.'}
              </Text>
            )}
            <RoomList
              rooms={rooms}
              activeRoomId={activeRoomId}
              highlightId={highlightId}
              onOpen={(room) => openRoom(room)}
            />
          </ScrollArea>
          {totalPages > 1 && (
            <Group
              justify="center"
              p={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Pagination
                size="sm"
                total={totalPages}
                value={page + 1}
                onChange={(value) => setPage(value - 1)}
              />
            </Group>
          )}
        </div>
        <div className={classes.threadPane}>
          {activeRoomId ? (
            <ThreadView
              key={activeRoomId}
              roomId={activeRoomId}
              accountId={account.id}
              highlightId={highlightId && /^\d+$/.test(highlightId) ? Number(highlightId) : null}
              isNew={newRoomId === activeRoomId}
              onCancelNew={cancelNew}
              onBack={() => setQuery({ active: null, new: null })}
            />
          ) : (
            <Center h="100%" p="xl">
              <Stack align="center" gap={4}>
                <IconInbox size={36} color="var(--mantine-color-dimmed)" />
                <Text c="dimmed" size="sm">
                  Choose a conversation to read it.
                </Text>
              </Stack>
            </Center>
          )}
        </div>
      </div>
    </Stack>
  );
}
