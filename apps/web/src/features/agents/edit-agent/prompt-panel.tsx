import { Button, Card, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsMaximize, IconBulb } from '@tabler/icons-react';
import { KnowledgeBasePicker } from '../../knowledge';
import { reviewAgentConfig } from '../studio/agent-review';
import { ActionsSection } from './actions-section';
import { AppsSection } from './apps-section';
import type { PanelProps } from './panel-props';
import { SuggestionsModal } from './suggestions-modal';

/** The prompt panel: greeting, prompt (with a full-screen editor and suggestions), actions and knowledge. */
export function PromptPanel({ config, edit, promptError }: PanelProps & { promptError: string | null }) {
  const [editorOpen, editor] = useDisclosure(false);
  const [suggestionsOpen, suggestions] = useDisclosure(false);
  const suggestionCount = reviewAgentConfig(config).length;
  return (
    <Stack gap="lg">
      <Card p="lg">
        <Stack gap="md">
          <TextInput
            label="Greeting"
            description="The first thing the agent says when it answers. Start with prompt: to let it write a fresh greeting each call."
            placeholder="Thanks for calling Acme Dental, this is Ava. How can I help?"
            value={config.welcomeMessage}
            onChange={(event) => edit({ welcomeMessage: event.currentTarget.value })}
          />
          <Textarea
            label="Prompt"
            description="Who the agent is, what it knows and how it should handle each kind of call."
            autosize
            minRows={10}
            maxRows={24}
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, lineHeight: 1.55 },
            }}
            value={config.agentInstructions}
            error={promptError}
            onChange={(event) => edit({ agentInstructions: event.currentTarget.value })}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {config.agentInstructions.length.toLocaleString()} characters
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconBulb size={14} />}
                onClick={suggestions.open}
              >
                Suggestions{suggestionCount > 0 ? ` (${suggestionCount})` : ''}
              </Button>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowsMaximize size={14} />}
                onClick={editor.open}
              >
                Open large editor
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>

      <ActionsSection config={config} edit={edit} />

      <AppsSection config={config} edit={edit} />

      <Card p="lg">
        <Stack gap="sm">
          <div>
            <Title order={3} fz="md">
              Knowledge
            </Title>
            <Text size="sm" c="dimmed">
              Facts the agent answers from besides its prompt: prices, opening hours, policies, FAQs.
            </Text>
          </div>
          <Textarea
            aria-label="Knowledge"
            autosize
            minRows={4}
            maxRows={16}
            placeholder={'Q: Do you take walk-ins?\nA: Yes, before 3pm on weekdays.'}
            value={config.knowledge}
            onChange={(event) => edit({ knowledge: event.currentTarget.value })}
          />
          <KnowledgeBasePicker
            value={config.knowledgeBases}
            onChange={(knowledgeBases) => edit({ knowledgeBases })}
          />
        </Stack>
      </Card>

      <Modal opened={editorOpen} onClose={editor.close} title="Prompt" fullScreen>
        <Textarea
          aria-label="Prompt (large editor)"
          autosize
          minRows={28}
          data-autofocus
          styles={{
            input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14, lineHeight: 1.6 },
          }}
          value={config.agentInstructions}
          error={promptError}
          onChange={(event) => edit({ agentInstructions: event.currentTarget.value })}
        />
        <Group justify="flex-end" mt="md">
          <Button onClick={editor.close}>Done</Button>
        </Group>
      </Modal>
      <SuggestionsModal opened={suggestionsOpen} onClose={suggestions.close} config={config} edit={edit} />
    </Stack>
  );
}
