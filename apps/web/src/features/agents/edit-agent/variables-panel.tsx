import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { templateVariablesIn } from '@switchboard/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { missingVariables } from '../studio/agent-review';
import type { PanelProps } from './panel-props';

const namePattern = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The variables panel: {{name}} values filled into the prompt and greeting, with the names still missing. */
export function VariablesPanel({ config, edit }: PanelProps) {
  const [newName, setNewName] = useState('');
  const entries = Object.entries(config.variables);
  const used = templateVariablesIn(`${config.agentInstructions}\n${config.welcomeMessage}`);
  const missing = missingVariables(config);
  const nameError =
    newName === ''
      ? null
      : !namePattern.test(newName)
        ? 'Start with a letter; use letters, digits and _'
        : Object.hasOwn(config.variables, newName)
          ? 'Already defined'
          : null;
  const add = (name: string) => {
    edit((draft) => ({ ...draft, variables: { ...draft.variables, [name]: draft.variables[name] ?? '' } }));
    setNewName('');
  };
  const setValue = (name: string, value: string) =>
    edit((draft) => ({ ...draft, variables: { ...draft.variables, [name]: value } }));
  const remove = (name: string) =>
    edit((draft) => ({
      ...draft,
      variables: Object.fromEntries(Object.entries(draft.variables).filter(([key]) => key !== name)),
    }));
  return (
    <Card p="lg">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md">
            Variables
          </Title>
          <Text size="sm" c="dimmed">
            Write <Code>{'{{name}}'}</Code> in the prompt or greeting and set its value here; the agent hears
            the value.
          </Text>
        </div>
        {missing.length > 0 && (
          <Alert color="orange" icon={<IconInfoCircle size={18} />} title="Used but not set">
            <Group gap="xs">
              {missing.map((name) => (
                <Button key={name} size="compact-xs" variant="light" color="orange" onClick={() => add(name)}>
                  Add {`{{${name}}}`}
                </Button>
              ))}
            </Group>
          </Alert>
        )}
        {entries.length > 0 && (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">Name</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td>
                    <Code>{`{{${name}}}`}</Code>
                    {!used.includes(name) && (
                      <Text size="xs" c="dimmed">
                        not used yet
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Value of ${name}`}
                      value={value}
                      onChange={(event) => setValue(name, event.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(name)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="New variable name"
            placeholder="businessName"
            value={newName}
            error={nameError}
            onChange={(event) => setNewName(event.currentTarget.value.trim())}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && newName && !nameError) add(newName);
            }}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={newName === '' || nameError !== null}
            onClick={() => add(newName)}
          >
            Add variable
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
