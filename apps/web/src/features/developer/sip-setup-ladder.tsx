import { Alert, Group, Loader, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useApiQuery } from '../../lib/use-api';
import { type Target } from './developer-format';
import { explainSipCall, statusOf, type CallOutcome, type LadderMessage } from './sip-call-explain';
import { Failure } from './sip-setup-parts';

type Message = LadderMessage & { timestamp: number };

const colorOf = (summary: string) => {
  const status = statusOf(summary);
  if (status === null) return 'blue';
  if (status < 200) return 'gray';
  if (status < 300) return 'teal';
  return 'red';
};

const seconds = (ms: number) => `+${(ms / 1000).toFixed(3)} s`;

/** A call's SIP messages as a ladder: who sent what, when (from the first message), with the plain-words verdict. */
export function SipLadder({ messages, outcome }: { messages: Message[]; outcome: CallOutcome | null }) {
  const start = messages[0]?.timestamp ?? 0;
  const verdict = explainSipCall(messages, outcome);
  return (
    <Stack gap="sm">
      <Timeline bulletSize={24} lineWidth={2} data-testid="sip-ladder">
        {messages.map((message, index) => {
          const received = message.direction === 'in';
          return (
            <Timeline.Item
              key={`${message.timestamp}-${index}`}
              bullet={
                <ThemeIcon size={24} radius="xl" variant="light" color={colorOf(message.summary)}>
                  {received ? <IconArrowLeft size={14} /> : <IconArrowRight size={14} />}
                </ThemeIcon>
              }
              data-testid="sip-ladder-step"
            >
              <Group gap="xs" wrap="wrap" justify="space-between">
                <Text
                  size="sm"
                  fw={600}
                  ff="monospace"
                  aria-label={`${received ? 'received' : 'sent'} ${message.summary}`}
                >
                  {received ? '← ' : '→ '}
                  {message.summary}
                </Text>
                <Text size="xs" c="dimmed">
                  {seconds(message.timestamp - start)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {received ? `from ${message.peer}` : `to ${message.peer}`}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {verdict.kind === 'pending' ? (
        <Group gap="xs" data-testid="sip-verdict">
          <Loader size="xs" />
          <Text size="sm">
            <b>{verdict.title}.</b> {verdict.text}
          </Text>
        </Group>
      ) : (
        <Alert
          data-testid="sip-verdict"
          color={verdict.kind === 'ok' ? 'teal' : 'red'}
          variant="light"
          title={verdict.title}
          icon={verdict.kind === 'ok' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
        >
          {verdict.text}
        </Alert>
      )}
    </Stack>
  );
}

/** One call's ladder, read from the captures by its Call-ID and read again until the call ends. */
export function CallLadder({ target, callId }: { target: Target; callId: string }) {
  const captures = useApiQuery(
    endpoints.listSipCaptures,
    { ...target, query: { sipCallId: callId } },
    {
      retry: false,
      refetchInterval: (query) => {
        const outcome = query.state.data?.calls.find((call) => call.sipCallId === callId);
        // Messages are written a moment after they cross: read on for a few seconds after the end.
        return outcome?.endedAt && Date.now() - outcome.endedAt > 4000 ? false : 1000;
      },
    },
  );
  if (captures.isError && captures.error.status !== 404) return <Failure>{captures.error.message}</Failure>;
  if (!captures.data) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Waiting for the call&apos;s first message…</Text>
      </Group>
    );
  }
  const outcome = captures.data.calls.find((call) => call.sipCallId === callId) ?? null;
  return <SipLadder messages={captures.data.messages} outcome={outcome} />;
}
