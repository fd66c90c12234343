import { Alert, Button, Card, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { adminEndpoints, type AdminAuditEvent } from '@switchboard/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../lib/use-api';
import { SuperAdminOnly } from './super-admin-only';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** adminAudit: every change a super admin made, newest first; written by the server, never editable. */
export function AuditTrailOverlay() {
  return (
    <SuperAdminOnly what="The audit trail">
      <AuditTrail />
    </SuperAdminOnly>
  );
}

function AuditTrail() {
  const [limit, setLimit] = useState(50);
  const trail = useApiQuery(adminEndpoints.adminAuditTrail, { query: { limit } });
  if (trail.isPending) return <Loader size="sm" />;
  if (trail.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {trail.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every change a super admin made through the platform: who, what, when and to whom. The trail is kept
        as written; no one can edit or remove an entry.
      </Text>
      {trail.data.events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No super admin has changed anything yet.
        </Text>
      ) : (
        trail.data.events.map((event) => <AuditCard key={event.id} event={event} />)
      )}
      {trail.data.nextBefore !== null && (
        <Button variant="default" onClick={() => setLimit((shown) => Math.min(200, shown + 50))}>
          Show more
        </Button>
      )}
    </Stack>
  );
}

function AuditCard({ event }: { event: AdminAuditEvent }) {
  const outcome = typeof event.details.outcome === 'string' ? event.details.outcome : null;
  const body = event.details.body;
  return (
    <Card withBorder padding="sm" data-audit-event={event.id}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {event.summary || event.action}
          </Text>
          <Text size="xs" c="dimmed">
            {when(event.createdAt)}
          </Text>
        </Group>
        <Text size="xs">
          By {event.actorEmail ?? `user ${event.actorUserId}`}
          {event.target ? ` · to ${event.target}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          <Code>{event.action}</Code>
          {outcome ? ` · ${outcome}` : ''}
        </Text>
        {body !== undefined && (
          <Code block style={{ fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {JSON.stringify(body, null, 1)}
          </Code>
        )}
      </Stack>
    </Card>
  );
}
