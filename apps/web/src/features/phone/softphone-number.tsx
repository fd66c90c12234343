import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';

/** The person's caller number on the sandbox phone network, and a way to pick another in the softphone range. */
export function SoftphoneNumber({ number, disabled }: { number: string | null; disabled: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const choose = useApiMutation(endpoints.chooseSoftphoneNumber, {
    invalidates: [endpoints.softphone],
    showsError: true,
  });
  const save = () =>
    choose.mutate(
      { body: { phoneNumber: draft.replace(/[\s\-().]/g, '') } },
      { onSuccess: () => setEditing(false) },
    );
  return (
    <Card withBorder radius="md" p="md">
      {editing ? (
        <Stack gap="xs">
          <Group align="end" gap="xs" wrap="nowrap">
            <TextInput
              label="Your softphone number"
              description="+1 555 555 and four digits from 0100"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button onClick={save} loading={choose.isPending}>
              Save
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
          {choose.isError && <Alert color="red">{choose.error.message}</Alert>}
        </Stack>
      ) : (
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              You call from
            </Text>
            <Text fw={600} size="lg" data-testid="softphone-number">
              {number ? formatPhoneForDisplay(number) : '…'}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            disabled={disabled || number === null}
            onClick={() => {
              setDraft(number ?? '');
              choose.reset();
              setEditing(true);
            }}
          >
            Change
          </Button>
        </Group>
      )}
    </Card>
  );
}
