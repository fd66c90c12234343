import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { useApiQuery } from '../../lib/use-api';

const tierLabels = {
  partner: 'Partner',
  reseller: 'Reseller',
  organization: 'Organization',
  agent: 'Agent account',
};
const tierPaths = { partner: 'partner', reseller: 'reseller', organization: 'org', agent: 'agent' };

/** Who is signed in, a way into their workspace, and sign-out. An account fetch that fails signs out. */
export function SignedInCard({ onSignedOut }: { onSignedOut: () => void }) {
  const navigate = useNavigate();
  const account = useApiQuery(endpoints.getAccount, {}, { retry: false });

  const signOut = async () => {
    await callApi(endpoints.logout, {}).catch(() => undefined);
    clearSession();
    onSignedOut();
  };

  if (account.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  if (account.isError) {
    clearSession();
    onSignedOut();
    return null;
  }
  const { account: current, user } = account.data;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light">{tierLabels[current.accountType]}</Badge>
          {user.superAdmin && (
            <Badge variant="light" color="grape">
              Super admin
            </Badge>
          )}
        </Group>
        <Title order={1} fz="h3">
          {current.displayName}
        </Title>
        <Text size="sm" c="dimmed">
          Signed in as {user.email ?? user.phoneNumber ?? current.username}
        </Text>
      </Stack>
      <Button fullWidth onClick={() => void navigate(`/app/${tierPaths[current.accountType]}/${current.id}`)}>
        Open workspace
      </Button>
      <Button fullWidth variant="default" onClick={() => void signOut()}>
        Sign out
      </Button>
    </Stack>
  );
}
