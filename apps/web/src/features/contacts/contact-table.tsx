import {
  ActionIcon,
  Alert,
  Anchor,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPhoneForDisplay, pageCount } from '@switchboard/core';
import { IconEdit, IconMessage, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useOverlayLink } from '../../app/shell/overlay-link';
import { readSessionToken } from '../../lib/session';
import { noTokenMessage, useContactList } from './use-contacts';

/** Spec part 1 §9: search waits 500 ms after the last keystroke. */
export const searchDebounceMs = 500;

/** The account's contacts: a search (debounced), a dense table, pages of 20, and actions on each row. */
export function ContactTable({
  accountId,
  onOpenRoom,
}: {
  accountId: number | null;
  onOpenRoom?: ((roomId: string) => void) | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const [page, setPage] = useState(0);
  const list = useContactList(accountId, debounced, page);
  const openOverlay = useOverlayLink();
  if (!readSessionToken()) return <Alert color="red">{noTokenMessage}</Alert>;
  const total = list.data?.totalContacts ?? 0;

  return (
    <Stack gap="sm">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Search by name, number or email"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
        aria-label="Search contacts"
      />
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      <Table highlightOnHover verticalSpacing={6} fz="sm" aria-label="Contacts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.isPending &&
            [0, 1, 2].map((row) => (
              <Table.Tr key={row}>
                <Table.Td colSpan={4}>
                  <Skeleton h={18} />
                </Table.Td>
              </Table.Tr>
            ))}
          {list.data?.contacts.map((contact) => (
            <Table.Tr key={contact.id}>
              <Table.Td>
                <Anchor
                  size="sm"
                  component="button"
                  onClick={() => openOverlay('previewContact', contact.id)}
                >
                  {contact.name ?? 'Unnamed'}
                </Anchor>
              </Table.Td>
              <Table.Td>{contact.phoneNumber ? formatPhoneForDisplay(contact.phoneNumber) : '—'}</Table.Td>
              <Table.Td>{contact.email ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  {contact.roomId && onOpenRoom && (
                    <Tooltip label="Open conversation">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Open conversation"
                        onClick={() => onOpenRoom(contact.roomId ?? '')}
                      >
                        <IconMessage size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${contact.name ?? 'contact'}`}
                      onClick={() => openOverlay('editContact', contact.id)}
                    >
                      <IconEdit size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${contact.name ?? 'contact'}`}
                      onClick={() => openOverlay('deleteContact', contact.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.data && total === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {debounced ? `No contact matches “${debounced}”.` : 'No contacts yet.'}
        </Text>
      )}
      {pageCount(total, 20) > 1 && (
        <Group justify="center">
          <Pagination
            size="sm"
            total={pageCount(total, 20)}
            value={page + 1}
            onChange={(value) => setPage(value - 1)}
          />
        </Group>
      )}
    </Stack>
  );
}
