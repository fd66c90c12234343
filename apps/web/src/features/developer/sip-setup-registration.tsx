import {
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { endpoints, type SipRegistrationView } from '@switchboard/contract';
import { useState, type SyntheticEvent } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { type Target } from './developer-format';
import { Failure, timeLabel } from './sip-setup-parts';

const stateLabels: Record<SipRegistrationView['state'], { label: string; color: string }> = {
  registering: { label: 'Registering…', color: 'blue' },
  registered: { label: 'Registered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  unregistered: { label: 'Not registered', color: 'gray' },
};

function RegistrationStatus({ registration, target }: { registration: SipRegistrationView; target: Target }) {
  const remove = useApiMutation(endpoints.deleteSipRegistration, {
    invalidates: [endpoints.getSipRegistration],
  });
  const state = stateLabels[registration.state];
  const onRemove = async () => {
    const confirmed = await confirmAction({
      title: 'Unregister from your phone system?',
      message: `The platform stops registering as ${registration.aor}.`,
      confirmLabel: 'Unregister',
      danger: true,
    });
    if (confirmed) remove.mutate(target, { onSuccess: () => notify('Registration removed') });
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="sip-registration">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {registration.aor}
          </Text>
          <Badge color={state.color} variant="light">
            {state.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {registration.proxy ?? registration.sipRealm}:{registration.port} over{' '}
          {registration.transport.toUpperCase()} · as {registration.authUsername} · last try{' '}
          {timeLabel(registration.lastAttemptAt)}
          {registration.expiresAt !== null && ` · renews before ${timeLabel(registration.expiresAt)}`}
        </Text>
        {registration.lastError && (
          <Text size="sm" c="red" data-testid="sip-registration-error">
            {registration.lastError}
          </Text>
        )}
        <Button
          variant="subtle"
          color="red"
          size="compact-xs"
          style={{ alignSelf: 'flex-start' }}
          loading={remove.isPending}
          onClick={() => void onRemove()}
        >
          Unregister
        </Button>
      </Stack>
    </Paper>
  );
}

/** Step 4 (instead of routes, or beside them): register to a PBX like a desk phone does. */
export function RegistrationStep({ target }: { target: Target }) {
  const current = useApiQuery(endpoints.getSipRegistration, target, {
    retry: false,
    // While a REGISTER is on its way the outcome is read again shortly.
    refetchInterval: (query) => (query.state.data?.registration.state === 'registering' ? 1500 : false),
  });
  const save = useApiMutation(endpoints.saveSipRegistration, {
    invalidates: [endpoints.getSipRegistration],
    showsError: true,
  });
  const existing = current.data?.registration;
  const [form, setForm] = useState({
    username: '',
    authUsername: '',
    password: '',
    sipRealm: '',
    proxy: '',
    port: 5060,
    transport: 'udp' as 'udp' | 'tcp',
  });
  const [editing, setEditing] = useState(false);
  const set = (change: Partial<typeof form>) => {
    setForm((previous) => ({ ...previous, ...change }));
    save.reset();
  };
  const startEditing = (registration: SipRegistrationView) => {
    setForm({
      username: registration.username,
      authUsername: registration.authUsername === registration.username ? '' : registration.authUsername,
      password: '',
      sipRealm: registration.sipRealm,
      proxy: registration.proxy ?? '',
      port: registration.port,
      transport: registration.transport,
    });
    setEditing(true);
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ...target,
        body: {
          username: form.username,
          password: form.password,
          sipRealm: form.sipRealm,
          port: form.port,
          transport: form.transport,
          ...(form.authUsername.trim() ? { authUsername: form.authUsername } : {}),
          ...(form.proxy.trim() ? { proxy: form.proxy } : {}),
        },
      },
      {
        onSuccess: () => {
          setForm((previous) => ({ ...previous, password: '' }));
          setEditing(false);
        },
      },
    );
  };
  const missing = current.isError && current.error.status === 404;
  if (current.isPending) return <Loader size="sm" />;
  if (current.isError && !missing) return <Failure>{current.error.message}</Failure>;
  const showForm = !existing || editing;
  return (
    <Stack gap="sm">
      <Text size="sm">
        If your PBX expects its extensions to register, the platform can register as one (digest
        authentication), keep the registration fresh, and take the calls your PBX sends to it. The password is
        stored sealed and never shown again.
      </Text>
      {existing && <RegistrationStatus registration={existing} target={target} />}
      {existing && !editing && (
        <Button
          variant="default"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => startEditing(existing)}
        >
          Change registration
        </Button>
      )}
      {showForm && (
        <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Extension or user name"
                placeholder="1001"
                value={form.username}
                onChange={(event) => set({ username: event.currentTarget.value })}
              />
              <TextInput
                label="PBX domain (realm)"
                placeholder="pbx.example.com"
                value={form.sipRealm}
                onChange={(event) => set({ sipRealm: event.currentTarget.value })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Authentication user name"
                description="When it differs from the extension"
                value={form.authUsername}
                onChange={(event) => set({ authUsername: event.currentTarget.value })}
              />
              <PasswordInput
                label="Password"
                description={existing ? 'Enter it again to save a change' : 'Never shown back'}
                autoComplete="new-password"
                value={form.password}
                onChange={(event) => set({ password: event.currentTarget.value })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Proxy"
                description="Where REGISTER goes, when not the domain"
                placeholder="pbx.example.com"
                value={form.proxy}
                onChange={(event) => set({ proxy: event.currentTarget.value })}
              />
              <NumberInput
                label="Port"
                min={1}
                max={65535}
                allowDecimal={false}
                value={form.port}
                onChange={(value) => set({ port: typeof value === 'number' ? value : Number(value) || 5060 })}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Transport
              </Text>
              <SegmentedControl
                value={form.transport}
                onChange={(value) => set({ transport: value === 'tcp' ? 'tcp' : 'udp' })}
                data={[
                  { value: 'udp', label: 'UDP' },
                  { value: 'tcp', label: 'TCP' },
                ]}
              />
            </Stack>
            {save.isError && <Failure>{save.error.message}</Failure>}
            <Group justify="flex-end">
              {editing && (
                <Button variant="subtle" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              )}
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!form.username.trim() || !form.sipRealm.trim() || !form.password}
              >
                {existing ? 'Save and register again' : 'Register'}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
