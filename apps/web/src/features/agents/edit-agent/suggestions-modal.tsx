import { Button, Card, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBulb, IconCircleCheck } from '@tabler/icons-react';
import { reviewAgentConfig } from '../studio/agent-review';
import type { PanelProps } from './panel-props';

/** The suggestions modal: what the studio's review finds in the draft, each with its fix when there is one. */
export function SuggestionsModal({
  opened,
  onClose,
  config,
  edit,
}: PanelProps & { opened: boolean; onClose: () => void }) {
  const suggestions = reviewAgentConfig(config);
  return (
    <Modal opened={opened} onClose={onClose} title="Suggestions" size="lg">
      {suggestions.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <ThemeIcon size={44} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <Text fw={600}>Nothing to suggest</Text>
          <Text size="sm" c="dimmed">
            The prompt, greeting, actions and variables look complete.
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          {suggestions.map((suggestion) => (
            <Card key={suggestion.id} p="md" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" color="yellow" radius="xl">
                    <IconBulb size={16} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600} size="sm">
                      {suggestion.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {suggestion.detail}
                    </Text>
                  </div>
                </Group>
                {suggestion.fix && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      const fix = suggestion.fix;
                      if (fix) edit(fix);
                    }}
                  >
                    {suggestion.fixLabel ?? 'Apply'}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
