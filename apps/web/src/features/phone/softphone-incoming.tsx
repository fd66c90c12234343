import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { endpoints, sandboxPhoneEventsPath } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { IconPhoneCall, IconPhoneIncoming, IconPhoneX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { readSessionToken } from '../../lib/session';
import { useApiMutation } from '../../lib/use-api';

export interface IncomingCall {
  callId: string;
  from: string;
  to: string;
  ringSeconds: number;
  /** An agent is putting a caller (`from`) through to you. */
  transfer: boolean;
}

type RingEvent =
  | ({ event: 'incoming'; transfer?: boolean } & Omit<IncomingCall, 'transfer'>)
  | { event: 'ringEnded'; callId: string; reason: string }
  | { event: 'ready' };

/**
 * The calls ringing this person's softphone, heard on the page's events socket while the page is open (the
 * network rings open pages only). Reconnects after a dropped socket.
 */
export function useIncomingCalls(enabled: boolean): {
  ringing: IncomingCall[];
  missed: IncomingCall | null;
  dismiss: (callId: string) => void;
} {
  const [ringing, setRinging] = useState<IncomingCall[]>([]);
  const [missed, setMissed] = useState<IncomingCall | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const open = () => {
      const url = new URL(sandboxPhoneEventsPath, window.location.origin);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.searchParams.set('token', readSessionToken() ?? '');
      socket = new WebSocket(url);
      socket.onmessage = (message: MessageEvent<string>) => {
        const event = JSON.parse(message.data) as RingEvent;
        if (event.event === 'incoming') {
          const { callId, from, to, ringSeconds, transfer } = event;
          setRinging((current) => [
            ...current.filter((call) => call.callId !== callId),
            { callId, from, to, ringSeconds, transfer: transfer === true },
          ]);
        } else if (event.event === 'ringEnded') {
          setRinging((current) => {
            const ended = current.find((call) => call.callId === event.callId);
            if (ended && (event.reason === 'no-answer' || event.reason === 'canceled')) setMissed(ended);
            return current.filter((call) => call.callId !== event.callId);
          });
        }
      };
      socket.onclose = (event) => {
        if (stopped || event.code === 4401) return;
        retry = setTimeout(open, 2_000);
      };
    };
    open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    };
  }, [enabled]);
  return {
    ringing,
    missed,
    dismiss: (callId) => {
      setRinging((current) => current.filter((call) => call.callId !== callId));
      setMissed(null);
    },
  };
}

/** A call ringing the softphone: who is calling, Answer (connects it) and Decline (the caller hears busy). */
export function IncomingCallPanel({
  call,
  busy,
  onAnswered,
  onDeclined,
}: {
  call: IncomingCall;
  /** Another call is live on the softphone: answering waits until it ends. */
  busy: boolean;
  onAnswered: (answered: { callId: string; status: 'in-progress' | 'completed' }) => void;
  onDeclined: () => void;
}) {
  const answer = useApiMutation(endpoints.answerSandboxCall);
  const decline = useApiMutation(endpoints.declineSandboxCall);
  const failure = answer.error ?? decline.error;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="alertdialog"
      aria-label={call.transfer ? 'Incoming transferred call' : 'Incoming call'}
      aria-live="assertive"
      bg="var(--mantine-color-teal-light)"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconPhoneIncoming size={20} aria-hidden />
            <Text size="sm" fw={600}>
              {call.transfer ? 'Transferred call' : 'Incoming call'}
            </Text>
          </Group>
          <Badge color="orange" variant="light">
            Sandbox phone network
          </Badge>
        </Group>
        <Stack gap={0}>
          <Text fw={700} fz="xl" style={{ whiteSpace: 'nowrap' }} data-testid="incoming-from">
            {formatPhoneForDisplay(call.from)}
          </Text>
          <Text size="xs" c="dimmed">
            {call.transfer ? 'put through by an agent to ' : 'to '}your softphone{' '}
            <span style={{ whiteSpace: 'nowrap' }}>{formatPhoneForDisplay(call.to)}</span>
          </Text>
        </Stack>
        <Group grow>
          <Button
            color="red"
            variant="light"
            leftSection={<IconPhoneX size={18} />}
            loading={decline.isPending}
            disabled={answer.isPending}
            onClick={() =>
              decline.mutate({ params: { callId: call.callId } }, { onSuccess: () => onDeclined() })
            }
          >
            Decline
          </Button>
          <Button
            color="teal"
            leftSection={<IconPhoneCall size={18} />}
            loading={answer.isPending}
            disabled={busy || decline.isPending}
            onClick={() =>
              // The network tells the page the ring ended (answered) before this answer arrives, which unmounts
              // the panel: the promise, unlike mutate's callbacks, still hands the call to the page.
              void answer
                .mutateAsync({ params: { callId: call.callId } })
                .then(onAnswered)
                .catch(() => undefined)
            }
          >
            Answer
          </Button>
        </Group>
        {busy && (
          <Text size="xs" c="dimmed">
            Hang up the call you are on to answer this one.
          </Text>
        )}
        {failure && <Alert color="red">{failure.message}</Alert>}
      </Stack>
    </Paper>
  );
}
