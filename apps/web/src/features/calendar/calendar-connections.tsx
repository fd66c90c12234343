import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { accountScope } from '../../lib/path-tiers';
import { useApiQuery } from '../../lib/use-api';
import { CalendlyCard } from './calendly-card';
import { GoogleCalendarCard } from './google-calendar-card';
import { JobNimbusCard } from './jobnimbus-card';

/**
 * Where bookings go: the sandbox calendar until Calendly (a personal access token), Google Calendar (consent) or
 * JobNimbus (an API key) is connected; with several, the one connected last.
 */
export function CalendarConnections({ accountId }: { accountId: number | null }) {
  const scope = accountScope(accountId);
  const connections = useApiQuery(endpoints.getCalendarConnections, scope);
  if (connections.isError) return <Alert color="red">{connections.error.message}</Alert>;
  if (!connections.data) return <Text size="sm">Loading calendars…</Text>;
  const { calendly, google, jobnimbus, sandbox } = connections.data;

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
      <CalendlyCard calendly={calendly} scope={scope} />
      <JobNimbusCard jobnimbus={jobnimbus} scope={scope} />
    </Stack>
  );
}
