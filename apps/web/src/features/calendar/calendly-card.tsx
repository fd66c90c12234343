import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { useApiMutation } from '../../lib/use-api';

type CalendlyState = ResponseOf<typeof endpoints.getCalendarConnections>['calendly'];

const refreshes = [endpoints.getCalendarConnections];

const stateColor: Record<string, string> = {
  connected: 'green',
  revoked: 'red',
  failing: 'orange',
  disconnected: 'gray',
};

function labelOf(type: CalendlyState['eventTypes'][number]): string {
  return `${type.name} (${type.durationMinutes} min)`;
}

/** Where the token comes from, and what pasting one while connected does. */
function tokenHelp(calendly: CalendlyState): string {
  const where = calendly.connected
    ? 'Another Calendly personal access token (Integrations > API & Webhooks) replaces this connection.'
    : 'Calendly: Integrations > API & Webhooks.';
  const sandbox = calendly.sandboxAvailable
    ? ' Without a Calendly account, a token starting cal_sandbox_ connects the offline stand-in.'
    : '';
  return `${where} It is kept encrypted.${sandbox}`;
}

/**
 * Calendly: connected with a personal access token (checked against Calendly, or with a `cal_sandbox_` token its
 * offline stand-in, labelled "Sandbox"), the event type the agent books, its state and last error, disconnecting.
 */
export function CalendlyCard({
  calendly,
  scope,
}: {
  calendly: CalendlyState;
  scope: { targetAccountId?: number };
}) {
  const [token, setToken] = useState('');
  const chosen = calendly.eventTypes.find((type) => type.uri === calendly.eventTypeUri);
  const chosenLabel = chosen ? labelOf(chosen) : null;
  const connect = useApiMutation(endpoints.connectCalendly, { invalidates: refreshes, showsError: true });
  const choose = useApiMutation(endpoints.connectCalendly, { invalidates: refreshes, showsError: true });
  const disconnect = useApiMutation(endpoints.disconnectCalendly, {
    invalidates: refreshes,
    showsError: true,
  });

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Group gap={6}>
              <Text fw={500}>Calendly</Text>
              {calendly.sandbox && (
                <Badge color="grape" variant="light" size="sm">
                  Sandbox
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {calendly.connected
                ? calendly.sandbox
                  ? 'An offline stand-in for Calendly: no Calendly account is reached. Its free times follow your booking schedule.'
                  : `${calendly.userName ?? ''} ${calendly.email ? `(${calendly.email})` : ''}`
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
            description={
              choose.isSuccess && choose.data.calendly.eventTypeUri === calendly.eventTypeUri
                ? `Agents now book ${chosenLabel ?? 'it'}.`
                : 'Agents offer the free times of this event type.'
            }
            data={calendly.eventTypes.map((type) => ({ value: type.uri, label: labelOf(type) }))}
            value={calendly.eventTypeUri}
            allowDeselect={false}
            disabled={choose.isPending}
            onChange={(value) => {
              if (!value || value === calendly.eventTypeUri) return;
              // The connected token is used again: nothing to paste to change the event type.
              choose.mutate({ body: { eventTypeUri: value }, ...scope });
            }}
          />
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            connect.mutate({ body: { userPAT: token.trim() }, ...scope }, { onSuccess: () => setToken('') });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <PasswordInput
              style={{ flex: 1, minWidth: 220 }}
              label={calendly.connected ? 'Replace the token' : 'Personal access token'}
              description={tokenHelp(calendly)}
              value={token}
              onChange={(event) => setToken(event.currentTarget.value)}
            />
            <Button type="submit" loading={connect.isPending} disabled={token.trim() === ''}>
              {calendly.connected ? 'Replace token' : 'Connect Calendly'}
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
  );
}
