import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { IconDots, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { confirmAction } from '../confirm-action';
import { notify } from '../notify';
import { tierOfType, type AccountType } from './tiers';
import { useAccountList } from './use-account-list';

const nouns: Record<Exclude<AccountType, 'partner'>, string> = {
  reseller: 'resellers',
  organization: 'organizations',
  agent: 'agent accounts',
};

async function deleteChild(parentId: number, child: { id: number; displayName: string; type: AccountType }) {
  const label = child.type === 'agent' ? 'agent account' : 'organization';
  const confirmed = await confirmAction({
    title: `Delete ${child.displayName}?`,
    message: `The ${label} is disabled and hidden from lists. Its conversations and logs are kept.`,
    confirmLabel: `Delete ${label}`,
    danger: true,
  });
  if (!confirmed) return false;
  if (child.type === 'agent') {
    await callApi(endpoints.deleteAccount, {
      query: { targetOrganizationId: parentId },
      body: { targetAccountId: child.id },
    });
  } else {
    await callApi(endpoints.deleteOrganization, { body: { targetOrganizationId: child.id } });
  }
  return true;
}

/**
 * The accounts directly under one account, with a delete action: agent accounts load all their pages by
 * themselves, resellers and organizations page with "Load more".
 */
export function AccountList({
  parentId,
  childType,
  basePath,
}: {
  parentId: number;
  childType: Exclude<AccountType, 'partner'>;
  basePath: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useAccountList(parentId, childType);
  const canDelete = childType !== 'reseller';

  const remove = async (child: (typeof list.accounts)[number]) => {
    try {
      if (await deleteChild(parentId, child)) {
        notify(`${child.displayName} deleted`, { tone: 'success' });
        await queryClient.invalidateQueries({ queryKey: ['accounts', childType, parentId] });
      }
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Could not delete', { tone: 'error' });
    }
  };

  if (list.isPending) {
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={44} radius="md" />
        ))}
      </Stack>
    );
  }
  // A later page that failed keeps the loaded rows on screen, with a retry below them.
  if (list.isError && list.accounts.length === 0) return <Text c="red">{list.error.message}</Text>;
  if (list.accounts.length === 0) {
    return (
      <Card withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          No {nouns[childType]} yet.
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      <Card withBorder radius="md" p={0}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Username</Table.Th>
              <Table.Th visibleFrom="md">Plan</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.accounts.map((account) => (
              <Table.Tr
                key={account.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate(`${basePath}/${tierOfType[account.type]}/${account.id}`)}
              >
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={500} truncate>
                      {account.displayName}
                    </Text>
                    {!account.enabled && (
                      <Badge size="xs" color="gray" variant="light">
                        Disabled
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c="dimmed">
                    {account.username}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Badge variant="light" color={account.vidaPremium ? 'brand' : 'gray'}>
                    {account.vidaPremium ? 'Premium' : 'Free'}
                  </Badge>
                </Table.Td>
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  {canDelete && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Actions for ${account.displayName}`}
                        >
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => void remove(account)}
                        >
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Group justify="space-between">
        <Text size="xs" c="dimmed" aria-live="polite">
          {list.loadsAll && list.hasNextPage
            ? `Loading ${list.accounts.length} of ${list.total}…`
            : `Showing ${list.accounts.length} of ${list.total}`}
        </Text>
        {list.isFetchNextPageError && (
          <Group gap="xs">
            <Text size="xs" c="red">
              {list.error.message}
            </Text>
            <Button variant="default" size="xs" onClick={() => void list.fetchNextPage()}>
              Retry
            </Button>
          </Group>
        )}
        {!list.loadsAll && list.hasNextPage && !list.isFetchNextPageError && (
          <Button
            variant="default"
            size="xs"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Group>
    </Stack>
  );
}
