import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { AccountView } from '@switchboard/contract';
import { IconCode, IconKey, IconPhoneCall, IconWebhook } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';

/** The settings screen's developer card: API tokens, event webhooks and SIP, for those who may edit the account. */
export function DeveloperSettings({ account }: { account: AccountView }) {
  const { open } = useOverlay();
  if (!account.permissions.canEditOrg) return null;
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Text fw={600}>Developers</Text>
        <Text size="sm" c="dimmed">
          API tokens for your code and AI tools (the MCP server at <code>/api/mcp</code>), webhooks that send
          your systems what happens, and SIP to connect your own phone system.
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconKey size={14} />}
            onClick={() => open('apiTokens')}
          >
            API tokens
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconWebhook size={14} />}
            onClick={() => open('webhooks')}
          >
            Webhooks
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPhoneCall size={14} />}
            onClick={() => open('sipSetup')}
          >
            SIP trunk
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCode size={14} />}
            onClick={() => open('docsPage', 'developers')}
          >
            Examples
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
