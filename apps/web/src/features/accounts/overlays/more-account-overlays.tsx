import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/notify';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { readSessionToken } from '../../../lib/session';
import { apiQueryScope, useApiQuery } from '../../../lib/use-api';
import { usePathAccount } from './use-path-account';

interface Props {
  value: string | null;
  close: () => void;
}

const failed = (failure: unknown, fallback: string) =>
  notify(failure instanceof ApiError ? failure.message : fallback, { tone: 'error' });

/** settings: the way to this account's settings screen. */
export function SettingsOverlay({ close }: Props) {
  const navigate = useNavigate();
  const { basePath } = usePathAccount();
  return (
    <Stack gap="md">
      <Text size="sm">
        Profile, sign-in email and phone, username, social links and the people with access.
      </Text>
      <Button
        onClick={() => {
          close();
          void navigate(`${basePath}/settings`);
        }}
      >
        Open settings
      </Button>
    </Stack>
  );
}

/** memberDelete=<user id>: removes one admin user after confirming. */
export function MemberDeleteOverlay({ value, close }: Props) {
  const { accountId } = usePathAccount();
  const queryClient = useQueryClient();
  const userId = value !== null && /^\d+$/.test(value) ? Number(value) : null;
  if (userId === null || accountId === null)
    return <Text size="sm">Choose a person to remove from the people list.</Text>;
  const remove = async () => {
    try {
      await callApi(endpoints.deleteAdminUser, {
        targetAccountId: accountId,
        body: { targetUserId: userId },
      });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.listAdminUsers) });
      notify('Removed', { tone: 'success' });
      close();
    } catch (failure) {
      failed(failure, 'Could not remove');
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">This person will no longer be able to sign in to this account.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void remove()}>
          Remove
        </Button>
      </Group>
    </Stack>
  );
}

/** editSocial: the links shown on the public profile. */
export function EditSocialOverlay({ close }: Props) {
  const { accountId } = usePathAccount();
  const queryClient = useQueryClient();
  const account = useApiQuery(endpoints.getAccount, accountId === null ? {} : { targetAccountId: accountId });
  const [links, setLinks] = useState<{ type: string; url: string }[] | null>(null);
  if (!account.data) return <Loader size="sm" />;
  const current = links ?? account.data.account.socialLinks;
  const update = (index: number, change: Partial<{ type: string; url: string }>) =>
    setLinks(current.map((link, at) => (at === index ? { ...link, ...change } : link)));
  const save = async () => {
    try {
      await callApi(endpoints.saveSocialLinks, {
        ...(accountId === null ? {} : { targetAccountId: accountId }),
        body: { socialLinks: current.filter((link) => link.url.trim() !== '') },
      });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getAccount) });
      notify('Links saved', { tone: 'success' });
      close();
    } catch (failure) {
      failed(failure, 'Could not save the links');
    }
  };
  return (
    <Stack gap="sm">
      {current.map((link, index) => (
        <Group key={index} wrap="nowrap" align="flex-end">
          <TextInput
            label={index === 0 ? 'Site' : undefined}
            w={120}
            value={link.type}
            onChange={(event) => update(index, { type: event.currentTarget.value })}
          />
          <TextInput
            label={index === 0 ? 'Address' : undefined}
            style={{ flex: 1 }}
            value={link.url}
            onChange={(event) => update(index, { url: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="Remove link"
            onClick={() => setLinks(current.filter((_, at) => at !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        leftSection={<IconPlus size={14} />}
        onClick={() => setLinks([...current, { type: 'website', url: '' }])}
      >
        Add a link
      </Button>
      <Group justify="flex-end">
        <Button onClick={() => void save()}>Save</Button>
      </Group>
    </Stack>
  );
}

/** editAvatar: a PNG, JPEG, WebP or GIF picture up to 5 MB. */
export function EditAvatarOverlay({ close }: Props) {
  const { accountId } = usePathAccount();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('image', file);
      const query = new URLSearchParams({ token: readSessionToken() ?? '' });
      if (accountId !== null) query.set('targetAccountId', String(accountId));
      const response = await fetch(`/api/v1/profile/dp?${query.toString()}`, { method: 'POST', body: form });
      const body = (await response.json()) as { message?: string };
      if (!response.ok) throw new ApiError(response.status, 'BAD_REQUEST', body.message ?? 'Upload failed');
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getAccount) });
      notify('Picture saved', { tone: 'success' });
      close();
    } catch (failure) {
      failed(failure, 'Upload failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">A square picture works best. PNG, JPEG, WebP or GIF, up to 5 MB.</Text>
      <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp,image/gif">
        {(props) => (
          <Button {...props} loading={busy}>
            Choose a picture
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}

/** editUserAccount: switch an account off (with a reason) or on again. */
export function EditUserAccountOverlay({ value }: Props) {
  const { accountId } = usePathAccount();
  const id = value !== null && /^\d+$/.test(value) ? Number(value) : accountId;
  const account = useApiQuery(endpoints.getAccount, id === null ? {} : { targetAccountId: id });
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  if (!account.data) return <Loader size="sm" />;
  const { username, enabled, displayName } = account.data.account;
  const toggle = async () => {
    try {
      if (enabled)
        await callApi(endpoints.disableAccount, {
          body: { username, reason: reason || 'disabled by an administrator' },
        });
      else await callApi(endpoints.enableAccount, { body: { username } });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getAccount) });
      notify(enabled ? 'Account disabled' : 'Account enabled!', { tone: 'success' });
    } catch (failure) {
      failed(failure, 'Could not change the account');
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{displayName}</b> is {enabled ? 'active' : 'disabled'}.
      </Text>
      {enabled && (
        <TextInput label="Reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
      )}
      <Button color={enabled ? 'red' : 'brand'} onClick={() => void toggle()}>
        {enabled ? 'Disable account' : 'Enable account'}
      </Button>
    </Stack>
  );
}
