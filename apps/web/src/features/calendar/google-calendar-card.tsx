import { Alert, Badge, Button, Card, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/use-api';

type GoogleState = ResponseOf<typeof endpoints.getCalendarConnections>['google'];

const refreshes = [endpoints.getCalendarConnections, endpoints.getGoogleCalendars, endpoints.listBookings];

const stateColor: Record<string, string> = {
  connected: 'green',
  revoked: 'red',
  failing: 'orange',
  disconnected: 'gray',
};

/**
 * Google Calendar: connected through Google's consent page (or the sandbox stand-in's, labelled so), then the
 * main calendar bookings go to, the other calendars whose busy times are kept free, and disconnecting.
 */
export function GoogleCalendarCard({
  google,
  scope,
}: {
  google: GoogleState;
  scope: { targetAccountId?: number };
}) {
  const calendars = useApiQuery(endpoints.getGoogleCalendars, scope, {
    enabled: google.connected && google.state === 'connected',
    retry: false,
  });
  const [redirecting, setRedirecting] = useState(false);
  const connect = useApiMutation(endpoints.startGoogleConsent, {
    showsError: true,
    onSuccess: (answer) => {
      setRedirecting(true);
      window.location.assign(answer.url);
    },
  });
  const choose = useApiMutation(endpoints.setGoogleMainCalendar, {
    invalidates: refreshes,
    showsError: true,
  });
  const disconnect = useApiMutation(endpoints.disconnectGoogle, { invalidates: refreshes, showsError: true });
  const list = calendars.data?.calendars ?? [];
  const main = list.find((entry) => entry.main)?.id ?? google.mainCalendar;
  const checked = list.filter((entry) => entry.checked && !entry.main).map((entry) => entry.id);
  const returnTo = `${window.location.pathname}${window.location.search}`;

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Group gap={6}>
              <Text fw={500}>Google Calendar</Text>
              {google.sandbox && (
                <Badge color="grape" variant="light" size="sm">
                  Sandbox
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {google.connected
                ? `Bookings go to ${google.mainCalendarName ?? 'no calendar yet: choose one below'}.`
                : google.sandbox
                  ? 'An offline stand-in for Google Calendar: no Google account is reached.'
                  : 'Agents book into free times of your main calendar.'}
            </Text>
          </div>
          <Badge color={stateColor[google.state] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {google.state}
          </Badge>
        </Group>
        {google.lastError && google.state !== 'connected' && (
          <Alert color="red" title="Bookings are stopped">
            {google.lastError}. Callers are offered to leave a message instead. Connect Google again to
            resume.
          </Alert>
        )}
        {calendars.isError && <Alert color="red">{calendars.error.message}</Alert>}
        {google.connected && list.length > 0 && (
          <>
            <Select
              label="Main calendar (bookings go here)"
              data={list.map((entry) => ({
                value: entry.id,
                label: entry.writable ? entry.summary : `${entry.summary} (read only)`,
                disabled: !entry.writable,
              }))}
              value={main}
              allowDeselect={false}
              disabled={choose.isPending}
              onChange={(value) => {
                if (value) choose.mutate({ body: { calendar: value, checked }, ...scope });
              }}
            />
            <Checkbox.Group
              label="Also keep free when these are busy"
              value={checked}
              onChange={(value) => {
                if (main) choose.mutate({ body: { calendar: main, checked: value }, ...scope });
              }}
            >
              <Stack gap={4} mt={4}>
                {list
                  .filter((entry) => entry.id !== main)
                  .map((entry) => (
                    <Checkbox
                      key={entry.id}
                      value={entry.id}
                      label={entry.summary}
                      disabled={choose.isPending}
                    />
                  ))}
              </Stack>
            </Checkbox.Group>
          </>
        )}
        {[connect, choose, disconnect].map((mutation, index) =>
          mutation.isError ? (
            <Alert key={index} color="red">
              {mutation.error.message}
            </Alert>
          ) : null,
        )}
        <Group justify="flex-end" gap="xs">
          {google.connected && (
            <Button
              variant="default"
              color="red"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate(scope)}
            >
              Disconnect Google
            </Button>
          )}
          {(!google.connected || google.state !== 'connected') && (
            <Button
              loading={connect.isPending || redirecting}
              disabled={!google.available}
              onClick={() => connect.mutate({ body: { returnTo }, ...scope })}
            >
              {google.connected ? 'Connect Google again' : 'Connect Google Calendar'}
            </Button>
          )}
        </Group>
        {!google.available && (
          <Text size="xs" c="dimmed">
            Google Calendar is not set up on this server.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
