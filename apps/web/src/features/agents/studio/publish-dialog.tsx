import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';

interface PublishDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Publishes with the note; resolves whether it published (a failure is shown where the publish was asked). */
  onPublish: (note: string) => Promise<boolean>;
  busy: boolean;
}

/** Asks for an optional note before publishing; the note stays with the version the publish makes. */
export function PublishDialog({ opened, onClose, onPublish, busy }: PublishDialogProps) {
  const [note, setNote] = useState('');
  const publish = async () => {
    if (await onPublish(note)) setNote('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Publish this version" size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Callers reach the new version from their next turn. It is kept in Versions, where you can restore it
          later.
        </Text>
        <Textarea
          label="What changed (optional)"
          placeholder="Saturday opening hours added"
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button leftSection={<IconRocket size={16} />} loading={busy} onClick={() => void publish()}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
