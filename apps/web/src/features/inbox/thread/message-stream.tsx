import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { MessageView } from '@switchboard/contract';
import { IconAlertCircle, IconPhone } from '@tabler/icons-react';
import { Fragment } from 'react';
import { ExternalAnchor } from '../../../app/external-anchor';
import classes from '../inbox.module.css';

export interface ConversationLog {
  uuid: string;
  channel: string | null;
  log: {
    direction: string;
    duration: number;
    transfer: string | null;
    appointmentBooked: boolean;
    collectedData: Record<string, unknown>;
    /** The knowledge-base pages the agent answered from. */
    sources?: readonly { title: string; url: string }[];
  } | null;
}

const authorLabel = { contact: null, agent: 'Agent', person: 'You' } as const;

/** Where an outgoing text is, as the carrier last said (received texts and chat messages say nothing). */
export const deliveryLabel: Record<MessageView['status'], string | null> = {
  received: null,
  queued: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
};

const time = (date: string) => new Date(date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const day = (date: string) =>
  new Date(date).toLocaleDateString([], { weekday: 'long', day: 'numeric', month: 'long' });

function Bubble({ message, highlight }: { message: MessageView; highlight: boolean }) {
  const label = authorLabel[message.author];
  return (
    <Stack
      gap={2}
      className={classes.bubble}
      data-side={message.direction === 'outbound' ? 'out' : 'in'}
      data-author={message.author}
      data-highlight={highlight || undefined}
      data-message-id={message.id}
    >
      {message.message !== '' && <Text size="sm">{message.message}</Text>}
      {message.attachments.map((file) =>
        file.contentType.startsWith('image/') ? (
          <img key={file.url} src={file.url} alt="Attachment" style={{ maxWidth: 240, borderRadius: 8 }} />
        ) : (
          <ExternalAnchor key={file.url} href={file.url} size="sm">
            {file.contentType.startsWith('audio/') ? 'Audio file' : 'Attachment'}
          </ExternalAnchor>
        ),
      )}
      <Group gap={6} justify="flex-end">
        {label && (
          <Text size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {time(message.date)}
        </Text>
        {message.status === 'failed' ? (
          <Badge size="xs" color="red" variant="light" leftSection={<IconAlertCircle size={10} />}>
            Not delivered
          </Badge>
        ) : (
          deliveryLabel[message.status] && (
            <Text size="xs" c="dimmed" data-delivery={message.status}>
              · {deliveryLabel[message.status]}
            </Text>
          )
        )}
      </Group>
      {message.status === 'failed' && message.carrierError && (
        <Text size="xs" c="red" ta="right" data-carrier-error={message.carrierError.code ?? ''}>
          {sentence(message.carrierError.message)}
        </Text>
      )}
    </Stack>
  );
}

/** The carrier's reason as a sentence ("The phone is unreachable or switched off (error 30003)."). */
export const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

function CallCard({
  lines,
  conversation,
}: {
  lines: MessageView[];
  conversation: ConversationLog | undefined;
}) {
  const log = conversation?.log ?? null;
  const collected = Object.entries(log?.collectedData ?? {});
  return (
    <Paper withBorder p="sm" radius="md" className={classes.callCard}>
      <Group gap="xs" mb={6}>
        <IconPhone size={16} />
        <Text size="sm" fw={600}>
          {log?.direction === 'outbound' ? 'Outbound call' : 'Call'}
        </Text>
        {log && (
          <Text size="xs" c="dimmed">
            {Math.floor(log.duration / 60)}:{String(log.duration % 60).padStart(2, '0')}
          </Text>
        )}
        {log?.transfer && <Badge size="xs">Transferred to {log.transfer}</Badge>}
        {log?.appointmentBooked && (
          <Badge size="xs" color="teal">
            Appointment booked
          </Badge>
        )}
      </Group>
      <Stack gap={2}>
        {lines.map((line) => (
          <Text key={line.id} size="sm">
            <Text span fw={600} size="sm">
              {line.author === 'contact' ? 'Caller' : line.author === 'agent' ? 'Agent' : 'You'}:
            </Text>{' '}
            {line.message}
          </Text>
        ))}
      </Stack>
      {collected.length > 0 && (
        <Table mt="xs" withTableBorder fz="xs" aria-label="Collected data">
          <Table.Tbody>
            {collected.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Th w="35%">{key}</Table.Th>
                <Table.Td>{typeof value === 'string' ? value : JSON.stringify(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {log?.sources && log.sources.length > 0 && (
        <Group gap={6} mt="xs" wrap="wrap" aria-label="Sources">
          <Text size="xs" c="dimmed">
            Answered from
          </Text>
          {log.sources.map((source) => (
            <ExternalAnchor key={source.url} href={source.url} size="xs">
              {source.title}
            </ExternalAnchor>
          ))}
        </Group>
      )}
    </Paper>
  );
}

type Item = { kind: 'message'; message: MessageView } | { kind: 'call'; uuid: string; lines: MessageView[] };

/** Text messages as bubbles, each call as one card with its transcript and collected data, with day separators. */
export function MessageStream({
  messages,
  conversations,
  highlightId,
}: {
  messages: readonly MessageView[];
  conversations: readonly ConversationLog[];
  highlightId: number | null;
}) {
  const items: Item[] = [];
  for (const message of messages) {
    const last = items.at(-1);
    if (message.source === 'voice' && message.uuid !== null) {
      if (last?.kind === 'call' && last.uuid === message.uuid) last.lines.push(message);
      else items.push({ kind: 'call', uuid: message.uuid, lines: [message] });
    } else {
      items.push({ kind: 'message', message });
    }
  }
  let lastDay = '';
  return (
    <Stack gap="xs">
      {items.map((item) => {
        const first = item.kind === 'message' ? item.message : item.lines[0];
        const itemDay = first ? day(first.date) : '';
        const separator = itemDay !== lastDay;
        lastDay = itemDay;
        return (
          <Fragment key={item.kind === 'message' ? item.message.id : `call-${item.uuid}`}>
            {separator && (
              <Text size="xs" c="dimmed" ta="center" my={4}>
                {itemDay}
              </Text>
            )}
            {item.kind === 'message' ? (
              <Bubble message={item.message} highlight={item.message.id === highlightId} />
            ) : (
              <CallCard lines={item.lines} conversation={conversations.find((c) => c.uuid === item.uuid)} />
            )}
          </Fragment>
        );
      })}
    </Stack>
  );
}
