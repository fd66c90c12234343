import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { agentLanguages } from '@switchboard/contract';
import { describeVoice, findAgentVoice, voiceSupportsLanguage } from '@switchboard/core';
import { IconCheck, IconCopy, IconPlus, IconRoute, IconTrash, IconVolume } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { timeZoneOptions } from '../studio/time-zones';
import type { PanelProps } from './panel-props';
import { RoutesModal } from './routes-modal';
import { VoicesModal } from './voices-modal';

export const languageLabels: Record<(typeof agentLanguages)[number], string> = {
  'en-US': 'English (US)',
  multi: 'Multilingual',
  'es-MX': 'Spanish (Mexico)',
  'es-ES': 'Spanish (Spain)',
  'es-US': 'Spanish (US)',
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card p="lg">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** The settings panel: campaign id, voice, language, timezone, links and call routing. */
export function SettingsPanel({ config, edit }: PanelProps) {
  const [voicesOpen, voices] = useDisclosure(false);
  const [routesOpen, routes] = useDisclosure(false);
  const voice = findAgentVoice(config.agentVoice);
  const voiceMismatch = voice !== undefined && !voiceSupportsLanguage(voice, config.agentLang);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Name" description="How this agent is named in lists and logs.">
          <TextInput
            aria-label="Agent name"
            placeholder="Front desk"
            value={config.title}
            onChange={(event) => edit({ title: event.currentTarget.value })}
          />
        </Section>
        <Section title="Campaign id" description="Identifies this agent in the API and webhooks.">
          <Group gap="xs" wrap="nowrap">
            <Text ff="monospace" size="sm" data-testid="campaign-id">
              {config.campaignId || 'Assigned on first save'}
            </Text>
            {config.campaignId && (
              <CopyButton value={config.campaignId}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'}>
                    <ActionIcon variant="subtle" aria-label="Copy campaign id" onClick={copy}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            )}
          </Group>
        </Section>
        <Section title="Voice" description="How the agent sounds on calls.">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <IconVolume size={20} />
              <div>
                <Text fw={600}>{voice?.name ?? config.agentVoice}</Text>
                <Text size="xs" c={voiceMismatch ? 'red' : 'dimmed'}>
                  {voiceMismatch
                    ? `Does not speak ${languageLabels[config.agentLang]}; choose another voice`
                    : voice
                      ? describeVoice(voice)
                      : 'Custom voice'}
                </Text>
              </div>
            </Group>
            <Button variant="default" onClick={voices.open}>
              Change voice
            </Button>
          </Group>
        </Section>
        <Section title="Language" description="What callers speak; it sets speech recognition too.">
          <Select
            aria-label="Language"
            data={agentLanguages.map((value) => ({ value, label: languageLabels[value] }))}
            value={config.agentLang}
            allowDeselect={false}
            onChange={(value) => value && edit({ agentLang: value })}
          />
        </Section>
        <Section
          title="Timezone"
          description="Used for opening hours, bookings and the times the agent says."
        >
          <Select
            aria-label="Timezone"
            searchable
            data={timeZoneOptions(config.timezone)}
            value={config.timezone}
            allowDeselect={false}
            nothingFoundMessage="No such timezone"
            onChange={(value) => value && edit({ timezone: value })}
          />
        </Section>
        <Section title="Call routing" description="Transfer confirmation and caller-name rules.">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {[
                config.attendedTransfers
                  ? 'Attended transfers'
                  : config.confirmTransfers
                    ? 'Confirmed transfers'
                    : 'Direct transfers',
                config.cnamAutoRejectRegex ? 'rejects by name' : null,
                config.cnamAutoTransferRegex ? 'forwards by name' : null,
              ]
                .filter(Boolean)
                .join(', ')}
            </Text>
            <Button variant="default" leftSection={<IconRoute size={16} />} onClick={routes.open}>
              Edit routing
            </Button>
          </Group>
        </Section>
      </SimpleGrid>
      <Section title="Links" description="Up to two web pages or documents the agent may read for answers.">
        {config.links.map((link, index) => (
          <Group key={index} wrap="nowrap">
            <TextInput
              aria-label={`Link ${index + 1}`}
              placeholder="https://example.com/faq"
              value={link}
              style={{ flex: 1 }}
              onChange={(event) => {
                const value = event.currentTarget.value;
                edit((draft) => ({
                  ...draft,
                  links: draft.links.map((item, at) => (at === index ? value : item)),
                }));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove link ${index + 1}`}
              onClick={() =>
                edit((draft) => ({ ...draft, links: draft.links.filter((_, at) => at !== index) }))
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          disabled={config.links.length >= 2}
          onClick={() => edit((draft) => ({ ...draft, links: [...draft.links, ''] }))}
        >
          {config.links.length >= 2 ? 'Two links at most' : 'Add a link'}
        </Button>
      </Section>
      <VoicesModal
        opened={voicesOpen}
        onClose={voices.close}
        agentLang={config.agentLang}
        value={config.agentVoice}
        onChange={(agentVoice) => edit({ agentVoice })}
      />
      <RoutesModal opened={routesOpen} onClose={routes.close} config={config} edit={edit} />
    </Stack>
  );
}
