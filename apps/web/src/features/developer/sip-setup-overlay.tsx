import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { endpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { confirmAction } from '../../app/confirm-action';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { targetOf, type Target } from './developer-format';
import { Copyable, Failure } from './sip-setup-parts';
import { CapturesStep } from './sip-setup-captures';
import { RegistrationStep } from './sip-setup-registration';
import { TestCallStep } from './sip-setup-test-call';

/** Step 1: the host and the URIs a PBX or trunk sends calls to. */
function AddressStep({ target }: { target: Target }) {
  const addresses = useApiQuery(endpoints.getSipAddresses, target);
  if (addresses.isPending) return <Loader size="sm" />;
  if (addresses.isError) return <Failure>{addresses.error.message}</Failure>;
  const { endpoint, agents } = addresses.data.addresses;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Point your phone system at <Code>{endpoint.host}</Code>
        {endpoint.port !== null && (
          <>
            {' '}
            port <Code>{endpoint.port}</Code> ({endpoint.transports.join(' or ').toUpperCase()})
          </>
        )}
        . A call&apos;s Request-URI names the agent that answers it; the caller&apos;s number goes in From, in
        E.164.
      </Text>
      {endpoint.port === null && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          This server is not answering SIP right now. Ask your administrator to turn the SIP endpoint on.
        </Alert>
      )}
      {agents.length === 0 && (
        <Text size="sm" c="dimmed">
          No agents yet: make one, then come back for its address.
        </Text>
      )}
      {agents.map((agent) => (
        <Paper key={agent.accountId} withBorder p="sm" radius="md" data-testid="sip-agent">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {agent.name}
            </Text>
            {agent.uris.map((uri) => (
              <Copyable key={uri} value={uri} label={`Copy ${uri}`} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Step 2: the addresses calls may come from. */
function WhitelistStep({ target }: { target: Target }) {
  const list = useApiQuery(endpoints.listSipIpWhitelist, target);
  const invalidates = [endpoints.listSipIpWhitelist];
  const add = useApiMutation(endpoints.addSipIpWhitelistEntry, { invalidates, showsError: true });
  const remove = useApiMutation(endpoints.deleteSipIpWhitelistEntry, { invalidates });
  const [ip, setIp] = useState('');
  const [label, setLabel] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    add.mutate(
      { ...target, body: { ip, label } },
      {
        onSuccess: () => {
          setIp('');
          setLabel('');
        },
      },
    );
  };
  const onRemove = async (entry: { ip: string; label: string }) => {
    const confirmed = await confirmAction({
      title: `Remove ${entry.ip}?`,
      message: `Calls from ${entry.label} are refused once it is gone.`,
      confirmLabel: 'Remove address',
      danger: true,
    });
    if (confirmed) remove.mutate({ ...target, body: { ip: entry.ip } });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        Only calls from these addresses are answered; others are refused with SIP 403. Add your PBX&apos;s or
        carrier&apos;s public address, or its range (<Code>198.51.100.0/24</Code>).
      </Text>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="IP address or range"
              placeholder="203.0.113.10"
              value={ip}
              onChange={(event) => {
                setIp(event.currentTarget.value);
                add.reset();
              }}
            />
            <TextInput
              label="Label"
              placeholder="Office PBX"
              value={label}
              maxLength={100}
              onChange={(event) => setLabel(event.currentTarget.value)}
            />
          </SimpleGrid>
          {add.isError && <Failure>{add.error.message}</Failure>}
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={ip.trim() === '' || label.trim() === ''}>
              Add address
            </Button>
          </Group>
        </Stack>
      </Paper>
      {list.isPending && <Loader size="sm" />}
      {list.isError && <Failure>{list.error.message}</Failure>}
      {list.data?.whitelist.length === 0 && (
        <Text size="sm" c="dimmed">
          No addresses yet: every SIP call is refused until you add one.
        </Text>
      )}
      {list.data?.whitelist.map((entry) => (
        <Group key={entry.ip} justify="space-between" wrap="nowrap" data-testid="sip-whitelist-row">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} truncate>
              {entry.label}
            </Text>
            <Code>{entry.ip}</Code>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${entry.ip}`}
            onClick={() => void onRemove(entry)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** Step 3: where outbound calls go, in the route grammar. */
function RoutesStep({ target }: { target: Target }) {
  const list = useApiQuery(endpoints.listSipOutboundRoutes, target);
  const invalidates = [endpoints.listSipOutboundRoutes];
  const add = useApiMutation(endpoints.addSipOutboundRoute, { invalidates, showsError: true });
  const remove = useApiMutation(endpoints.deleteSipOutboundRoute, { invalidates });
  const [route, setRoute] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    add.mutate({ ...target, body: { route } }, { onSuccess: () => setRoute('') });
  };
  const onRemove = async (existing: string) => {
    const confirmed = await confirmAction({
      title: 'Remove this route?',
      message: `Outbound calls stop going to ${existing}.`,
      confirmLabel: 'Remove route',
      danger: true,
    });
    if (confirmed) remove.mutate({ ...target, body: { route: existing } });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        Outbound calls (tasks, transfers) go to your trunk or PBX through a route:{' '}
        <Code>{'host[:port][;transport=udp|tcp][;proxyAddress=host[:port]]'}</Code>. The port defaults to 5060
        and the transport to UDP.
      </Text>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Route"
            placeholder="sip.example.com:5060;transport=tcp"
            description="For example sip.example.com, or sip.example.com;proxyAddress=proxy.example.com:6000"
            value={route}
            onChange={(event) => {
              setRoute(event.currentTarget.value);
              add.reset();
            }}
            error={add.isError ? add.error.message : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={route.trim() === ''}>
              Add route
            </Button>
          </Group>
        </Stack>
      </Paper>
      {list.isPending && <Loader size="sm" />}
      {list.isError && <Failure>{list.error.message}</Failure>}
      {list.data?.routes.length === 0 && (
        <Text size="sm" c="dimmed">
          No routes yet.
        </Text>
      )}
      {list.data?.routes.map((existing) => (
        <Group key={existing} justify="space-between" wrap="nowrap" data-testid="sip-route-row">
          <Code style={{ overflowWrap: 'anywhere' }}>{existing}</Code>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${existing}`}
            onClick={() => void onRemove(existing)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

const steps = [
  { label: 'Address', description: 'Where your phone system sends calls', Step: AddressStep },
  { label: 'Allowed IPs', description: 'Who may call your agents', Step: WhitelistStep },
  { label: 'Outbound', description: 'Where outbound calls go', Step: RoutesStep },
  { label: 'Registration', description: 'Register to your PBX like a desk phone', Step: RegistrationStep },
  {
    label: 'Test call',
    description: 'Call out and in, and read each call’s SIP messages',
    Step: TestCallStep,
  },
  { label: 'Captures', description: 'Recent SIP messages, call by call', Step: CapturesStep },
] as const;

/** sipSetup: a guided setup for connecting a PBX or SIP trunk, one step at a time, each step also reachable directly. */
export function SipSetupOverlay(_props: OverlayProps) {
  const { accountId } = usePathAccount();
  const target = targetOf(accountId);
  const [active, setActive] = useState(0);
  const wide = useMediaQuery('(min-width: 768px)', true);
  const last = steps.length - 1;
  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={setActive}
        size={wide ? 'xs' : 'sm'}
        iconSize={wide ? 28 : 30}
        wrap={false}
        styles={{ stepLabel: { whiteSpace: 'nowrap' }, separator: { marginInline: 6 } }}
        allowNextStepsSelect
      >
        {steps.map(({ label, description, Step }) => (
          <Stepper.Step key={label} label={wide ? label : undefined} aria-label={label}>
            <Stack gap="sm" mt="md">
              <Text fw={600} size="sm">
                {wide ? description : `${label}: ${description}`}
              </Text>
              <Step target={target} />
            </Stack>
          </Stepper.Step>
        ))}
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => setActive(active - 1)}>
          Back
        </Button>
        {active < last && (
          <Button onClick={() => setActive(active + 1)}>Next: {steps[active + 1]?.label}</Button>
        )}
      </Group>
    </Stack>
  );
}
