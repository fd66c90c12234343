import {
  Anchor,
  Badge,
  Blockquote,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { agentFunction, describeVoice, findAgentVoice } from '@switchboard/core';
import {
  IconBolt,
  IconHistory,
  IconMicrophone,
  IconPencil,
  IconPhone,
  IconRocket,
  IconSparkles,
} from '@tabler/icons-react';
import type { SectionProps } from '../../../app/shell/section-registry';
import { useOverlayLink } from '../../../app/shell/overlay-link';
import { notify } from '../../../app/notify';
import { Fact } from '../../../app/shell/fact';
import { useApiQuery } from '../../../lib/use-api';
import { DraftPending } from '../studio/agent-gate';
import { useCampaignDraft } from '../studio/use-campaign-draft';
import { languageLabels } from '../edit-agent/settings-panel';
import { publishStatusOfDraft } from '../studio/publish-state';
import { WalkthroughCard } from '../../onboarding';

function excerpt(text: string, length = 420): string {
  const flat = text.trim();
  return flat.length <= length ? flat : `${flat.slice(0, length).trimEnd()}…`;
}

function formatWhen(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
}

/** `…/agent`: what the agent says and does, how it sounds, and whether the live version is the latest. */
export function AgentOverview({ account }: SectionProps) {
  const agentAccountId = account.id;
  const openOverlay = useOverlayLink();
  const { draft, state } = useCampaignDraft(agentAccountId);
  const campaign = useApiQuery(endpoints.getCampaign, { targetAccountId: agentAccountId, query: {} });
  const versions = useApiQuery(endpoints.listAgentVersions, {
    targetAccountId: agentAccountId,
    params: { id: agentAccountId },
    query: {},
  });
  if (state.draft === null) return <DraftPending error={state.errors.at(-1)} />;
  const config = state.draft;
  const status = publishStatusOfDraft(state);
  const voice = findAgentVoice(config.agentVoice);
  const publish = async () => {
    if (await draft.publish()) notify('Published: callers now reach this version', { tone: 'success' });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {config.title || account.displayName}
            </Title>
            <Badge
              variant="dot"
              size="lg"
              color={status === 'live' ? 'teal' : status === 'draft' ? 'orange' : 'gray'}
              data-testid="overview-publish-state"
            >
              {status === 'live' ? 'Live' : status === 'draft' ? 'Unpublished changes' : 'Not published yet'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {config.description || 'The prompt, greeting, actions and voice your callers meet.'}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconMicrophone size={16} />}
            onClick={() => openOverlay('testAgent', agentAccountId)}
          >
            Test agent
          </Button>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => openOverlay('editAgent')}
          >
            Edit agent
          </Button>
          <Button
            leftSection={<IconRocket size={16} />}
            disabled={status === 'live' || state.busy !== null}
            loading={state.busy === 'publishing'}
            onClick={() => void publish()}
          >
            Publish
          </Button>
        </Group>
      </Group>

      <WalkthroughCard account={account} agentAccountId={agentAccountId} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card p="lg">
              <Stack gap="sm">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Greeting
                </Text>
                {config.welcomeMessage ? (
                  <Blockquote p="sm" color="brand" radius="md" iconSize={0}>
                    <Text size="sm">{config.welcomeMessage}</Text>
                  </Blockquote>
                ) : (
                  <Text size="sm" c="dimmed">
                    No greeting: the agent waits for the caller to speak first.
                  </Text>
                )}
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt="xs">
                  Prompt
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="prompt-excerpt">
                  {config.agentInstructions ? excerpt(config.agentInstructions) : 'No prompt yet.'}
                </Text>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    {config.agentInstructions.length.toLocaleString()} characters
                  </Text>
                  <Anchor component="button" type="button" size="sm" onClick={() => openOverlay('editAgent')}>
                    Edit prompt
                  </Anchor>
                </Group>
              </Stack>
            </Card>
            <Card p="lg">
              <Group justify="space-between" mb="sm">
                <Group gap="xs">
                  <ThemeIcon variant="light" size="md">
                    <IconBolt size={16} />
                  </ThemeIcon>
                  <Title order={2} fz="md">
                    Actions
                  </Title>
                </Group>
                <Text size="sm" c="dimmed">
                  {config.actions.length} enabled
                </Text>
              </Group>
              {config.actions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Only talking and ending the call. Add transfers, texts, bookings or data collection in the
                  editor.
                </Text>
              ) : (
                <Stack gap={8}>
                  {config.actions.map((action, index) => (
                    <Group key={`${action.name}-${index}`} gap="md" wrap="nowrap" align="baseline">
                      <Text size="sm" fw={600} w={150} style={{ flexShrink: 0 }}>
                        {agentFunction(action.name).title}
                      </Text>
                      <Text size="sm" c="dimmed" lineClamp={1}>
                        {action.instructions || 'No instructions'}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card p="lg">
              <Stack gap="md">
                <Group gap="xs">
                  <ThemeIcon variant="light" size="md">
                    <IconSparkles size={16} />
                  </ThemeIcon>
                  <Title order={2} fz="md">
                    Voice and language
                  </Title>
                </Group>
                <SimpleGrid cols={2}>
                  <Fact label="Voice" value={voice ? voice.name : config.agentVoice} />
                  <Fact label="Sounds" value={voice ? describeVoice(voice) : 'Custom'} />
                  <Fact label="Language" value={languageLabels[config.agentLang]} />
                  <Fact label="Timezone" value={config.timezone} />
                </SimpleGrid>
              </Stack>
            </Card>
            <Card p="lg">
              <Stack gap="md">
                <Group gap="xs">
                  <ThemeIcon variant="light" size="md">
                    <IconHistory size={16} />
                  </ThemeIcon>
                  <Title order={2} fz="md">
                    Publishing
                  </Title>
                </Group>
                <SimpleGrid cols={2}>
                  <Fact label="Last published" value={formatWhen(campaign.data?.publishedAt ?? null)} />
                  <Fact
                    label="Versions"
                    value={versions.data ? String(versions.data.versions.length) : '…'}
                  />
                </SimpleGrid>
                {status === 'draft' ? (
                  <Text size="sm">
                    The draft differs from what callers hear.{' '}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => openOverlay('compareChanges', agentAccountId)}
                    >
                      Compare changes
                    </Anchor>
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {status === 'live'
                      ? 'Callers reach the latest version.'
                      : 'Publish to put this agent on the phone.'}
                  </Text>
                )}
              </Stack>
            </Card>
            <Card p="lg">
              <Group gap="xs" mb="sm">
                <ThemeIcon variant="light" size="md">
                  <IconPhone size={16} />
                </ThemeIcon>
                <Title order={2} fz="md">
                  Phone
                </Title>
              </Group>
              <SimpleGrid cols={2}>
                <Fact label="Number" value={account.vidaPhoneNumber ?? 'None yet'} />
                <Fact label="Campaign id" value={config.campaignId || '—'} />
              </SimpleGrid>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
