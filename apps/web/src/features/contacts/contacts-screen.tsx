import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { SectionProps } from '../../app/shell/section-registry';
import { useOverlayLink } from '../../app/shell/overlay-link';
import { ContactTable } from './contact-table';

/** The contacts section: the account's contacts with search, linked to their conversations by phone number. */
export default function ContactsScreen({ account, basePath }: SectionProps) {
  const openOverlay = useOverlayLink();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} fz="h3">
            Contacts
          </Title>
          <Text size="sm" c="dimmed">
            Conversations with a saved contact go to the priority inbox.
          </Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => openOverlay('createContact')}>
          New contact
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <ContactTable
          accountId={account.id}
          onOpenRoom={(roomId) => void navigate(`${basePath}/inbox?active=${encodeURIComponent(roomId)}`)}
        />
      </Paper>
    </Stack>
  );
}
