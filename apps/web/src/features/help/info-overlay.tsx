import { Anchor, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { BrandMark } from '../../app/brand-mark';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useApiQuery } from '../../lib/use-api';
import { useBrand } from '../domains';

/** info: about the app: the version running, where the service's providers stand, and where to read more. */
export default function InfoOverlay() {
  const { profile } = useBrand();
  const { open } = useOverlay();
  const health = useApiQuery(endpoints.health, undefined, { staleTime: 60_000, retry: false });
  const sandboxed = health.data
    ? Object.entries(health.data.providers).filter(([, provider]) => provider.sandbox)
    : [];
  return (
    <Stack gap="md">
      <BrandMark size={32} />
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={120}>Version</Table.Th>
            <Table.Td>
              {health.isPending ? (
                <Loader size="xs" />
              ) : health.data ? (
                <Text size="sm" ff="monospace" data-testid="app-version">
                  {health.data.version}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  Not available right now
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
          {!profile.ownHost && profile.domain && (
            <Table.Tr>
              <Table.Th>Address</Table.Th>
              <Table.Td>{profile.domain}</Table.Td>
            </Table.Tr>
          )}
          {sandboxed.length > 0 && (
            <Table.Tr>
              <Table.Th>Sandbox</Table.Th>
              <Table.Td>
                <Group gap={4}>
                  {sandboxed.map(([kind]) => (
                    <Badge key={kind} variant="light" color="yellow" size="sm">
                      {kind}
                    </Badge>
                  ))}
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  These run offline on this server: nothing reaches a real phone or inbox.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group gap="md">
        <Anchor component="button" size="sm" onClick={() => open('docsPage', 'getting-started')}>
          Documentation
        </Anchor>
        <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer" size="sm">
          API reference
        </Anchor>
        <Anchor component="button" size="sm" onClick={() => open('form')}>
          Contact support
        </Anchor>
      </Group>
    </Stack>
  );
}
