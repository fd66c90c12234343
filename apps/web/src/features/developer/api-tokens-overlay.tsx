import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { endpoints, apiTokenTypeLabels, type ApiTokenType, type ApiTokenView } from '@switchboard/contract';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { epochLabel, targetOf, type Target } from './developer-format';

/** The whole token, shown once right after it was made, with a copy button. */
function NewToken({ token, onDone }: { token: ApiTokenView; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" title="Copy your token now" icon={<IconKey size={18} />}>
      <Stack gap="xs">
        <Text size="sm">It is shown only this once. Store it where your code reads its secrets.</Text>
        <Group gap="xs" wrap="nowrap">
          <Code block flex={1} style={{ overflowWrap: 'anywhere' }} data-testid="new-token">
            {token.token}
          </Code>
          <CopyButton value={token.token}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'default'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button size="xs" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateToken({ target, onCreated }: { target: Target; onCreated: (token: ApiTokenView) => void }) {
  const [description, setDescription] = useState('');
  const [type, setType] = useState<ApiTokenType>('admin');
  const create = useApiMutation(endpoints.createApiToken, {
    invalidates: [endpoints.listApiTokens],
    showsError: true,
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate(
      { ...target, body: { description, type } },
      {
        onSuccess: (body) => {
          setDescription('');
          create.reset();
          onCreated(body.token);
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="What is it for?"
          placeholder="CRM sync, reporting script…"
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            create.reset();
          }}
          error={create.isError ? create.error.message : undefined}
          maxLength={120}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Access
          </Text>
          <SegmentedControl
            value={type}
            onChange={(value) => setType(value === 'readOnly' ? 'readOnly' : 'admin')}
            data={[
              { value: 'admin', label: 'Full access' },
              { value: 'readOnly', label: 'Read only' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {apiTokenTypeLabels[type]}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={description.trim() === ''}>
            Create token
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TokenRow({ token, target }: { token: ApiTokenView; target: Target }) {
  const revoke = useApiMutation(endpoints.deleteApiToken, { invalidates: [endpoints.listApiTokens] });
  const onRevoke = async () => {
    const confirmed = await confirmAction({
      title: `Revoke “${token.description}”?`,
      message: 'Requests with this token are refused from now on. This cannot be undone.',
      confirmLabel: 'Revoke token',
      danger: true,
    });
    if (!confirmed) return;
    revoke.mutate(
      { ...target, body: { id: token.id } },
      { onSuccess: () => notify(`“${token.description}” revoked`, { tone: 'success' }) },
    );
  };
  return (
    <Group justify="space-between" wrap="nowrap" py={6} data-testid="token-row">
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} truncate>
            {token.description}
          </Text>
          <Badge size="sm" variant="light" color={token.type === 'admin' ? 'brand' : 'gray'}>
            {token.type === 'admin' ? 'Full access' : 'Read only'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          <Code>{token.token}</Code> · made {epochLabel(Number(token.timestamp))} · last used{' '}
          {token.lastUsedAt ? epochLabel(Number(token.lastUsedAt)) : 'never'}
        </Text>
      </Stack>
      <Tooltip label="Revoke">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Revoke ${token.description}`}
          loading={revoke.isPending}
          onClick={() => void onRevoke()}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** apiTokens: make a token (shown once, with copy), see the account's tokens by prefix, revoke one. */
export function ApiTokensOverlay(_props: OverlayProps) {
  const { accountId } = usePathAccount();
  const target = targetOf(accountId);
  const tokens = useApiQuery(endpoints.listApiTokens, target);
  const [made, setMade] = useState<ApiTokenView | null>(null);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A token lets your code call the API (and the MCP server) as this account: send it as{' '}
        <Code>Authorization: Bearer &lt;token&gt;</Code>. It can do no more than you can.
      </Text>
      {made ? (
        <NewToken token={made} onDone={() => setMade(null)} />
      ) : (
        <CreateToken target={target} onCreated={setMade} />
      )}
      {tokens.isPending && <Loader size="sm" />}
      {tokens.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {tokens.error.message}
        </Alert>
      )}
      {tokens.data?.tokens.length === 0 && (
        <Text size="sm" c="dimmed">
          No tokens yet.
        </Text>
      )}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <Stack gap={0}>
          {tokens.data.tokens.map((token) => (
            <TokenRow key={token.id} token={token} target={target} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
