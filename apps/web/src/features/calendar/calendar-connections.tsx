import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, Select, Stack, Text, Title } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { accountScope } from '../../lib/path-tiers';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { GoogleCalendarCard } from './google-calendar-card';

const refreshes = [endpoints.getCalendarConnections];

const stateColor: Record<string, string> = {
  connected: 'green',
  revoked: 'red',
  failing: 'orange',
  disconnected: 'gray',
};

/**
 * Where bookings go: the sandbox calendar until Calendly (a personal access token) or Google Calendar (consent) is
 * connected; with both, the one connected last.
 */
export function CalendarConnections({ accountId }: { accountId: number | null }) {
  const scope = accountScope(accountId);
  const connections = useApiQuery(endpoints.getCalendarConnections, scope);
  const [token, setToken] = useState('');
  const connect = useApiMutation(endpoints.connectCalendly, { invalidates: refreshes, showsError: true });
  const choose = useApiMutation(endpoints.connectCalendly, { invalidates: refreshes, showsError: true });
  const disconnect = useApiMutation(endpoints.disconnectCalendly, {
    invalidates: refreshes,
    showsError: true,
  });
  if (connections.isError) return <Alert color="red">{connections.error.message}</Alert>;
  if (!connections.data) return <Text size="sm">Loading calendars…</Text>;
  const { calendly, google, sandbox } = connections.data;

  return (
    <Stack gap="sm">
      <Title order={5}>Calendars</Title>
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={500}>Sandbox calendar</Text>
            <Text size="sm" c="dimmed">
              Built in, for trying agents: bookings stay in Switchboard and reach no one&apos;s calendar.
            </Text>
          </div>
          <Badge color={sandbox ? 'blue' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {sandbox ? 'Sandbox · in use' : 'Sandbox'}
          </Badge>
        </Group>
      </Card>
      <GoogleCalendarCard google={google} scope={scope} />
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={500}>Calendly</Text>
              <Text size="sm" c="dimmed">
                {calendly.connected
                  ? `${calendly.userName ?? ''} ${calendly.email ? `(${calendly.email})` : ''}`
                  : 'Agents offer the free times of one of your event types and book them.'}
              </Text>
            </div>
            <Badge color={stateColor[calendly.state] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
              {calendly.state}
            </Badge>
          </Group>
          {calendly.lastError && calendly.state !== 'connected' && (
            <Alert color="red" title="Bookings are stopped">
              Calendly said: {calendly.lastError}. Connect again with a new token.
            </Alert>
          )}
          {calendly.connected && (
            <Select
              label="Event type the agent books"
              data={calendly.eventTypes.map((type) => ({
                value: type.uri,
                label: `${type.name} (${type.durationMinutes} min)`,
              }))}
              value={calendly.eventTypeUri}
              allowDeselect={false}
              disabled={choose.isPending}
              onChange={(value) => {
                if (!value) return;
                const userPAT = token.trim();
                if (userPAT === '') return;
                choose.mutate({ body: { userPAT, eventTypeUri: value }, ...scope });
              }}
              description={token.trim() === '' ? 'Enter the token again below to change it.' : undefined}
            />
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              connect.mutate(
                { body: { userPAT: token.trim() }, ...scope },
                { onSuccess: () => setToken('') },
              );
            }}
          >
            <Group align="flex-end" gap="xs" wrap="wrap">
              <PasswordInput
                style={{ flex: 1, minWidth: 220 }}
                label="Personal access token"
                description="Calendly: Integrations > API & Webhooks. It is kept encrypted."
                value={token}
                onChange={(event) => setToken(event.currentTarget.value)}
              />
              <Button type="submit" loading={connect.isPending} disabled={token.trim() === ''}>
                {calendly.connected ? 'Reconnect' : 'Connect Calendly'}
              </Button>
            </Group>
          </form>
          {[connect, choose, disconnect].map((mutation, index) =>
            mutation.isError ? (
              <Alert key={index} color="red">
                {mutation.error.message}
              </Alert>
            ) : null,
          )}
          {calendly.connected && (
            <Group justify="flex-end">
              <Button
                variant="default"
                color="red"
                loading={disconnect.isPending}
                onClick={() => disconnect.mutate(scope)}
              >
                Disconnect Calendly
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
