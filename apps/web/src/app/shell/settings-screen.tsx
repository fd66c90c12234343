import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { endpoints, ResponseOf } from '@switchboard/contract';
import { ExternalAnchor } from '../external-anchor';
import { DomainSettings } from '../../features/domains/domain-settings';
import { DeveloperSettings } from '../../features/developer';
import { useOverlayLink } from './overlay-link';

type Data = ResponseOf<typeof endpoints.getAccount>;

function Row({
  label,
  value,
  flag,
  action = 'Change',
}: {
  label: string;
  value: string;
  flag: string;
  action?: string;
}) {
  const open = useOverlayLink();
  return (
    <Group justify="space-between" wrap="nowrap" py="xs">
      <Stack gap={2} miw={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {value}
        </Text>
      </Stack>
      <Button variant="default" size="xs" onClick={() => open(flag)}>
        {action}
      </Button>
    </Group>
  );
}

/** The account's settings: profile fields, each changed in its own overlay, and its people. */
export function SettingsScreen({ data }: { data: Data }) {
  const { account, user } = data;
  const open = useOverlayLink();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz="h2">
        Settings
      </Title>
      <Card withBorder radius="md" p="lg">
        <Group mb="sm">
          <Avatar src={account.profileImage} size={56} radius="xl" color="brand">
            {account.displayName.slice(0, 1)}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>{account.displayName}</Text>
            <Text size="sm" c="dimmed">
              @{account.username}
            </Text>
          </Stack>
        </Group>
        <Stack gap={0}>
          <Row label="Name" value={account.displayName} flag="editFullName" />
          <Row label="Profile picture" value={account.profileImage ? 'Uploaded' : 'None'} flag="editAvatar" />
          <Row label="Username" value={`@${account.username}`} flag="editSlug" />
          <Row label="Sign-in email" value={user.email ?? 'Not set'} flag="editEmail" />
          <Row label="Phone number" value={user.phoneNumber ?? 'Not set'} flag="callVerify" action="Verify" />
          <Row
            label="Social links"
            value={`${account.socialLinks.length} link(s)`}
            flag="editSocial"
            action="Edit"
          />
        </Stack>
      </Card>
      <DomainSettings account={account} />
      <DeveloperSettings account={account} />
      {account.permissions.canViewOrg && (
        <Card withBorder radius="md" p="lg">
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>People</Text>
              <Text size="sm" c="dimmed">
                Admin users who can sign in to this account with their own email.
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => open('members')}>
                View
              </Button>
              {account.permissions.canInviteUsers && (
                <Button size="xs" onClick={() => open('memberInvite')}>
                  Invite
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      )}
      <Card withBorder radius="md" p="lg">
        <Group justify="space-between">
          <Stack gap={2}>
            <Text fw={600}>API reference</Text>
            <Text size="sm" c="dimmed">
              Every call of the platform with its parameters and answers, to build on your account.
            </Text>
          </Stack>
          <ExternalAnchor href="/api/docs" size="sm">
            Open API reference
          </ExternalAnchor>
        </Group>
      </Card>
    </Stack>
  );
}
