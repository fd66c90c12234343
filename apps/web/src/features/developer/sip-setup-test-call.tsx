import {
  Button,
  Code,
  Divider,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { useState, type SyntheticEvent } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { type Target } from './developer-format';
import { CallLadder, SipLadder } from './sip-setup-ladder';
import { Copyable, Failure } from './sip-setup-parts';

type Captures = ResponseOf<typeof endpoints.listSipCaptures>;
type Agent = ResponseOf<typeof endpoints.getSipAddresses>['addresses']['agents'][number];

/** Outbound: the agent calls a number over its route or registration; the call's ladder follows it. */
function OutboundTest({ agent, target }: { agent: Agent; target: Target }) {
  const [number, setNumber] = useState('');
  const [callId, setCallId] = useState<string | null>(null);
  const place = useApiMutation(endpoints.placeSipTestCall);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setCallId(null);
    place.mutate(
      { targetAccountId: agent.accountId, body: { number } },
      { onSuccess: (answer) => setCallId(answer.callId) },
    );
  };
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Number to call"
            description={`${agent.name} calls it, and talks with whoever answers`}
            placeholder="+15551234567"
            value={number}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              place.reset();
            }}
          />
          {place.isError && <Failure>{place.error.message}</Failure>}
          <Group justify="flex-end">
            <Button type="submit" loading={place.isPending} disabled={number.trim() === ''}>
              Place test call
            </Button>
          </Group>
        </Stack>
      </Paper>
      {place.data && callId && (
        <Stack gap="xs" data-testid="sip-test-call">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Placed by {place.data.via}. Call-ID <Code>{callId}</Code>
          </Text>
          <CallLadder key={callId} target={target} callId={callId} />
        </Stack>
      )}
    </Stack>
  );
}

/** The newest call whose first INVITE came in, with its messages and record. */
function latestInbound(captures: Captures | undefined) {
  const byCall = new Map<string, Captures['messages']>();
  for (const message of captures?.messages ?? []) {
    byCall.set(message.sipCallId, [...(byCall.get(message.sipCallId) ?? []), message]);
  }
  const inbound = [...byCall.entries()].filter(
    ([, messages]) => messages.find((message) => message.summary === 'INVITE')?.direction === 'in',
  );
  const newest = inbound.at(-1);
  if (!newest) return null;
  const [callId, messages] = newest;
  return { callId, messages, outcome: captures?.calls.find((call) => call.sipCallId === callId) ?? null };
}

/** Inbound: the address to call, then the ladder of the newest call that came in (in the last hour). */
function InboundTest({ agent, target }: { agent: Agent; target: Target }) {
  const [since] = useState(() => Date.now() - 3600 * 1000);
  const captures = useApiQuery(
    endpoints.listSipCaptures,
    { ...target, query: { from: since } },
    { retry: false, refetchInterval: 3000 },
  );
  const latest = latestInbound(captures.data);
  return (
    <Stack gap="sm">
      <Text size="sm">Call {agent.name} from your phone system at:</Text>
      {agent.uris.map((uri) => (
        <Copyable key={uri} value={uri} label={`Copy ${uri}`} />
      ))}
      {captures.isPending && <Loader size="sm" />}
      {captures.isError && captures.error.status !== 404 && <Failure>{captures.error.message}</Failure>}
      {!captures.isPending && !latest && (
        <Text size="sm" c="dimmed">
          No call has come in yet. Its messages appear here as soon as one does.
        </Text>
      )}
      {latest && (
        <Stack gap="xs" data-testid="sip-inbound-call">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Latest call in: <Code>{latest.callId}</Code>
          </Text>
          <SipLadder messages={latest.messages} outcome={latest.outcome} />
        </Stack>
      )}
    </Stack>
  );
}

/** Step 5: a test call each way, each shown as a ladder of its SIP messages with what went wrong. */
export function TestCallStep({ target }: { target: Target }) {
  const addresses = useApiQuery(endpoints.getSipAddresses, target);
  const [chosen, setChosen] = useState<string | null>(null);
  if (addresses.isPending) return <Loader size="sm" />;
  if (addresses.isError) return <Failure>{addresses.error.message}</Failure>;
  const { agents } = addresses.data.addresses;
  const agent = agents.find((each) => String(each.accountId) === chosen) ?? agents[0];
  if (!agent) {
    return (
      <Text size="sm" c="dimmed">
        No agents yet: a test call is made by an agent, so make one first.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {agents.length > 1 && (
        <Select
          label="Agent"
          data={agents.map((each) => ({ value: String(each.accountId), label: each.name }))}
          value={String(agent.accountId)}
          onChange={setChosen}
          allowDeselect={false}
        />
      )}
      <Title order={4}>Outbound</Title>
      <OutboundTest key={agent.accountId} agent={agent} target={target} />
      <Divider />
      <Title order={4}>Inbound</Title>
      <InboundTest agent={agent} target={target} />
    </Stack>
  );
}
