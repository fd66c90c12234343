import {
  Button,
  CopyButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/notify';
import { tierLabels, tierOfType } from '../../../app/shell/tiers';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { apiQueryScope, useApiMutation, useApiQuery } from '../../../lib/use-api';
import { usePathAccount } from './use-path-account';
import { Fact } from '../../../app/shell/fact';

interface Props {
  value: string | null;
  close: () => void;
}

/** The account named by the flag's value (orgInfo=42), else the one on screen. */
function useTargetAccount(value: string | null) {
  const { accountId } = usePathAccount();
  const id = value !== null && /^\d+$/.test(value) ? Number(value) : accountId;
  return useApiQuery(endpoints.getAccount, id === null ? {} : { targetAccountId: id }, { retry: false });
}

/** orgInfo, resellerInfo, partnerInfo, resellerPreview: who an account is. */
export function AccountInfoOverlay({ value }: Props) {
  const target = useTargetAccount(value);
  if (target.isPending) return <Loader size="sm" />;
  if (target.isError) return <Text c="red">{target.error.message}</Text>;
  const { account } = target.data;
  return (
    <SimpleGrid cols={2} spacing="lg">
      <Fact label="Name" value={account.displayName} />
      <Fact label="Type" value={tierLabels[tierOfType[account.accountType]]} />
      <Fact label="Username" value={`@${account.username}`} />
      <Fact label="Id" value={String(account.id)} />
      <Fact label="Email" value={account.email ?? 'Not set'} />
      <Fact label="Created" value={new Date(account.timestamp).toLocaleDateString()} />
      <Fact label="Plan" value={account.vidaPremium ? 'Premium' : 'Free'} />
      <Fact
        label="Status"
        value={
          account.enabled
            ? 'Active'
            : `Disabled${account.disabledReason ? `: ${account.disabledReason}` : ''}`
        }
      />
    </SimpleGrid>
  );
}

/** orgTakeover, resellerTakeover, partnerTakeover: work in that account's workspace. */
export function TakeoverOverlay({ value, close }: Props) {
  const navigate = useNavigate();
  const target = useTargetAccount(value);
  if (target.isPending) return <Loader size="sm" />;
  if (target.isError) return <Text c="red">{target.error.message}</Text>;
  const { account } = target.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        Open <b>{account.displayName}</b> and act for it. Everything you do there is done as this account.
      </Text>
      <Button
        onClick={() => {
          close();
          void navigate(`/app/${tierOfType[account.accountType]}/${account.id}`);
        }}
      >
        Act as {account.displayName}
      </Button>
    </Stack>
  );
}

/** deleteOrganization and deleteAgent: a confirmation naming what goes. */
export function DeleteAccountOverlay({ value, close }: Props) {
  const target = useTargetAccount(value);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (target.isPending) return <Loader size="sm" />;
  if (target.isError) return <Text c="red">{target.error.message}</Text>;
  const { account } = target.data;
  const remove = async () => {
    setBusy(true);
    try {
      if (account.accountType === 'agent') {
        await callApi(endpoints.deleteAccount, { body: { targetAccountId: account.id } });
      } else {
        await callApi(endpoints.deleteOrganization, { body: { targetOrganizationId: account.id } });
      }
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      notify(`${account.displayName} deleted`, { tone: 'success' });
      close();
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not delete', { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Delete <b>{account.displayName}</b>? It is disabled and hidden from lists; its conversations and logs
        are kept.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button color="red" loading={busy} onClick={() => void remove()}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

/** shareProfile: the account's public page address. */
export function ShareProfileOverlay({ value }: Props) {
  const target = useTargetAccount(value);
  if (!target.data) return <Loader size="sm" />;
  const url = `${window.location.origin}/u/${target.data.account.username}`;
  return (
    <Stack gap="sm">
      <Text size="sm">Anyone with this link sees the public profile.</Text>
      <Group wrap="nowrap">
        <TextInput value={url} readOnly style={{ flex: 1 }} aria-label="Public profile link" />
        <CopyButton value={url}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** editPageProfile: the description on the public page. */
export function EditPageProfileOverlay({ value, close }: Props) {
  const target = useTargetAccount(value);
  const [text, setText] = useState<string | null>(null);
  // A failure is told by the query client's mutation cache, in the server's words.
  const update = useApiMutation(endpoints.updateAccount, {
    invalidates: [endpoints.getAccount],
    onSuccess: () => {
      notify('Profile saved', { tone: 'success' });
      close();
    },
  });
  if (!target.data) return <Loader size="sm" />;
  const current =
    typeof target.data.account.details.description === 'string'
      ? target.data.account.details.description
      : '';
  const save = () =>
    update.mutate({ targetAccountId: target.data.account.id, body: { description: text ?? current } });
  return (
    <Stack gap="md">
      <Textarea
        label="Description"
        autosize
        minRows={3}
        value={text ?? current}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button loading={update.isPending} onClick={save}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** orgAdmin: what the reseller controls about an organization. */
export function OrgAdminOverlay({ value }: Props) {
  const target = useTargetAccount(value);
  const queryClient = useQueryClient();
  if (!target.data) return <Loader size="sm" />;
  const { account } = target.data;
  const change = async (body: { vidaPremium?: boolean; smsEnabled?: boolean; active?: boolean }) => {
    try {
      await callApi(endpoints.updateOrganization, { query: { targetOrganizationId: account.id }, body });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getAccount) });
      notify('Organization updated', { tone: 'success' });
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not update', { tone: 'error' });
    }
  };
  return (
    <Stack gap="md">
      <Switch
        label="Premium"
        checked={account.vidaPremium}
        onChange={(event) => void change({ vidaPremium: event.currentTarget.checked })}
      />
      <Switch
        label="Text messaging"
        checked={account.smsEnabled}
        onChange={(event) => void change({ smsEnabled: event.currentTarget.checked })}
      />
      <Switch
        label="Active (agents answer)"
        checked={account.enabled}
        onChange={(event) => void change({ active: event.currentTarget.checked })}
      />
    </Stack>
  );
}
