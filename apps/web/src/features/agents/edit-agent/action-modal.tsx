import {
  ActionIcon,
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AgentAction, BookingRules, CollectField, TransferDestination } from '@switchboard/contract';
import { agentFunction } from '@switchboard/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface ActionModalProps {
  action: AgentAction | null;
  onClose: () => void;
  onChange: (action: AgentAction) => void;
}

const weekdays = [
  ['1', 'Mon'],
  ['2', 'Tue'],
  ['3', 'Wed'],
  ['4', 'Thu'],
  ['5', 'Fri'],
  ['6', 'Sat'],
  ['7', 'Sun'],
] as const;

const fieldTypes = ['text', 'number', 'boolean', 'date', 'email', 'phone', 'choice'] as const;

function Destinations({
  list,
  onChange,
}: {
  list: TransferDestination[];
  onChange: (list: TransferDestination[]) => void;
}) {
  const update = (index: number, change: Partial<TransferDestination>) =>
    onChange(list.map((item, at) => (at === index ? { ...item, ...change } : item)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Destinations
      </Text>
      {list.map((item, index) => (
        <Group key={index} wrap="nowrap" align="flex-end">
          <TextInput
            label="Name"
            placeholder="Billing"
            value={item.name}
            onChange={(event) => update(index, { name: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            label="Number or agent"
            placeholder="+15125551234"
            value={item.number}
            onChange={(event) => update(index, { number: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove destination ${index + 1}`}
            onClick={() => onChange(list.filter((_, at) => at !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...list, { name: '', number: '' }])}
      >
        Add destination
      </Button>
    </Stack>
  );
}

function Fields({ list, onChange }: { list: CollectField[]; onChange: (list: CollectField[]) => void }) {
  const update = (index: number, change: Partial<CollectField>) =>
    onChange(list.map((item, at) => (at === index ? { ...item, ...change } : item)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Fields to collect
      </Text>
      {list.map((item, index) => (
        <Stack
          key={index}
          gap={6}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Group wrap="nowrap" align="flex-end">
            <TextInput
              label="Key"
              placeholder="email"
              value={item.key}
              error={
                item.key !== '' && !/^[A-Za-z][A-Za-z0-9_]*$/.test(item.key) ? 'Letters, digits and _' : null
              }
              onChange={(event) => update(index, { key: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <TextInput
              label="Label"
              placeholder="Email address"
              value={item.label}
              onChange={(event) => update(index, { label: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Select
              label="Type"
              data={fieldTypes}
              value={item.type}
              allowDeselect={false}
              onChange={(type) => type && update(index, { type: type })}
              w={120}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove field ${item.key || index + 1}`}
              onClick={() => onChange(list.filter((_, at) => at !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          {item.type === 'choice' && (
            <TagsInput
              label="Choices"
              placeholder="Type a choice and press Enter"
              value={item.choices ?? []}
              onChange={(choices) => update(index, { choices })}
            />
          )}
          <Checkbox
            label="Required"
            checked={item.required}
            onChange={(event) => update(index, { required: event.currentTarget.checked })}
          />
        </Stack>
      ))}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...list, { key: '', label: '', type: 'text', required: false }])}
      >
        Add field
      </Button>
    </Stack>
  );
}

function Booking({ rules, onChange }: { rules: BookingRules; onChange: (rules: BookingRules) => void }) {
  return (
    <Stack gap="sm">
      <Group grow>
        <NumberInput
          label="Length (minutes)"
          min={5}
          max={480}
          value={rules.durationMinutes}
          onChange={(value) => typeof value === 'number' && onChange({ ...rules, durationMinutes: value })}
        />
        <NumberInput
          label="Book up to (days ahead)"
          min={1}
          max={365}
          value={rules.horizonDays}
          onChange={(value) => typeof value === 'number' && onChange({ ...rules, horizonDays: value })}
        />
      </Group>
      <Group grow>
        <TextInput
          type="time"
          label="From"
          value={rules.startTime}
          onChange={(event) => onChange({ ...rules, startTime: event.currentTarget.value })}
        />
        <TextInput
          type="time"
          label="Until"
          value={rules.endTime}
          error={rules.endTime <= rules.startTime ? 'Must be after the start' : null}
          onChange={(event) => onChange({ ...rules, endTime: event.currentTarget.value })}
        />
      </Group>
      <div>
        <Text size="sm" fw={500} mb={6}>
          Days
        </Text>
        <Chip.Group
          multiple
          value={rules.days.map(String)}
          onChange={(days) => onChange({ ...rules, days: days.map(Number).sort((a, b) => a - b) })}
        >
          <Group gap={6}>
            {weekdays.map(([value, label]) => (
              <Chip key={value} value={value} size="sm">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
    </Stack>
  );
}

const defaultBooking: BookingRules = {
  durationMinutes: 30,
  days: [1, 2, 3, 4, 5],
  startTime: '09:00',
  endTime: '17:00',
  horizonDays: 60,
};

/** The actions modal: one action's instructions and its settings (destinations, text, fields, booking rules). */
export function ActionModal({ action, onClose, onChange }: ActionModalProps) {
  const definition = action ? agentFunction(action.name) : null;
  return (
    <Modal opened={action !== null} onClose={onClose} title={definition?.title ?? 'Action'} size="lg">
      {action && definition && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {definition.description}
          </Text>
          <Textarea
            label="When to use it"
            description="Conditions and details in your own words; the agent reads them with the prompt."
            placeholder={definition.placeholder}
            autosize
            minRows={3}
            value={action.instructions}
            onChange={(event) => onChange({ ...action, instructions: event.currentTarget.value })}
          />
          {action.name === 'transfer_call' && (
            <Destinations
              list={action.destinations ?? []}
              onChange={(destinations) => onChange({ ...action, destinations })}
            />
          )}
          {action.name === 'send_sms' && (
            <Textarea
              label="Text to send"
              description="Leave empty to let the agent write the message itself."
              autosize
              minRows={2}
              maxLength={1600}
              value={action.text ?? ''}
              onChange={(event) => onChange({ ...action, text: event.currentTarget.value })}
            />
          )}
          {action.name === 'collect_data' && (
            <Fields list={action.fields ?? []} onChange={(fields) => onChange({ ...action, fields })} />
          )}
          {action.name === 'book_appointment' && (
            <Booking
              rules={action.booking ?? defaultBooking}
              onChange={(booking) => onChange({ ...action, booking })}
            />
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
