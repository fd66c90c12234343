import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';

type JobNimbusState = ResponseOf<typeof endpoints.getCalendarConnections>['jobnimbus'];

const refreshes = [endpoints.getCalendarConnections, endpoints.listBookings];

const stateColor: Record<string, string> = {
  connected: 'green',
  revoked: 'red',
  failing: 'orange',
  disconnected: 'gray',
};

/**
 * JobNimbus: connected with an API key (checked against JobNimbus, or its offline stand-in, labelled so), its state
 * and last error, and disconnecting. Bookings become a contact, a job and a task on the team calendar.
 */
export function JobNimbusCard({
  jobnimbus,
  scope,
}: {
  jobnimbus: JobNimbusState;
  scope: { targetAccountId?: number };
}) {
  const [token, setToken] = useState('');
  const connect = useApiMutation(endpoints.saveJobNimbusSettings, {
    invalidates: refreshes,
    showsError: true,
    onSuccess: (answer) => {
      if (answer.valid) setToken('');
    },
  });
  const disconnect = useApiMutation(endpoints.disconnectJobNimbus, {
    invalidates: refreshes,
    showsError: true,
  });
  const refused = connect.data && !connect.data.valid ? connect.data : null;

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Group gap={6}>
              <Text fw={500}>JobNimbus</Text>
              {jobnimbus.sandbox && (
                <Badge color="grape" variant="light" size="sm">
                  Sandbox
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {jobnimbus.connected
                ? 'Each booking adds the caller as a contact with a job, and a task on the team calendar.'
                : jobnimbus.sandbox
                  ? 'An offline stand-in for JobNimbus: no JobNimbus account is reached. Keys starting with jn_sandbox_ are accepted.'
                  : 'Agents add callers as contacts with a job and book into the team calendar.'}
            </Text>
          </div>
          <Badge color={stateColor[jobnimbus.state] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {jobnimbus.state}
          </Badge>
        </Group>
        {jobnimbus.lastError && jobnimbus.state !== 'connected' && (
          <Alert color="red" title="Bookings are stopped">
            JobNimbus said: {jobnimbus.lastError}. Callers are offered to leave a message instead. Connect
            again with a working API key.
          </Alert>
        )}
        {(!jobnimbus.connected || jobnimbus.state !== 'connected') && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              connect.mutate({ body: { token: token.trim() }, ...scope });
            }}
          >
            <Group align="flex-end" gap="xs" wrap="wrap">
              <PasswordInput
                style={{ flex: 1, minWidth: 220 }}
                label="JobNimbus API key"
                description="JobNimbus: Settings > API. It is kept encrypted."
                value={token}
                onChange={(event) => setToken(event.currentTarget.value)}
              />
              <Button type="submit" loading={connect.isPending} disabled={token.trim() === ''}>
                {jobnimbus.connected ? 'Reconnect' : 'Connect JobNimbus'}
              </Button>
            </Group>
          </form>
        )}
        {refused && (
          <Alert color="red" role="alert">
            {refused.message}
          </Alert>
        )}
        {[connect, disconnect].map((mutation, index) =>
          mutation.isError ? (
            <Alert key={index} color="red" role="alert">
              {mutation.error.message}
            </Alert>
          ) : null,
        )}
        {jobnimbus.connected && (
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate(scope)}
            >
              Disconnect JobNimbus
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
