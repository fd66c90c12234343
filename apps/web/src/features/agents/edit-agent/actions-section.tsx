import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { AgentAction } from '@switchboard/contract';
import { agentFunction, agentFunctions, type AgentFunctionName } from '@switchboard/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { newAction } from '../studio/agent-review';
import { ActionModal } from './action-modal';
import { AddMenu } from './add-menu';
import type { PanelProps } from './panel-props';

function summary(action: AgentAction): string | null {
  switch (action.name) {
    case 'transfer_call': {
      const count = action.destinations?.length ?? 0;
      return count === 0 ? 'No destination yet' : `${count} destination${count === 1 ? '' : 's'}`;
    }
    case 'send_sms':
      return action.text
        ? `Sends: “${action.text.slice(0, 60)}${action.text.length > 60 ? '…' : ''}”`
        : 'Writes its own text';
    case 'collect_data': {
      const count = action.fields?.length ?? 0;
      return `${count} field${count === 1 ? '' : 's'} to collect`;
    }
    case 'book_appointment': {
      const booking = action.booking;
      return booking ? `${booking.durationMinutes} min, ${booking.startTime}–${booking.endTime}` : null;
    }
    default:
      return null;
  }
}

/** The actions section: the built-in functions this agent may use, each with its instructions and settings. */
export function ActionsSection({ config, edit }: PanelProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const available = agentFunctions.filter(
    (definition) =>
      !definition.alwaysOn &&
      config.actions.filter((action) => action.name === definition.name).length < definition.limit,
  );
  const add = (name: AgentFunctionName) => {
    edit((draft) => ({ ...draft, actions: [...draft.actions, newAction(name)] }));
    setEditing(config.actions.length);
  };
  const remove = (index: number) =>
    edit((draft) => ({ ...draft, actions: draft.actions.filter((_, at) => at !== index) }));
  const current = editing === null ? undefined : config.actions[editing];
  return (
    <Card p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="md">
              Actions
            </Title>
            <Text size="sm" c="dimmed">
              What the agent can do during a call besides talking. Ending the call is always on.
            </Text>
          </div>
          <AddMenu
            label="Add action"
            items={available.map((definition) => ({
              key: definition.name,
              title: definition.title,
              description: definition.placeholder,
              onSelect: () => add(definition.name),
            }))}
          />
        </Group>
        {config.actions.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No actions yet. Add call transfer, texts, bookings or data collection.
          </Text>
        ) : (
          <Stack gap="xs">
            {config.actions.map((action, index) => {
              const definition = agentFunction(action.name);
              const detail = summary(action);
              return (
                <Card key={`${action.name}-${index}`} p="sm" radius="md" withBorder>
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={2} miw={0}>
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {definition.title}
                        </Text>
                        {detail && (
                          <Badge
                            variant="light"
                            size="sm"
                            color={detail.startsWith('No ') ? 'orange' : 'gray'}
                          >
                            {detail}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {action.instructions || 'No instructions yet.'}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Configure">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Configure ${definition.title}`}
                          onClick={() => setEditing(index)}
                        >
                          <IconSettings size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remove">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${definition.title}`}
                          onClick={() => remove(index)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ActionModal
        action={current ?? null}
        onClose={() => setEditing(null)}
        onChange={(next) =>
          edit((draft) => ({
            ...draft,
            actions: draft.actions.map((action, at) => (at === editing ? next : action)),
          }))
        }
      />
    </Card>
  );
}
