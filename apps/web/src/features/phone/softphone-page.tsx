import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { IconMessage, IconMicrophoneOff, IconPhone, IconPhoneOff } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { readSessionToken } from '../../lib/session';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { SoftphoneCall, type CallSnapshot, type SaidLine } from './softphone-call';
import { IncomingCallPanel, useIncomingCalls } from './softphone-incoming';
import { SoftphoneMessages } from './softphone-messages';
import { SoftphoneNumber } from './softphone-number';
import classes from './softphone.module.css';

const keys = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
] as const;

const speakers: Record<SaidLine['role'], string> = { agent: 'Agent', contact: 'You', network: 'Network' };
const endings: Record<string, string> = {
  caller: 'You hung up',
  agent: 'The other side hung up',
  transfer: 'The agent transferred the call',
  'not-in-service': 'Not in service',
  network: 'The call ended',
};

const idle: CallSnapshot = {
  phase: 'ended',
  transcript: [],
  ended: null,
  transfer: null,
  error: null,
  muted: false,
  startedAt: null,
};
const noCall = { subscribe: () => () => undefined, getSnapshot: () => idle };

function useCall(call: SoftphoneCall | null): CallSnapshot {
  const source = call ?? noCall;
  return useSyncExternalStore(source.subscribe, source.getSnapshot);
}

function useSeconds(since: number | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * `/app/dev/phone`: the sandbox phone network's softphone. The person calls from their own fictional number; a
 * call to an agent's number is answered by the agent (the same path a carrier's call takes) and carried as 16 kHz
 * audio from the microphone; the keypad sends digits during a call; what is said shows as it is said.
 */
export function SoftphonePage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'messages' ? 'messages' : 'calls';
  const [to, setTo] = useState(search.get('to') ?? '');
  const [call, setCall] = useState<SoftphoneCall | null>(null);
  const [announcement, setAnnouncement] = useState<SaidLine | null>(null);
  const softphone = useApiQuery(endpoints.softphone, {}, { retry: false });
  const dial = useApiMutation(endpoints.dialSandboxCall, { showsError: true });
  const snapshot = useCall(call);
  const live = call !== null && snapshot.phase !== 'ended';
  const seconds = useSeconds(snapshot.startedAt, live);

  useEffect(() => () => call?.dispose(), [call]);
  const incoming = useIncomingCalls(softphone.isSuccess);
  const ringing = incoming.ringing[0] ?? null;
  const connect = (callId: string) => {
    setAnnouncement(null);
    setCall(new SoftphoneCall(window.location.origin, callId, readSessionToken() ?? ''));
  };

  const start = () => {
    setAnnouncement(null);
    dial.mutate(
      { body: { to: to.trim() } },
      {
        onSuccess: (dialed) => {
          if (dialed.status === 'completed') {
            setCall(null);
            setAnnouncement({
              role: 'network',
              text: dialed.announcement ?? 'The call could not be completed.',
            });
            return;
          }
          connect(dialed.callId);
        },
      },
    );
  };
  const press = (digit: string) => {
    if (live) call.pressDigit(digit);
    else setTo((current) => current + digit);
  };

  if (softphone.isError && softphone.error.status === 404) {
    return (
      <Container size="xs" py="xl">
        <Alert color="gray" title="No sandbox phone network here">
          Calls go through a real carrier on this server, so there is no softphone.
        </Alert>
      </Container>
    );
  }

  const transcript = announcement ? [announcement] : snapshot.transcript;
  const transfer = snapshot.transfer;
  const status = live
    ? snapshot.phase === 'connecting'
      ? 'Connecting…'
      : transfer
        ? `${transfer.state === 'ringing' ? 'Transferring to' : 'Connected to'} ${formatPhoneForDisplay(transfer.to)} · ${clock(seconds)}`
        : `In call · ${clock(seconds)}`
    : announcement
      ? 'From the network'
      : snapshot.ended
        ? `${endings[snapshot.ended.reason] ?? endings.network}${snapshot.ended.transferredTo ? ` to ${formatPhoneForDisplay(snapshot.ended.transferredTo)}` : ''}${snapshot.ended.duration !== null ? ` · ${clock(snapshot.ended.duration)}` : ''}`
        : 'Ready';

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              Sandbox phone
            </Title>
            <Badge color="orange" variant="light">
              Sandbox phone network
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            A softphone on the offline sandbox phone network: every number is fictional and no call leaves
            this machine. Call an agent’s number to talk to it from your microphone, or text it from Messages:
            texts agents send to your number arrive there. Calls agents place to your number ring here while
            this page is open; dial *72 and a number to forward your calls, *73 to stop.
          </Text>
        </Stack>
        {softphone.isError && <Alert color="red">{softphone.error.message}</Alert>}
        <SoftphoneNumber number={softphone.data?.phoneNumber ?? null} disabled={live} />
        {ringing && (
          <IncomingCallPanel
            key={ringing.callId}
            call={ringing}
            busy={live}
            onDeclined={() => incoming.dismiss(ringing.callId)}
            onAnswered={(answered) => {
              incoming.dismiss(ringing.callId);
              if (answered.status === 'in-progress') connect(answered.callId);
            }}
          />
        )}
        {!ringing && incoming.missed && (
          <Alert color="gray" withCloseButton onClose={() => incoming.dismiss(incoming.missed?.callId ?? '')}>
            Missed call from {formatPhoneForDisplay(incoming.missed.from)}
          </Alert>
        )}
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'messages') next.set('tab', 'messages');
                else next.delete('tab');
                return next;
              },
              { replace: true },
            )
          }
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="calls" leftSection={<IconPhone size={16} />}>
              Calls
            </Tabs.Tab>
            <Tabs.Tab value="messages" leftSection={<IconMessage size={16} />}>
              Messages
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="messages">
            <SoftphoneMessages initialTo={to.trim()} />
          </Tabs.Panel>
          <Tabs.Panel value="calls">
            <div className={classes.layout}>
              <Card withBorder radius="md" p="md" className={classes.dialer}>
                <Stack gap="sm">
                  <TextInput
                    label="Number to call"
                    placeholder="+1 (303) 555-0100"
                    value={to}
                    onChange={(event) => setTo(event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && !live && to.trim() !== '') start();
                    }}
                    readOnly={live}
                    size="md"
                    inputMode="tel"
                  />
                  <SimpleGrid cols={3} spacing="xs" aria-label="Keypad">
                    {keys.map(([digit, letters]) => (
                      <UnstyledButton
                        key={digit}
                        className={classes.key}
                        onClick={() => press(digit)}
                        aria-label={live ? `Press ${digit}` : `Dial ${digit}`}
                      >
                        <span className={classes.digit}>{digit}</span>
                        <span className={classes.letters}>{letters || '\u00a0'}</span>
                      </UnstyledButton>
                    ))}
                  </SimpleGrid>
                  {live ? (
                    <Group grow>
                      <Button
                        variant="default"
                        leftSection={<IconMicrophoneOff size={18} />}
                        onClick={() => call.setMuted(!snapshot.muted)}
                      >
                        {snapshot.muted ? 'Unmute' : 'Mute'}
                      </Button>
                      <Button
                        color="red"
                        leftSection={<IconPhoneOff size={18} />}
                        onClick={() => call.hangUp()}
                      >
                        Hang up
                      </Button>
                    </Group>
                  ) : (
                    <Button
                      color="teal"
                      size="md"
                      leftSection={<IconPhone size={18} />}
                      loading={dial.isPending}
                      disabled={to.trim() === '' || softphone.isPending}
                      onClick={start}
                    >
                      Call
                    </Button>
                  )}
                  {dial.isError && <Alert color="red">{dial.error.message}</Alert>}
                  {snapshot.error && (
                    <Alert color="orange" title="Microphone">
                      {snapshot.error}
                    </Alert>
                  )}
                </Stack>
              </Card>
              <Paper withBorder radius="md" p="md" className={classes.transcript}>
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>Call</Text>
                  <Text size="sm" c={live ? 'teal' : 'dimmed'} aria-live="polite" data-testid="call-status">
                    {status}
                  </Text>
                </Group>
                <ScrollArea.Autosize mah={360} type="auto">
                  <Stack gap="xs" aria-label="Transcript">
                    {transcript.length === 0 && (
                      <Text size="sm" c="dimmed">
                        What is said on the call shows here as it is said.
                      </Text>
                    )}
                    {transcript.map((line, index) => (
                      <div key={index} className={classes.line} data-role={line.role}>
                        <Text size="xs" c="dimmed">
                          {speakers[line.role]}
                        </Text>
                        <Text size="sm">{line.text}</Text>
                      </div>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </Paper>
            </div>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
