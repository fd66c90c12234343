import { Alert, Anchor, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { apiTokenPrefix, endpoints, webhookHeaders } from '@switchboard/contract';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { targetOf } from './developer-format';

/** One example: a title, the code in a block, and a button that copies it. */
function Example({ title, code, label }: { title: string; code: string; label: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant={copied ? 'filled' : 'default'}
              leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid={`example-${label}`} style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
        {code}
      </Code>
    </Stack>
  );
}

export const curlExample = (origin: string, token: string): string =>
  `curl "${origin}/api/v2/listAccounts?pageSize=20" \\\n  -H "Authorization: Bearer ${token}"`;

export const signatureExample = (): string =>
  [
    "import { createHmac, timingSafeEqual } from 'node:crypto';",
    '',
    '// rawBody: the request body exactly as received (a string), before any JSON parsing.',
    'export function isFromSwitchboard(rawBody, headers, secret) {',
    `  const timestamp = headers['${webhookHeaders.timestamp.toLowerCase()}'];`,
    `  const signature = headers['${webhookHeaders.signature.toLowerCase()}'] ?? '';`,
    '  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // an old replay',
    "  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');",
    "  const given = Buffer.from(signature, 'hex');",
    "  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));",
    '}',
  ].join('\n');

export const mcpExample = (origin: string, token: string): string =>
  JSON.stringify(
    {
      mcpServers: {
        switchboard: {
          type: 'http',
          url: `${origin}/api/mcp`,
          headers: { Authorization: `Bearer ${token}` },
        },
      },
    },
    null,
    2,
  );

/**
 * Copyable examples for the docs page: curl with the person's own token (its prefix; the whole token was shown
 * once when made), the webhook signature check in Node, and the MCP server's address for an AI client.
 */
export function DeveloperExamples() {
  const { accountId } = usePathAccount();
  const { open } = useOverlay();
  const tokens = useApiQuery(endpoints.listApiTokens, targetOf(accountId));
  const newest = tokens.data?.tokens[0];
  const token = newest ? newest.token : `${apiTokenPrefix}YOUR_TOKEN`;
  const origin = window.location.origin;
  return (
    <Stack gap="md" data-testid="developer-examples">
      {newest ? (
        <Text size="sm" c="dimmed">
          The examples use your token “{newest.description}” (<Code>{newest.token}</Code>): put the whole
          token, shown once when it was made, where its first characters are.
        </Text>
      ) : (
        <Alert color="brand" variant="light" icon={<IconKey size={18} />}>
          {tokens.isError ? (
            `Your tokens could not be read: ${tokens.error.message}. `
          ) : (
            <>
              You have no API token yet.{' '}
              <Anchor component="button" size="sm" onClick={() => open('apiTokens')}>
                Make one
              </Anchor>{' '}
              and the examples show it.
            </>
          )}
        </Alert>
      )}
      <Title order={3} size="h5">
        Call the API
      </Title>
      <Example
        title="List your accounts and agents with curl"
        code={curlExample(origin, token)}
        label="curl"
      />
      <Title order={3} size="h5">
        Check a webhook’s signature
      </Title>
      <Text size="sm">
        Each delivery carries <Code>{webhookHeaders.timestamp}</Code> and{' '}
        <Code>{webhookHeaders.signature}</Code>: the hex HMAC-SHA256 of the timestamp, a dot and the raw body,
        keyed with the endpoint’s signing secret.
      </Text>
      <Example title="Verify in Node.js" code={signatureExample()} label="signature" />
      <Title order={3} size="h5">
        Connect an AI client (MCP)
      </Title>
      <Text size="sm">
        The MCP server at <Code>{`${origin}/api/mcp`}</Code> speaks Streamable HTTP: list agents, read one,
        place a call or send a text, search call logs and read a conversation, with your token’s rights.
      </Text>
      <Example title="MCP client configuration" code={mcpExample(origin, token)} label="mcp" />
    </Stack>
  );
}
