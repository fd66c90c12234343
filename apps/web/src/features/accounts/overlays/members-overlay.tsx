import { ActionIcon, Badge, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../../app/confirm-action';
import { notify } from '../../../app/notify';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { apiQueryScope, useApiQuery } from '../../../lib/use-api';
import { usePathAccount } from './use-path-account';

/** The people who can sign in to this account; owners are marked, others can be removed. */
export function MembersOverlay() {
  const { accountId } = usePathAccount();
  const queryClient = useQueryClient();
  const open = useOverlayLink();
  const members = useApiQuery(
    endpoints.listAdminUsers,
    accountId === null ? {} : { targetAccountId: accountId },
  );

  const remove = async (user: { id: number; email: string | null }) => {
    const ok = await confirmAction({
      title: 'Remove this person?',
      message: `${user.email ?? 'They'} will no longer be able to sign in to this account.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!ok || accountId === null) return;
    try {
      await callApi(endpoints.deleteAdminUser, {
        targetAccountId: accountId,
        body: { targetUserId: user.id },
      });
      await queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.listAdminUsers) });
      notify('Removed', { tone: 'success' });
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not remove', { tone: 'error' });
    }
  };

  if (members.isPending) return <Loader size="sm" />;
  if (members.isError) return <Text c="red">{members.error.message}</Text>;
  return (
    <Stack gap="md">
      {members.data.users.map((user) => (
        <Group key={user.id} justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} truncate>
              {user.name ?? user.email}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {user.isOwner && <Badge variant="light">Owner</Badge>}
            <Tooltip label="Remove">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${user.email ?? ''}`}
                onClick={() => void remove(user)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      ))}
      <Button variant="light" onClick={() => open('memberInvite')}>
        Invite someone
      </Button>
    </Stack>
  );
}
