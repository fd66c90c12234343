import { Card, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AgentConfig } from '@switchboard/contract';
import type { ReactNode } from 'react';
import type { PanelProps } from './panel-props';

type NumberKey = {
  [K in keyof AgentConfig]: AgentConfig[K] extends number ? K : never;
}[keyof AgentConfig];

const timing: {
  key: NumberKey;
  label: string;
  description: string;
  min: number;
  max: number;
  unit: string;
}[] = [
  {
    key: 'waitOnAnswer',
    label: 'Wait before greeting',
    description: 'Pause after answering.',
    min: 0,
    max: 30_000,
    unit: 'ms',
  },
  {
    key: 'speakingTimeout',
    label: 'End of turn after',
    description: 'Silence that ends the caller’s turn.',
    min: 100,
    max: 10_000,
    unit: 'ms',
  },
  {
    key: 'speechProcessingDelay',
    label: 'Processing delay',
    description: 'Wait before the agent answers.',
    min: 0,
    max: 5000,
    unit: 'ms',
  },
  {
    key: 'interruptionWordCount',
    label: 'Interruption words',
    description: 'Words a caller says to interrupt.',
    min: 0,
    max: 50,
    unit: 'words',
  },
  {
    key: 'interruptionMinimumSpeakingTime',
    label: 'Interruptible after',
    description: 'The agent speaks this long first.',
    min: 0,
    max: 60,
    unit: 's',
  },
  {
    key: 'callerResponseTimeout',
    label: 'Check-in after silence',
    description: '“Are you still there?”',
    min: 1,
    max: 300,
    unit: 's',
  },
  {
    key: 'callerResponseTimeoutHangupCounter',
    label: 'Hang up after check-ins',
    description: 'Unanswered check-ins.',
    min: 1,
    max: 20,
    unit: 'times',
  },
];

function Group({
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
      <Stack gap="md">
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

/** The advanced panel: turn-taking timings, the recording notice and the model. */
export function AdvancedPanel({ config, edit }: PanelProps) {
  return (
    <Stack gap="lg">
      <Group title="Turn-taking" description="How the agent paces a call. The defaults suit most businesses.">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {timing.map((item) => (
            <NumberInput
              key={item.key}
              label={item.label}
              description={item.description}
              min={item.min}
              max={item.max}
              rightSection={
                <Text size="xs" c="dimmed" pr={28}>
                  {item.unit}
                </Text>
              }
              rightSectionWidth={64}
              value={config[item.key]}
              clampBehavior="strict"
              onChange={(value) => typeof value === 'number' && edit({ [item.key]: value })}
            />
          ))}
        </SimpleGrid>
      </Group>
      <Group title="Recording notice" description="What callers hear about the call being recorded.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Announce recording"
            data={[
              { value: 'true', label: 'Where the law requires it' },
              { value: 'always', label: 'Always' },
              { value: 'false', label: 'Never' },
            ]}
            value={config.autoRecordingNotification}
            allowDeselect={false}
            onChange={(value) => value && edit({ autoRecordingNotification: value })}
          />
          <TextInput
            label="Notice"
            value={config.recordingNotificationPhrase}
            onChange={(event) => edit({ recordingNotificationPhrase: event.currentTarget.value })}
          />
        </SimpleGrid>
      </Group>
      <Group title="Model" description="The language model this agent thinks with.">
        <TextInput
          label="Model"
          description="Leave empty for the platform default: an offline rule-based model that answers from the prompt, unless the server connects an OpenAI-compatible model (LLM_PROVIDER=openai with OPENAI_BASE_URL and OPENAI_API_KEY)."
          placeholder="Platform default"
          value={config.agentModel ?? ''}
          onChange={(event) => edit({ agentModel: event.currentTarget.value.trim() || null })}
        />
      </Group>
    </Stack>
  );
}
