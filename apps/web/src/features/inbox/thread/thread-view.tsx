import {
  ActionIcon,
  Alert,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Menu,
  Rating,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { endpoints, type RoomView } from '@switchboard/contract';
import {
  IconArchive,
  IconArrowLeft,
  IconArrowsExchange,
  IconBan,
  IconDots,
  IconMailOpened,
  IconMoodSmile,
  IconPaperclip,
  IconSend,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../app/notify';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { callApi } from '../../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import classes from '../inbox.module.css';
import { MessageStream } from './message-stream';

const reactions = ['👍', '❤️', '😂', '🎉', '👀', '🙏'];
const refreshes = [endpoints.conversation, endpoints.conversations, endpoints.agentConversations];

export interface ThreadViewProps {
  roomId: string;
  accountId: number;
  highlightId: number | null;
  /** A room just opened for a new message: no history yet. */
  isNew: boolean;
  onCancelNew: () => void;
  /** Back to the room list (phone-sized screens show the list and the thread as two steps). */
  onBack: () => void;
}

/** One room: who it is with, its messages and calls, and what a person can do (reply, take over, rate...). */
export function ThreadView({ roomId, accountId, highlightId, isNew, onCancelNew, onBack }: ThreadViewProps) {
  const detail = useApiQuery(endpoints.conversation, { params: { roomId }, targetAccountId: accountId });
  const openOverlay = useOverlayLink();
  const [draft, setDraft] = useState('');
  const [attachments, setAttachments] = useState<{ url: string; contentType: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const options = { invalidates: refreshes };
  const sendReply = useApiMutation(endpoints.sendMessage, options);
  const setAi = useApiMutation(endpoints.setAiAgentEnabled, options);
  const rate = useApiMutation(endpoints.rateConvo, options);
  const react = useApiMutation(endpoints.addReaction, options);
  const unreact = useApiMutation(endpoints.removeReaction, options);
  const block = useApiMutation(endpoints.block, options);
  const move = useApiMutation(endpoints.moveConversation, options);
  const close = useApiMutation(endpoints.closeConversation, options);
  const unarchive = useApiMutation(endpoints.unarchiveConversation, options);
  const markUnread = useApiMutation(endpoints.markUnread, options);

  const data = detail.data && 'room' in detail.data ? detail.data : null;
  const messageCount = data?.messages.length ?? 0;
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const target = highlightId === null ? null : element.querySelector(`[data-message-id="${highlightId}"]`);
    if (target) target.scrollIntoView({ block: 'center' });
    else element.scrollTo({ top: element.scrollHeight });
  }, [messageCount, highlightId]);

  if (detail.isPending) {
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  }
  if (!data) {
    return (
      <Alert color="red" m="md" title="Failed to fetch conversation">
        {detail.error?.message ?? 'This conversation could not be loaded.'}
      </Alert>
    );
  }
  const room: RoomView = data.room;
  const failed = (error: { message: string }) => notify(error.message, { tone: 'error' });

  const submit = () => {
    const message = draft.trim();
    if (message === '' && attachments.length === 0) return;
    sendReply.mutate(
      { params: { roomId }, body: { message, attachments }, targetAccountId: accountId },
      {
        onSuccess: (answer) => {
          setDraft('');
          setAttachments([]);
          if (answer.message.status === 'failed')
            notify(
              answer.message.carrierError
                ? `The text was not delivered: ${answer.message.carrierError.message}.`
                : 'The text could not be delivered.',
              { tone: 'error' },
            );
        },
      },
    );
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const response = await fetch(
        `/api/v1/chat/media?token=${encodeURIComponent(localStorage.getItem('token') ?? '')}`,
        {
          method: 'POST',
          body: form,
        },
      );
      const answer = (await response.json()) as { url?: string; contentType?: string; message?: string };
      if (!response.ok || !answer.url || !answer.contentType)
        throw new Error(answer.message ?? 'Upload failed');
      setAttachments((current) => [
        ...current,
        { url: answer.url ?? '', contentType: answer.contentType ?? '' },
      ]);
    } catch (error) {
      failed(error as Error);
    } finally {
      setUploading(false);
    }
  };

  const otherInbox = room.inbox === 'priority' ? 'agent' : 'priority';
  const textCollected = data.conversations.filter(
    (c) => c.channel !== 'voice' && c.log && Object.keys(c.log.collectedData).length > 0,
  );

  return (
    <>
      <Group
        justify="space-between"
        px="md"
        py="xs"
        gap="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={6} wrap="nowrap" style={{ flex: '1 1 160px', minWidth: 0 }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            hiddenFrom="sm"
            onClick={onBack}
            aria-label="Back to conversations"
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={700} truncate>
                {room.name}
              </Text>
              {room.blocked && (
                <Text size="xs" c="red" fw={600}>
                  Blocked
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {room.username} · {room.inbox === 'priority' ? 'Priority' : 'Agent'} inbox
              {room.attention === 'transfer' ? ' · asked for a person' : ''}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            label="AI agent"
            checked={room.aiAgentEnabled}
            onChange={(event) =>
              setAi.mutate({
                params: { roomId },
                body: { aiAgentEnabled: event.currentTarget.checked },
                targetAccountId: accountId,
              })
            }
            aria-label="AI agent answers in this conversation"
          />
          <Rating
            size="sm"
            value={room.rating ?? 0}
            onChange={(value) => rate.mutate({ body: { roomId, rating: value }, targetAccountId: accountId })}
            aria-label="Rate this conversation"
          />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label="React">
                <ActionIcon variant="subtle" aria-label="React" color="gray">
                  {room.reaction ? <Text size="sm">{room.reaction}</Text> : <IconMoodSmile size={18} />}
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Group gap={2} p={4}>
                {reactions.map((reaction) => (
                  <ActionIcon
                    key={reaction}
                    variant={room.reaction === reaction ? 'light' : 'subtle'}
                    onClick={() =>
                      room.reaction === reaction
                        ? unreact.mutate({ body: { roomId }, targetAccountId: accountId })
                        : react.mutate({ body: { roomId, reaction }, targetAccountId: accountId })
                    }
                    aria-label={`React ${reaction}`}
                  >
                    {reaction}
                  </ActionIcon>
                ))}
              </Group>
            </Menu.Dropdown>
          </Menu>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="More actions">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {room.contact ? (
                <Menu.Item
                  leftSection={<IconUser size={16} />}
                  onClick={() => openOverlay('previewContact', room.contact?.id ?? '')}
                >
                  View contact
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconUser size={16} />}
                  onClick={() => openOverlay('createContact', room.username)}
                >
                  Save as contact
                </Menu.Item>
              )}
              <Menu.Item
                leftSection={<IconArrowsExchange size={16} />}
                onClick={() =>
                  move.mutate({ params: { roomId }, body: { inbox: otherInbox }, targetAccountId: accountId })
                }
              >
                Move to {otherInbox === 'priority' ? 'priority' : 'agent'} inbox
              </Menu.Item>
              <Menu.Item
                leftSection={<IconMailOpened size={16} />}
                onClick={() => markUnread.mutate({ body: { roomId }, targetAccountId: accountId })}
              >
                Mark unread
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArchive size={16} />}
                onClick={() =>
                  room.closed
                    ? unarchive.mutate({ body: { roomId }, targetAccountId: accountId })
                    : close.mutate({ body: { roomId }, targetAccountId: accountId })
                }
              >
                {room.closed ? 'Unarchive' : 'Archive'}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() =>
                  block.mutate({
                    body: { targetUsername: room.username, roomId },
                    targetAccountId: accountId,
                  })
                }
              >
                {room.blocked ? 'Unblock' : 'Block'} {room.name}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <ScrollArea
        className={classes.messages}
        viewportRef={viewport}
        scrollbars="y"
        classNames={{ content: classes.scrollContent }}
      >
        {data.messages.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" mt="xl">
            {isNew ? `Write the first message to ${room.name}.` : 'No messages yet.'}
          </Text>
        ) : (
          <MessageStream
            messages={data.messages}
            conversations={data.conversations}
            highlightId={highlightId}
          />
        )}
        {textCollected.map((conversation) => (
          <Alert key={conversation.uuid} mt="sm" variant="light" title="Collected data">
            {Object.entries(conversation.log?.collectedData ?? {}).map(([key, value]) => (
              <Text key={key} size="sm">
                <b>{key}:</b> {typeof value === 'string' ? value : JSON.stringify(value)}
              </Text>
            ))}
          </Alert>
        ))}
      </ScrollArea>
      <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {room.aiAgentEnabled && !isNew && (
          <Text size="xs" c="dimmed">
            The agent is answering this conversation. Switch it off to take over; your replies go out by text
            either way.
          </Text>
        )}
        {attachments.length > 0 && (
          <Text size="xs" c="dimmed">
            {attachments.length} file{attachments.length > 1 ? 's' : ''} attached
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileButton onChange={(file) => void upload(file)} accept="image/*,application/pdf,audio/*">
            {(props) => (
              <ActionIcon
                {...props}
                variant="default"
                size="lg"
                loading={uploading}
                aria-label="Attach a file"
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            )}
          </FileButton>
          <Textarea
            style={{ flex: 1, minWidth: 0 }}
            autosize
            minRows={1}
            maxRows={6}
            placeholder={room.blocked ? 'Unblock this contact to reply' : `Reply to ${room.name}…`}
            disabled={room.blocked}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
            aria-label="Reply"
          />
          {isNew && (
            <Button variant="default" onClick={onCancelNew}>
              Cancel
            </Button>
          )}
          <Button
            leftSection={<IconSend size={16} />}
            onClick={submit}
            loading={sendReply.isPending}
            disabled={room.blocked}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </>
  );
}

/** Clears a room's unread activity in its inbox (opening it counts as reading it). */
export function clearRoomActivity(room: RoomView, accountId: number) {
  const endpoint = room.inbox === 'priority' ? endpoints.clearActivity : endpoints.clearActivityAgent;
  return callApi(endpoint, { body: { clear: room.roomId }, targetAccountId: accountId });
}
