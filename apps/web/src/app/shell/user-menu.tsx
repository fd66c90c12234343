import { ActionIcon, Avatar, Menu, Text } from '@mantine/core';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import {
  IconChartBar,
  IconDeviceMobile,
  IconGift,
  IconHistory,
  IconLogout,
  IconShieldCheck,
  IconUser,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api-client';
import { handOffToPartnerApp, type PartnerAppKind } from '../../lib/native-bridge';
import { clearSession } from '../../lib/session';
import { notify } from '../notify';
import { useOverlay } from '../overlays/use-overlay';

type User = ResponseOf<typeof endpoints.getAccount>['user'];

/** The partner, reseller or organization workspace on screen, which the native app can open itself. */
export interface HandOffTarget {
  kind: PartnerAppKind;
  id: number;
  /** The screen within that account's workspace, e.g. `/inbox`. */
  path: string;
}

/** Spec §7 mobile hand-off: the custom-scheme URL opens the native app; a framing page gets the OPEN_*_APP message. */
function openInMobileApp(target: HandOffTarget) {
  const handed = handOffToPartnerApp(target);
  if (!handed.ok) {
    notify(handed.error, { tone: 'error' });
    return;
  }
  window.location.assign(handed.url);
}

/**
 * Who is signed in, and sign-out: the session is revoked and local storage cleared (mobile flags kept). With a
 * hand-off target, "Open in the mobile app" hands the workspace on screen to the native app.
 */
export function UserMenu({
  user,
  onSettings,
  handOff = null,
}: {
  user: User;
  onSettings: () => void;
  handOff?: HandOffTarget | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overlay = useOverlay();
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
        <Menu.Item leftSection={<IconChartBar size={14} />} onClick={() => overlay.open('pageStats')}>
          Public page and payments
        </Menu.Item>
        <Menu.Item leftSection={<IconGift size={14} />} onClick={() => overlay.open('referrals')}>
          Invite and earn
        </Menu.Item>
        {user.superAdmin && (
          <>
            <Menu.Divider />
            <Menu.Label>Super admin</Menu.Label>
            <Menu.Item
              leftSection={<IconShieldCheck size={14} />}
              onClick={() => overlay.open('reviewQueue')}
            >
              Conversations to review
            </Menu.Item>
            <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => overlay.open('adminAudit')}>
              Audit trail
            </Menu.Item>
          </>
        )}
        {handOff && (
          <Menu.Item leftSection={<IconDeviceMobile size={14} />} onClick={() => openInMobileApp(handOff)}>
            Open in the mobile app
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
