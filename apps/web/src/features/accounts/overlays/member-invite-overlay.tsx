import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { notify } from '../../../app/notify';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { apiQueryScope } from '../../../lib/use-api';
import { usePathAccount } from './use-path-account';

/** Invites a person by email; they sign in with their own address and reach this account. */
export function MemberInviteOverlay({ close }: { close: () => void }) {
  const { accountId } = usePathAccount();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [isOwner, setOwner] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('This field is required');
      return;
    }
    if (accountId === null) return;
    setBusy(true);
    try {
      await callApi(endpoints.inviteAdminUser, {
        targetAccountId: accountId,
        body: { email: email.trim(), isOwner },
      });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.listAdminUsers) });
      notify('Invitation sent', { tone: 'success' });
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not send the invitation');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          They get an email and sign in with a code sent to that address.
        </Text>
        <TextInput
          label="Email"
          type="email"
          required
          autoFocus
          value={email}
          error={error}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Checkbox
          label="Make them an owner"
          checked={isOwner}
          onChange={(event) => setOwner(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
