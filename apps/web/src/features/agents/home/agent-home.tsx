import { Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import {
  IconMessage2,
  IconMicrophone,
  IconPencil,
  IconPhone,
  IconPhonePlus,
  IconRocket,
} from '@tabler/icons-react';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { notify } from '../../../app/notify';
import { ApiError } from '../../../lib/api-error';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import { WalkthroughCard } from '../../onboarding';
import { agentQueryEndpoints } from '../studio/campaign-api';
import { PublishDialog } from '../studio/publish-dialog';
import { publishStatusBadges, useAgentPublishStatus } from '../studio/publish-state';
import { ConversationCounts, RecentConversations } from './conversation-activity';

type Account = ResponseOf<typeof endpoints.getAccount>['account'];

function formatWhen(iso: number | string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The landing screen of an agent account: its state, its number, its conversations and what to do next. */
export function AgentHome({ account, basePath }: { account: Account; basePath: string }) {
  const agentAccountId = account.id;
  const openOverlay = useOverlayLink();
  const [publishOpen, publishDialog] = useDisclosure(false);
  const { status, query: campaign } = useAgentPublishStatus(agentAccountId);
  const versions = useApiQuery(endpoints.listAgentVersions, {
    targetAccountId: agentAccountId,
    params: { id: agentAccountId },
    query: {},
  });
  const publishMutation = useApiMutation(endpoints.publishAgent, { invalidates: agentQueryEndpoints });
  const latest = versions.data?.versions.find((version) => version.kind === 'publish') ?? null;
  const badge = status ? publishStatusBadges[status] : null;
  const canEdit = account.permissions.canEditOrg;

  const publish = async (note: string) => {
    try {
      await publishMutation.mutateAsync({
        targetAccountId: agentAccountId,
        query: {},
        ...(note.trim() === '' ? {} : { body: { note: note.trim() } }),
      });
      notify('Published: callers now reach this version', { tone: 'success' });
      return true;
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not publish the agent', {
        tone: 'error',
      });
      return false;
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {account.displayName}
            </Title>
            {badge && (
              <Badge variant="dot" size="lg" color={badge.color} data-testid="home-publish-state">
                {badge.label}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm" data-testid="home-published-version">
            {latest
              ? `Version ${latest.publishNumber ?? ''} published ${formatWhen(latest.timestamp)}${
                  latest.createdBy ? ` by ${latest.createdBy.name}` : ''
                }`
              : campaign.data?.publishedAt
                ? `Published ${formatWhen(campaign.data.publishedAt)}`
                : 'Not published yet: callers cannot reach this agent until you publish it.'}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconMessage2 size={16} />}
            onClick={() => openOverlay('testAgent', agentAccountId)}
          >
            Test by chat
          </Button>
          <Button
            variant="default"
            leftSection={<IconMicrophone size={16} />}
            onClick={() => openOverlay('testAgent', `${agentAccountId}:voice`)}
          >
            Test by voice
          </Button>
          {canEdit && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => openOverlay('editAgent', agentAccountId)}
            >
              Edit
            </Button>
          )}
          {canEdit && (
            <Button
              leftSection={<IconRocket size={16} />}
              disabled={status === 'live' || status === null}
              onClick={publishDialog.open}
            >
              Publish
            </Button>
          )}
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ConversationCounts agentAccountId={agentAccountId} />
            <RecentConversations agentAccountId={agentAccountId} logsPath={`${basePath}/logs`} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card p="lg">
              <Stack gap="sm">
                <Group gap="xs">
                  <IconPhone size={18} aria-hidden />
                  <Title order={2} fz="md">
                    Phone number
                  </Title>
                </Group>
                {account.vidaPhoneNumber ? (
                  <Group justify="space-between">
                    <Text fw={600} data-testid="home-phone-number">
                      {account.vidaPhoneNumber}
                    </Text>
                    <Button size="xs" variant="default" onClick={() => openOverlay('number', agentAccountId)}>
                      Manage
                    </Button>
                  </Group>
                ) : (
                  <>
                    <Text size="sm" c="dimmed">
                      This agent has no number yet: callers cannot dial it.
                    </Text>
                    <Button
                      leftSection={<IconPhonePlus size={16} />}
                      variant="light"
                      onClick={() => openOverlay('selectNumber', agentAccountId)}
                    >
                      Get a number
                    </Button>
                  </>
                )}
              </Stack>
            </Card>
            <WalkthroughCard account={account} agentAccountId={agentAccountId} />
          </Stack>
        </Grid.Col>
      </Grid>
      <PublishDialog
        opened={publishOpen}
        onClose={publishDialog.close}
        onPublish={publish}
        busy={publishMutation.isPending}
      />
    </Stack>
  );
}
