import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { endpoints, ResponseOf } from '@switchboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useOverlayLink } from './overlay-link';
import { AccountList } from './account-list';
import { childTypeOf } from './tiers';
import { Fact } from './fact';
import { WalkthroughCard } from '../../features/onboarding/walkthrough/walkthrough-card';
import { AgentHome } from '../../features/agents/home/agent-home';
import { PlansYouSell } from '../../features/billing';

type Account = ResponseOf<typeof endpoints.getAccount>['account'];

const createFlag = {
  reseller: 'createResellerAccount',
  organization: 'createOrgAccount',
  agent: 'createAgentAccount',
} as const;
const createLabel = {
  reseller: 'New reseller',
  organization: 'New organization',
  agent: 'New agent account',
} as const;
const listTitle = { reseller: 'Resellers', organization: 'Organizations', agent: 'Agent accounts' } as const;

/** The landing screen of a tier: its facts and, above agent level, the accounts under it. */
export function TierHome({ account, basePath }: { account: Account; basePath: string }) {
  const openOverlay = useOverlayLink();
  const childType = childTypeOf[account.accountType];
  if (account.accountType === 'agent') return <AgentHome account={account} basePath={basePath} />;
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} fz="h2">
              {account.displayName}
            </Title>
            {account.vidaPremium && <Badge variant="light">Premium</Badge>}
            {!account.enabled && (
              <Badge variant="light" color="red">
                Disabled
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            @{account.username}
          </Text>
        </Stack>
        {childType && account.permissions.canEditOrg && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openOverlay(createFlag[childType])}>
            {createLabel[childType]}
          </Button>
        )}
      </Group>

      <Card withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label="Account id" value={String(account.id)} />
          <Fact label="Email" value={account.email ?? 'Not set'} />
          <Fact label="Phone number" value={account.vidaPhoneNumber ?? 'None yet'} />
          <Fact label="Text messaging" value={account.smsEnabled ? 'Enabled' : 'Not enabled'} />
        </SimpleGrid>
      </Card>

      {account.accountType === 'organization' && <WalkthroughCard account={account} agentAccountId={null} />}

      {(account.accountType === 'partner' || account.accountType === 'reseller') &&
        account.permissions.canManageBilling && <PlansYouSell accountId={account.id} />}

      {childType && (
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {listTitle[childType]}
          </Title>
          <AccountList parentId={account.id} childType={childType} basePath={basePath} />
        </Stack>
      )}
    </Stack>
  );
}
