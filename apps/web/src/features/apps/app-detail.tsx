import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { endpoints, type AppView } from '@switchboard/contract';
import { IconArrowLeft, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { ExternalAnchor } from '../../app/external-anchor';
import { notify } from '../../app/notify';
import { useApiMutation } from '../../lib/use-api';
import { credentialFields, credentialsBody, missingCredentials } from './app-forms';
import { appQueries, withAccount } from './use-apps';

interface AppDetailProps {
  app: AppView;
  accountId: number | null;
  onBack: () => void;
}

type Check = { ok: boolean; message: string } | null;

/** One app: what it lets agents do, its credentials, install, save, test and uninstall. */
export function AppDetail({ app, accountId, onBack }: AppDetailProps) {
  const fields = credentialFields(app);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, field.value])),
  );
  const [check, setCheck] = useState<Check>(null);
  const [error, setError] = useState<string | null>(null);
  const scope = { params: { appId: app.appId, appVersion: app.appVersion }, ...withAccount(accountId) };
  const shown = { invalidates: appQueries, showsError: true };
  const install = useApiMutation(endpoints.installApp, shown);
  const update = useApiMutation(endpoints.updateApp, shown);
  const uninstall = useApiMutation(endpoints.uninstallApp, shown);
  const missing = missingCredentials(fields, values);

  const save = (reload: boolean) => {
    setError(null);
    setCheck(null);
    const body = { app: credentialsBody(app, values), reload };
    const options = {
      onSuccess: (answer: { message: string; check: { ok: boolean; message: string } | null }) => {
        notify(answer.message, { tone: 'success' });
        setCheck(answer.check);
        // Secrets are never sent back: clear them from the form once stored.
        setValues((current) =>
          Object.fromEntries(
            Object.entries(current).map(([key, value]) => [
              key,
              fields.find((f) => f.key === key)?.secret ? '' : value,
            ]),
          ),
        );
      },
      onError: (failure: Error) => setError(failure.message),
    };
    if (app.installed) update.mutate({ ...scope, body }, options);
    else install.mutate({ ...scope, body }, options);
  };

  const remove = async () => {
    const agents = app.usedByAgents;
    const confirmed = await confirmAction({
      title: `Uninstall ${app.name}?`,
      message:
        agents > 0
          ? `${agents} agent${agents === 1 ? ' uses' : 's use'} it; they stop offering its functions. Its credentials are deleted.`
          : 'Its credentials are deleted.',
      confirmLabel: 'Uninstall',
      danger: true,
    });
    if (!confirmed) return;
    uninstall.mutate(scope, {
      onSuccess: () => {
        notify(`${app.name} uninstalled`, { tone: 'success' });
        onBack();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  const busy = install.isPending || update.isPending || uninstall.isPending;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} px={0}>
          All apps
        </Button>
        {app.installed ? (
          <Badge color={app.setupComplete ? 'teal' : 'orange'} variant="light" size="lg">
            {app.setupComplete ? 'Installed' : 'Needs setup'}
          </Badge>
        ) : null}
      </Group>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar radius="md" size="lg" color="indigo" variant="light">
          {app.name.slice(0, 2)}
        </Avatar>
        <Stack gap={4}>
          <Title order={3}>{app.name}</Title>
          <Text size="sm" c="dimmed">
            {app.description}
          </Text>
          {app.website ? (
            <ExternalAnchor href={app.website} size="sm">
              {app.name} documentation
            </ExternalAnchor>
          ) : null}
        </Stack>
      </Group>

      <Card withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            What agents can do with it
          </Text>
          {app.functions.map((fn) => (
            <div key={fn.name}>
              <Text size="sm" fw={500}>
                {fn.title}
              </Text>
              <Text size="sm" c="dimmed">
                {fn.description}
              </Text>
            </div>
          ))}
          {app.usedByAgents > 0 ? (
            <Text size="xs" c="dimmed">
              Used by {app.usedByAgents} agent{app.usedByAgents === 1 ? '' : 's'}.
            </Text>
          ) : null}
        </Stack>
      </Card>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          save(false);
        }}
      >
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {fields.length > 0 ? 'Connection' : 'This app needs no credentials.'}
          </Text>
          {fields.map((field) => {
            const common = {
              label: field.title,
              description: field.description,
              required: field.required && !(field.secret && field.configured),
              value: values[field.key] ?? '',
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                const next = event.currentTarget.value;
                setValues((current) => ({ ...current, [field.key]: next }));
              },
            };
            return field.secret ? (
              <PasswordInput
                key={field.key}
                {...common}
                placeholder={field.configured ? 'Saved. Type a new value to replace it.' : field.placeholder}
                autoComplete="off"
              />
            ) : (
              <TextInput key={field.key} {...common} placeholder={field.placeholder} />
            );
          })}
          {error ? (
            <Alert color="red" title="Not saved">
              {error}
            </Alert>
          ) : null}
          {check ? (
            <Alert
              color={check.ok ? 'teal' : 'orange'}
              title={check.ok ? 'Connection works' : 'Connection check failed'}
            >
              {check.message}
            </Alert>
          ) : null}
          <Divider />
          <Group justify="space-between">
            {app.installed ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => void remove()}
                disabled={busy}
              >
                Uninstall
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              {app.check ? (
                <Button
                  variant="default"
                  leftSection={<IconPlugConnected size={16} />}
                  onClick={() => save(true)}
                  disabled={busy || missing.length > 0}
                >
                  {app.installed ? 'Save and test' : 'Install and test'}
                </Button>
              ) : null}
              <Button
                type="submit"
                loading={install.isPending || update.isPending}
                disabled={missing.length > 0}
              >
                {app.installed ? 'Save changes' : 'Install'}
              </Button>
            </Group>
          </Group>
          {missing.length > 0 ? (
            <Text size="xs" c="dimmed" ta="right">
              Fill in {missing.join(', ')} to {app.installed ? 'save' : 'install'}.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
