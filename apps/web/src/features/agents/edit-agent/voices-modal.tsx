import {
  Badge,
  Card,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { describeVoice, voicesForLanguage, type AgentVoice } from '@switchboard/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';

interface VoicesModalProps {
  opened: boolean;
  onClose: () => void;
  agentLang: string;
  value: string;
  onChange: (voiceId: string) => void;
}

function VoiceCard({
  voice,
  selected,
  onPick,
}: {
  voice: AgentVoice;
  selected: boolean;
  onPick: () => void;
}) {
  return (
    <UnstyledButton
      h="100%"
      onClick={onPick}
      aria-pressed={selected}
      aria-label={`${voice.name}, ${describeVoice(voice)}`}
    >
      <Card
        p="sm"
        radius="md"
        withBorder
        h="100%"
        style={{
          borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
          boxShadow: selected ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{voice.name}</Text>
          {selected && <IconCheck size={16} color="var(--mantine-primary-color-filled)" />}
        </Group>
        <Text size="xs" c="dimmed">
          {describeVoice(voice)}
        </Text>
        <Text size="sm" mt={4} lineClamp={1}>
          {voice.description}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

/** The voices modal: the catalogue's voices that speak the agent's language, filtered by gender. */
export function VoicesModal({ opened, onClose, agentLang, value, onChange }: VoicesModalProps) {
  const [gender, setGender] = useState<'all' | 'female' | 'male'>('all');
  const voices = voicesForLanguage(agentLang).filter((voice) => gender === 'all' || voice.gender === gender);
  return (
    <Modal opened={opened} onClose={onClose} title="Choose a voice" size="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <SegmentedControl
            value={gender}
            onChange={(next) => setGender(next)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'female', label: 'Female' },
              { value: 'male', label: 'Male' },
            ]}
          />
          <Badge variant="light">{agentLang === 'multi' ? 'Multilingual voices' : agentLang}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {voices.map((voice) => (
            <VoiceCard
              key={voice.id}
              voice={voice}
              selected={voice.id === value}
              onPick={() => {
                onChange(voice.id);
                onClose();
              }}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
