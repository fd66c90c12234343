import { Avatar, Badge, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { RoomView } from '@switchboard/contract';
import { IconHandStop, IconRobotOff, IconStarFilled } from '@tabler/icons-react';
import classes from './inbox.module.css';

const initials = (name: string) =>
  /^[+\d(]/.test(name)
    ? '#'
    : name
        .split(/\s+/)
        .slice(0, 2)
        .map((part) => part.charAt(0).toUpperCase())
        .join('');

/** "14:05" today, "Mon" this week, else "12 Nov". */
export function shortTime(epochSeconds: number | null): string {
  if (epochSeconds === null) return '';
  const date = new Date(epochSeconds * 1000);
  const now = new Date();
  if (date.toDateString() === now.toDateString()) {
    return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }
  if (now.getTime() - date.getTime() < 6 * 86_400_000)
    return date.toLocaleDateString([], { weekday: 'short' });
  return date.toLocaleDateString([], { day: 'numeric', month: 'short' });
}

export interface RoomListProps {
  rooms: readonly RoomView[];
  activeRoomId: string | null;
  highlightId: string | null;
  onOpen: (room: RoomView) => void;
}

/** The rooms of one inbox tab, newest first: who, the last message, when, and what needs attention. */
export function RoomList({ rooms, activeRoomId, highlightId, onOpen }: RoomListProps) {
  return (
    <Stack gap={0} role="list" aria-label="Conversations">
      {rooms.map((room) => {
        const active = room.roomId === activeRoomId;
        return (
          <UnstyledButton
            key={room.roomId}
            role="listitem"
            className={classes.roomRow}
            data-active={active || undefined}
            data-highlight={room.roomId === highlightId || undefined}
            data-unread={room.unread > 0 || undefined}
            onClick={() => onOpen(room)}
            aria-current={active ? 'true' : undefined}
            data-room-id={room.roomId}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar radius="xl" size={36} color={room.inbox === 'priority' ? 'brand' : 'gray'}>
                {initials(room.name)}
              </Avatar>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={room.unread > 0 ? 700 : 500} truncate>
                    {room.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {shortTime(room.lastMessageTimestamp)}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="xs" c={room.unread > 0 ? undefined : 'dimmed'} truncate>
                    {room.isAgent ? 'Agent: ' : ''}
                    {room.lastMessage ?? ''}
                  </Text>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {room.attention && (
                      <Tooltip
                        label={room.attention === 'transfer' ? 'Asked for a person' : 'Left a message'}
                      >
                        <IconHandStop
                          size={14}
                          color="var(--mantine-color-orange-6)"
                          aria-label="Needs a person"
                        />
                      </Tooltip>
                    )}
                    {!room.aiAgentEnabled && (
                      <Tooltip label="Agent off: a person is answering">
                        <IconRobotOff size={14} color="var(--mantine-color-dimmed)" aria-label="Agent off" />
                      </Tooltip>
                    )}
                    {room.rating !== null && (
                      <Group gap={1} wrap="nowrap" aria-label={`Rated ${room.rating}`}>
                        <IconStarFilled size={11} color="var(--mantine-color-yellow-6)" />
                        <Text size="xs" c="dimmed">
                          {room.rating}
                        </Text>
                      </Group>
                    )}
                    {room.reaction && <Text size="xs">{room.reaction}</Text>}
                    {room.unread > 0 && (
                      <Badge size="xs" circle variant="filled" aria-label={`${room.unread} unread`}>
                        {room.unread}
                      </Badge>
                    )}
                  </Group>
                </Group>
              </Stack>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
