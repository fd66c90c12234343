import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { endpoints, type AccountView, type CustomDomainView } from '@switchboard/contract';
import { IconCheck, IconDots, IconStar, IconTrash, IconWorld } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import { ApiError } from '../../lib/api-error';
import { useApiMutation, useApiQuery } from '../../lib/use-api';

const failed = (failure: unknown, fallback: string) =>
  notify(failure instanceof ApiError ? failure.message : fallback, { tone: 'error' });

function DomainRow({ item, accountId }: { item: CustomDomainView; accountId: number }) {
  const invalidates = [endpoints.listDomains];
  const makeDefault = useApiMutation(endpoints.setDefaultDomain, { invalidates, showsError: true });
  const remove = useApiMutation(endpoints.deleteDomain, { invalidates, showsError: true });
  const onDelete = async () => {
    const confirmed = await confirmAction({
      title: `Remove ${item.domain}?`,
      message: 'People who open the app at this address will no longer see your brand.',
      confirmLabel: 'Remove domain',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { targetAccountId: accountId, query: { domain: item.domain } },
      {
        onSuccess: () => notify(`${item.domain} removed`, { tone: 'success' }),
        onError: (failure) => failed(failure, 'Could not remove the domain'),
      },
    );
  };
  return (
    <Group justify="space-between" wrap="nowrap" py={6} data-testid="domain-row">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <IconWorld size={18} stroke={1.6} style={{ flexShrink: 0 }} />
        <Text size="sm" fw={500} truncate>
          {item.domain}
        </Text>
        {item.isDefault && (
          <Badge size="sm" variant="light">
            Default
          </Badge>
        )}
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${item.domain}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconStar size={16} />}
            disabled={item.isDefault}
            onClick={() =>
              makeDefault.mutate(
                { targetAccountId: accountId, body: { domain: item.domain } },
                {
                  onSuccess: () => notify(`${item.domain} is now the default`, { tone: 'success' }),
                  onError: (failure) => failed(failure, 'Could not change the default'),
                },
              )
            }
          >
            Make default
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
            Remove
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function AddDomain({ accountId }: { accountId: number }) {
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), 400);
  const lookup = useApiQuery(
    endpoints.lookupDomain,
    { targetAccountId: accountId, body: { domain: typed } },
    { enabled: typed !== '', staleTime: 10_000 },
  );
  const add = useApiMutation(endpoints.addDomain, { invalidates: [endpoints.listDomains], showsError: true });
  const check = typed !== '' && typed === text.trim() ? lookup.data : undefined;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    add.mutate(
      { targetAccountId: accountId, body: { domain: text } },
      {
        onSuccess: (body) => {
          notify(`${body.domain.domain} added`, { tone: 'success' });
          setText('');
          add.reset();
        },
      },
    );
  };
  const error = add.isError ? add.error.message : check && !check.available ? check.message : undefined;
  return (
    <form onSubmit={submit}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          flex={1}
          label="Add a domain"
          placeholder="app.yourcompany.com"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            add.reset();
          }}
          error={error}
          description={
            check?.available ? (
              <Group gap={4} component="span">
                <IconCheck size={14} color="var(--mantine-color-teal-6)" />
                <span>{check.domain} is free</span>
              </Group>
            ) : (
              'The address only, without https:// or a path'
            )
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Button
          type="submit"
          mt={25}
          loading={add.isPending}
          disabled={text.trim() === '' || check?.available === false}
        >
          Add
        </Button>
      </Group>
    </form>
  );
}

/** The account's custom domains: list, add with a live check, make default, remove after confirming. */
export function DomainsCard({ account }: { account: AccountView }) {
  const hasDomains = account.accountType !== 'agent';
  const domains = useApiQuery(
    endpoints.listDomains,
    { targetAccountId: account.id },
    { enabled: hasDomains },
  );
  if (!hasDomains) return null;
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={600}>Domains</Text>
          <Text size="sm" c="dimmed">
            Addresses the app is served on for this account. Point each one at this service with a DNS CNAME
            record; the default is the one links in emails use.
          </Text>
        </Stack>
        {domains.isError && (
          <Text size="sm" c="red">
            {domains.error.message}
          </Text>
        )}
        {domains.data?.domains.length === 0 && (
          <Text size="sm" c="dimmed" fs="italic">
            No custom domain yet.
          </Text>
        )}
        {domains.data && domains.data.domains.length > 0 && (
          <Stack gap={0}>
            {domains.data.domains.map((item) => (
              <DomainRow key={item.domain} item={item} accountId={account.id} />
            ))}
          </Stack>
        )}
        {account.permissions.canEditOrg && <AddDomain accountId={account.id} />}
      </Stack>
    </Card>
  );
}
