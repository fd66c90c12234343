import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { endpoints, type ForwardingView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { IconAlertTriangle, IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { useOverlay } from '../../app/overlays/use-overlay';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { callApi } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api';
import { checkForwarding, forwardingCodes, readOwnNumber, type CarrierCodes } from './own-number-actions';
import { useAgentNumber, useNumberChanged, useNumberTarget } from './use-agent-number';

const verifiedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function CodesTable({ codes }: { codes: CarrierCodes }) {
  const rows: [string, string][] = [
    ['Forward every call', codes.all.on],
    ['Stop forwarding every call', codes.all.off],
  ];
  if (codes.conditional) {
    rows.push(['Forward when you do not answer', codes.conditional.noAnswer]);
    if (codes.conditional.busy !== codes.conditional.noAnswer) {
      rows.push(['Forward when you are on another call', codes.conditional.busy]);
    }
    if (codes.conditional.unreachable)
      rows.push(['Forward when your phone is off', codes.conditional.unreachable]);
    rows.push(['Stop forwarding these', codes.conditional.off]);
  }
  return (
    <Stack gap="xs">
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, dial]) => (
            <Table.Tr key={label}>
              <Table.Td>
                <Text size="sm">{label}</Text>
              </Table.Td>
              <Table.Td>
                <Code fz="sm">{dial}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {codes.note && (
        <Text size="xs" c="dimmed">
          {codes.note}
        </Text>
      )}
    </Stack>
  );
}

function ForwardingResult({ forwarding }: { forwarding: ForwardingView }) {
  if (forwarding.status === 'verified') {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Forwarding works">
        A test call to {formatPhoneForDisplay(forwarding.cellNumber ?? '')} reached the agent with the
        caller’s number.
      </Alert>
    );
  }
  if (forwarding.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Forwarding is not working yet"
      >
        {forwarding.failure}
      </Alert>
    );
  }
  return null;
}

/** Runs the check: the platform calls the cell and watches for the call at the agent's number. */
function ForwardingCheck({ targetAccountId }: { targetAccountId: number | null }) {
  const target = targetAccountId === null ? {} : { targetAccountId };
  const state = useApiQuery(
    endpoints.validateVerifiedNumber,
    { ...target, body: { listen: false } },
    { retry: false },
  );
  const changed = useNumberChanged();
  const [cell, setCell] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ForwardingView | null>(null);

  const run = async (event: SyntheticEvent) => {
    event.preventDefault();
    const read = readOwnNumber(cell);
    if ('error' in read) {
      setFieldError(read.error.replace('the number you want to bring', 'your cell number'));
      return;
    }
    setFieldError(null);
    setFailure(null);
    setResult(null);
    setRunning(true);
    const outcome = await checkForwarding(callApi, read.number, targetAccountId);
    setRunning(false);
    if (!outcome.ok) setFailure(outcome.message);
    else setResult(outcome.forwarding);
    await changed();
  };

  const verifiedAt = state.data?.forwarding.verifiedAt;
  return (
    <form onSubmit={(event) => void run(event)}>
      <Stack gap="sm">
        <Title order={3} fz="sm">
          Check it works
        </Title>
        {verifiedAt && (
          <Text size="sm" c="dimmed">
            Verified from {formatPhoneForDisplay(state.data?.forwarding.verifiedCell ?? '')} on{' '}
            {verifiedFormat.format(new Date(verifiedAt))}.
          </Text>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Your cell number"
            placeholder="(312) 555-0170"
            inputMode="tel"
            value={cell}
            onChange={(event) => setCell(event.currentTarget.value)}
            error={fieldError}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" loading={running}>
            Check forwarding
          </Button>
        </Group>
        {running && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Calling your cell… let it ring; the call should arrive at the agent.</Text>
          </Group>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        {result && <ForwardingResult forwarding={result} />}
      </Stack>
    </form>
  );
}

/** On the sandbox phone network there is no cell to dial codes on: this sets the fictional cell's forwarding. */
function SandboxForwarding({ agentNumber }: { agentNumber: string }) {
  const [cell, setCell] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const set = async (forwardTo: string | null) => {
    const read = readOwnNumber(cell);
    if ('error' in read) {
      setMessage({
        ok: false,
        text: read.error.replace('the number you want to bring', 'the sandbox cell number'),
      });
      return;
    }
    try {
      await callApi(endpoints.setSandboxCallForwarding, { body: { cellNumber: read.number, forwardTo } });
      const shown = formatPhoneForDisplay(read.number);
      setMessage({
        ok: true,
        text: forwardTo
          ? `${shown} now forwards to ${formatPhoneForDisplay(forwardTo)}.`
          : `${shown} no longer forwards.`,
      });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : 'Could not set forwarding.' });
    }
  };
  return (
    <Alert color="grape" variant="light" icon={<IconFlask size={18} />} title="Sandbox phone network">
      <Stack gap="xs">
        <Text size="sm">
          This agent’s number is on the offline sandbox network. Instead of dialing the codes on a real phone,
          set a pretend cell to forward here (the same as dialing *72 on it), then check it below with that
          cell number.
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            aria-label="Sandbox cell number"
            placeholder="(312) 555-0170"
            value={cell}
            onChange={(event) => setCell(event.currentTarget.value)}
            style={{ flex: '1 1 10rem' }}
          />
          <Button size="xs" variant="light" onClick={() => void set(agentNumber)}>
            Forward to the agent
          </Button>
          <Button size="xs" variant="subtle" onClick={() => void set(null)}>
            Stop
          </Button>
        </Group>
        {message && (
          <Text size="sm" c={message.ok ? 'teal' : 'red'} role={message.ok ? undefined : 'alert'}>
            {message.text}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** forwardingInstructions: the carrier codes that forward a cell to the agent's number, and a check that it works. */
export function ForwardingOverlay({ value }: OverlayProps) {
  const targetAccountId = useNumberTarget(value);
  const { current, isPending, error } = useAgentNumber(targetAccountId);
  const { open } = useOverlay();
  if (isPending) return <Loader size="sm" />;
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {error.message}
      </Alert>
    );
  }
  if (current.number === null) {
    return (
      <Stack gap="md" align="flex-start">
        <Text>Calls can be forwarded once the agent has a phone number.</Text>
        <Group>
          <Button onClick={() => open('selectNumber', targetAccountId)}>Choose a number</Button>
          <Button variant="default" onClick={() => open('addCustomNumber', targetAccountId)}>
            Bring your own
          </Button>
        </Group>
      </Stack>
    );
  }
  const carriers = forwardingCodes(current.number);
  const sandbox = current.held?.carrier === 'sandbox';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm">
          Forward your cell to the agent’s number{' '}
          <Text span fw={700}>
            {formatPhoneForDisplay(current.number)}
          </Text>{' '}
          {sandbox && (
            <Badge size="sm" variant="light" color="grape">
              Sandbox
            </Badge>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          Dial the code on your cell and press call. Forwarding keeps the caller’s own number, so the agent
          knows who is calling. On an iPhone, turn off Live Voicemail or unanswered calls are not forwarded.
        </Text>
      </Stack>
      <Tabs defaultValue={carriers[0]?.carrier ?? ''} keepMounted={false}>
        <Tabs.List>
          {carriers.map((codes) => (
            <Tabs.Tab key={codes.carrier} value={codes.carrier}>
              {codes.carrier}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {carriers.map((codes) => (
          <Tabs.Panel key={codes.carrier} value={codes.carrier} pt="sm">
            <CodesTable codes={codes} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {sandbox && <SandboxForwarding agentNumber={current.number} />}
      <ForwardingCheck targetAccountId={targetAccountId} />
    </Stack>
  );
}
