import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { endpoints } from '@switchboard/contract';
import { useState } from 'react';
import { notify } from '../../../app/notify';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import { showTarget, showTime } from '../task-list';

const pageSize = 20;

/** The organization's do-not-call list: add numbers (with a reason), find one, take one off. */
export function DoNotCallSection({ accountId }: { accountId: number | null }) {
  const acting = accountId === null ? {} : { targetAccountId: accountId };
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(pageSize);
  const [numbers, setNumbers] = useState('');
  const [reason, setReason] = useState('');
  const list = useApiQuery(endpoints.listDoNotCall, {
    ...acting,
    query: { limit: Math.min(shown, 200), ...(search.trim() ? { search: search.trim() } : {}) },
  });
  const add = useApiMutation(endpoints.addDoNotCall, {
    invalidates: [endpoints.listDoNotCall],
    showsError: true,
  });
  const remove = useApiMutation(endpoints.deleteDoNotCall, { invalidates: [endpoints.listDoNotCall] });

  if (list.isError) return <Alert color="yellow">{list.error.message}</Alert>;
  const submit = () => {
    const entered = numbers
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (entered.length === 0) return;
    add.mutate(
      { ...acting, body: { numbers: entered, ...(reason.trim() ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: (answer) => {
          const listed = answer.alreadyListed.length;
          notify(
            `${String(answer.added.length)} added to the do-not-call list${listed ? `, ${String(listed)} already on it` : ''}`,
            { tone: 'success' },
          );
          setNumbers('');
          setReason('');
        },
      },
    );
  };
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Tasks to these numbers end as errored without a call or text, for every agent of the organization.
      </Text>
      <Group grow align="flex-start">
        <Textarea
          label="Numbers"
          description="One per line, or separated by commas"
          autosize
          minRows={2}
          maxRows={6}
          value={numbers}
          onChange={(event) => setNumbers(event.currentTarget.value)}
        />
        <TextInput
          label="Reason"
          description="Optional, kept with each number"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </Group>
      {add.error && <Alert color="red">{add.error.message}</Alert>}
      <Group justify="space-between">
        <TextInput
          placeholder="Find a number"
          aria-label="Find a number on the do-not-call list"
          size="xs"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Button variant="light" onClick={submit} loading={add.isPending} disabled={numbers.trim() === ''}>
          Add to the list
        </Button>
      </Group>
      {list.data && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {search.trim() ? 'No listed number matches.' : 'No numbers on the do-not-call list.'}
        </Text>
      )}
      {entries.length > 0 && (
        <Table verticalSpacing={4} aria-label="Do-not-call list">
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm">{showTarget(entry.phoneNumber)}</Text>
                  {entry.reason && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {entry.reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="xs" c="dimmed">
                    {showTime(entry.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Take ${showTarget(entry.phoneNumber)} off the list`}
                    loading={remove.isPending && remove.variables.params.id === entry.id}
                    onClick={() => remove.mutate({ ...acting, params: { id: entry.id } })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {entries.length < total && shown < 200 && (
        <Button variant="default" size="xs" onClick={() => setShown(shown + pageSize)}>
          Show more ({String(total - entries.length)} more)
        </Button>
      )}
    </Stack>
  );
}
