import { Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useApiQuery } from '../../lib/use-api';

/** `/app/dev/outbox`: the mail and texts the sandbox providers "sent", newest first (codes, invitations). */
export function OutboxPage() {
  const outbox = useApiQuery(
    endpoints.listOutbox,
    { query: { limit: 100 } },
    { refetchInterval: 5000, retry: false },
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={1} fz="h2">
              Sandbox outbox
            </Title>
            <Text size="sm" c="dimmed">
              Email and text messages the sandbox providers would have sent. Nothing here left this machine.
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void outbox.refetch()}
          >
            Refresh
          </Button>
        </Group>
        {outbox.isPending && <Loader />}
        {outbox.isError && (
          <Text c="dimmed">
            {outbox.error.status === 404
              ? 'Mail and texts go out through real providers here, so there is no outbox.'
              : outbox.error.message}
          </Text>
        )}
        {outbox.data?.items.length === 0 && <Text c="dimmed">Nothing has been sent yet.</Text>}
        {outbox.data?.items.map((item) => (
          <Card key={item.id} withBorder radius="md" p="md">
            <Group justify="space-between" mb={6}>
              <Group gap="xs">
                <Badge variant="light" color={item.channel === 'email' ? 'brand' : 'teal'}>
                  {item.channel === 'email' ? 'Email' : 'Text'}
                </Badge>
                <Text size="sm" fw={600}>
                  {item.to}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {new Date(item.createdAt).toLocaleString()}
              </Text>
            </Group>
            {item.subject && (
              <Text size="sm" fw={500}>
                {item.subject}
              </Text>
            )}
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {item.text}
            </Text>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
