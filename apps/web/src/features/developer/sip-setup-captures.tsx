import { Button, Code, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { useState } from 'react';
import { useApiQuery } from '../../lib/use-api';
import { type Target } from './developer-format';
import { Failure, timeLabel } from './sip-setup-parts';

type Capture = ResponseOf<typeof endpoints.listSipCaptures>['messages'][number];

/** Step 6: the recent calls' messages, as a ladder per call. */
export function CapturesStep({ target }: { target: Target }) {
  const [since] = useState(() => Date.now() - 7 * 24 * 3600 * 1000);
  const captures = useApiQuery(
    endpoints.listSipCaptures,
    { ...target, query: { from: since } },
    { retry: false },
  );
  const [open, setOpen] = useState<string | null>(null);
  const none = captures.isError && captures.error.status === 404;
  const calls = new Map<string, Capture[]>();
  for (const message of captures.data?.messages ?? []) {
    calls.set(message.sipCallId, [...(calls.get(message.sipCallId) ?? []), message]);
  }
  const newestFirst = [...calls.entries()].reverse();
  return (
    <Stack gap="sm">
      <Text size="sm">
        Every SIP message of the last week&apos;s calls and registrations, as it crossed the wire. A refused
        call shows its reason in the answer&apos;s <Code>Warning</Code>.
      </Text>
      <Group>
        <Button
          variant="default"
          size="xs"
          loading={captures.isFetching}
          onClick={() => void captures.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {captures.isPending && <Loader size="sm" />}
      {none && (
        <Text size="sm" c="dimmed">
          No SIP messages yet: place a call from your phone system to an agent&apos;s address, then refresh.
        </Text>
      )}
      {captures.isError && !none && <Failure>{captures.error.message}</Failure>}
      {newestFirst.map(([callId, messages]) => (
        <Paper key={callId} withBorder p="sm" radius="md" data-testid="sip-capture">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                {callId}
              </Text>
              <Button
                variant="subtle"
                size="compact-xs"
                style={{ flexShrink: 0 }}
                onClick={() => setOpen(open === callId ? null : callId)}
              >
                {open === callId ? 'Hide messages' : 'Show messages'}
              </Button>
            </Group>
            {messages.map((message, index) => (
              <Stack key={`${message.timestamp}-${index}`} gap={2}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" w={70} style={{ flexShrink: 0 }}>
                    {timeLabel(message.timestamp)}
                  </Text>
                  <Text
                    size="sm"
                    ff="monospace"
                    style={{ flexShrink: 0 }}
                    aria-label={message.direction === 'in' ? 'received' : 'sent'}
                  >
                    {message.direction === 'in' ? '←' : '→'}
                  </Text>
                  <Text size="sm" fw={500} truncate>
                    {message.summary}
                  </Text>
                  <Text size="xs" c="dimmed" truncate visibleFrom="sm">
                    {message.direction === 'in' ? `from ${message.peer}` : `to ${message.peer}`}
                  </Text>
                </Group>
                {open === callId && (
                  <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.raw}
                  </Code>
                )}
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
