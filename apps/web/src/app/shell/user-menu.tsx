import { ActionIcon, Avatar, Menu, Text } from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api-client';
import { clearSession } from '../../lib/session';

type User = ResponseOf<typeof endpoints.getAccount>['user'];

/** Who is signed in, and sign-out: the session is revoked and local storage cleared (mobile flags kept). */
export function UserMenu({ user, onSettings }: { user: User; onSettings: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async () => {
    await callApi(endpoints.logout, {}).catch(() => undefined);
    const mobile = localStorage.getItem('mobileApp') === 'true';
    clearSession();
    queryClient.clear();
    void navigate(mobile ? '/mobile/start' : '/app', { replace: true });
  };
  const who = user.email ?? user.phoneNumber ?? 'Signed in';
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" radius="xl" aria-label="Account menu">
          <Avatar size={30} radius="xl" color="brand">
            {who.slice(0, 1).toUpperCase()}
          </Avatar>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {who}
          </Text>
        </Menu.Label>
        <Menu.Item leftSection={<IconUser size={14} />} onClick={onSettings}>
          Account settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
