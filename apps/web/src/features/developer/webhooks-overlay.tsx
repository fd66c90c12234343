import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  endpoints,
  webhookEventDescriptions,
  webhookEventTypes,
  type WebhookEventType,
  type WebhookView,
} from '@switchboard/contract';
import { IconAlertTriangle, IconCopy, IconDots, IconList, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import { useOverlay } from '../../app/overlays/use-overlay';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { callApi } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';
import { epochLabel, targetOf, type Target } from './developer-format';

function AddWebhook({ target, onAdded }: { target: Target; onAdded: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['conversation.ended']);
  const create = useApiMutation(endpoints.createWebhook, {
    invalidates: [endpoints.listWebhooks],
    showsError: true,
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate(
      { ...target, body: { url, label, events } },
      {
        onSuccess: (body) => {
          setUrl('');
          setLabel('');
          create.reset();
          onAdded(body.secret);
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/switchboard"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            create.reset();
          }}
        />
        <TextInput
          label="Label"
          placeholder="CRM, Zapier, data warehouse…"
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          maxLength={80}
        />
        <Checkbox.Group
          label="Events"
          value={events}
          onChange={(value) => setEvents(webhookEventTypes.filter((type) => value.includes(type)))}
        >
          <Stack gap={6} mt={6}>
            {webhookEventTypes.map((type) => (
              <Checkbox key={type} value={type} label={type} description={webhookEventDescriptions[type]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending}
            disabled={url.trim() === '' || label.trim() === '' || events.length === 0}
          >
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function WebhookRow({ webhook, target }: { webhook: WebhookView; target: Target }) {
  const { open } = useOverlay();
  const invalidates = [endpoints.listWebhooks];
  const update = useApiMutation(endpoints.updateWebhook, { invalidates });
  const remove = useApiMutation(endpoints.deleteWebhook, { invalidates });
  const params = { webhookId: webhook.id };
  const copySecret = async () => {
    const { secret } = await callApi(endpoints.revealWebhookSecret, { ...target, params });
    await navigator.clipboard.writeText(secret);
    notify('Signing secret copied', { tone: 'success' });
  };
  const onRemove = async () => {
    const confirmed = await confirmAction({
      title: `Remove ${webhook.label}?`,
      message: 'No more events are sent to this URL, and deliveries still waiting are dropped.',
      confirmLabel: 'Remove endpoint',
      danger: true,
    });
    if (confirmed) remove.mutate({ ...target, params }, { onSuccess: () => notify('Endpoint removed') });
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="webhook-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate>
              {webhook.label}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {webhook.url}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Switch
              aria-label={`Send events to ${webhook.label}`}
              checked={webhook.enabled}
              onChange={(event) =>
                update.mutate({ ...target, params, body: { enabled: event.currentTarget.checked } })
              }
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${webhook.label}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconList size={16} />}
                  onClick={() => open('webhookDeliveries', webhook.id)}
                >
                  Deliveries
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconCopy size={16} />}
                  onClick={() =>
                    void copySecret().catch((failure: unknown) =>
                      notify(failure instanceof Error ? failure.message : 'Could not copy the secret', {
                        tone: 'error',
                      }),
                    )
                  }
                >
                  Copy signing secret
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void onRemove()}>
                  Remove
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Group gap={4}>
          {webhook.events.map((type) => (
            <Badge key={type} size="xs" variant="light">
              {type}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c={webhook.enabled ? 'dimmed' : 'red'}>
          {!webhook.enabled
            ? (webhook.disabledReason ?? 'Turned off')
            : webhook.lastDelivery
              ? `Last delivery ${webhook.lastDelivery.status} · ${epochLabel(webhook.lastDelivery.at)}${
                  webhook.pendingDeliveries > 0 ? ` · ${webhook.pendingDeliveries} waiting` : ''
                }`
              : 'No deliveries yet'}
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconList size={14} />}
          onClick={() => open('webhookDeliveries', webhook.id)}
          style={{ alignSelf: 'flex-start' }}
        >
          View deliveries
        </Button>
      </Stack>
    </Paper>
  );
}

/** webhooks: the account's event endpoints, adding one (its secret shown once), turning one off, removing one. */
export function WebhooksOverlay(_props: OverlayProps) {
  const { accountId } = usePathAccount();
  const target = targetOf(accountId);
  const webhooks = useApiQuery(endpoints.listWebhooks, target);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Events are POSTed as JSON and signed: <Code>X-Switchboard-Signature</Code> is the hex HMAC-SHA256 of{' '}
        <Code>{'<X-Switchboard-Timestamp>.<body>'}</Code> with the endpoint&apos;s secret. Failed deliveries
        are retried for a day.
      </Text>
      {secret && (
        <Alert color="teal" variant="light" title="Endpoint added" icon={<IconWebhook size={18} />}>
          <Stack gap="xs">
            <Text size="sm">Check each delivery&apos;s signature with this secret:</Text>
            <Group gap="xs" wrap="nowrap">
              <Code block flex={1} style={{ overflowWrap: 'anywhere' }}>
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      <AddWebhook target={target} onAdded={setSecret} />
      {webhooks.isPending && <Loader size="sm" />}
      {webhooks.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {webhooks.error.message}
        </Alert>
      )}
      {webhooks.data?.webhooks.length === 0 && (
        <Text size="sm" c="dimmed">
          No endpoints yet.
        </Text>
      )}
      {webhooks.data?.webhooks.map((webhook) => (
        <WebhookRow key={webhook.id} webhook={webhook} target={target} />
      ))}
    </Stack>
  );
}
