import { Alert, Badge, Button, FileInput, Group, Select, Stack, Table, Text } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../app/notify';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { ApiError } from '../../../lib/api-client';
import { apiQueryScope } from '../../../lib/use-api';
import { usePathAccount } from '../../accounts';
import { showTarget } from '../task-list';
import { uploadTaskList, type CsvUploadAnswer } from '../task-upload';
import { useTaskAccounts } from '../use-task-accounts';

function Preview({ check }: { check: CsvUploadAnswer }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {check.message}
      </Text>
      <Table withTableBorder verticalSpacing={4} aria-label="Column mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Used as</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {check.columns.map((column) => (
            <Table.Tr key={column.name}>
              <Table.Td>{column.name}</Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" color={column.recognised ? 'blue' : 'gray'}>
                  {column.recognised ? column.field : `variable "${column.name}"`}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(check.errors.length > 0 || check.duplicates.length > 0) && (
        <Alert color="yellow" title="Left out">
          <Stack gap={2}>
            {check.errors.map((error) => (
              <Text size="sm" key={`${String(error.line)}-${error.column ?? ''}`}>
                Line {error.line}
                {error.column ? `, ${error.column}` : ''}: {error.message}
              </Text>
            ))}
            {check.duplicates.map((duplicate) => (
              <Text size="sm" key={`dup-${String(duplicate.line)}`}>
                Line {duplicate.line}: the same as line {duplicate.duplicateOf}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {check.tasks.length > 0 && (
        <Table verticalSpacing={4} aria-label="Rows to queue">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Number</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th visibleFrom="sm">Variables</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.tasks.slice(0, 20).map((task) => (
              <Table.Tr key={task.line}>
                <Table.Td>{task.line}</Table.Td>
                <Table.Td>{showTarget(task.target)}</Table.Td>
                <Table.Td>{task.type}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="xs" lineClamp={1}>
                    {Object.entries(task.variables)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join(', ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** `uploadTaskList`: choose a CSV, check it (mapping and problems by line), then queue its good rows. */
export function UploadTaskListOverlay({ close }: OverlayProps) {
  const { accountId } = usePathAccount();
  const { choices } = useTaskAccounts(accountId);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [check, setCheck] = useState<CsvUploadAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const agent = agentId ?? (choices.length === 1 ? (choices[0]?.value ?? null) : null);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await uploadTaskList(file, {
        dryRun,
        accountId,
        agentAccountId: agent ? Number(agent) : null,
      });
      if (dryRun) {
        setCheck(answer);
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.listTasks) }),
        queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.taskStats) }),
      ]);
      notify(answer.message, { tone: 'success' });
      close();
    } catch (failure) {
      setCheck(null);
      setProblem(failure instanceof ApiError ? failure.message : 'The task list could not be sent');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A header row names the columns: target (the phone number) is required; type, context, taskContext,
        greeting, waitToGreet, accountId, scheduledFor, message and externalTaskId are recognised; any other
        column becomes a variable the agent can use.
      </Text>
      {choices.length > 1 && (
        <Select
          label="Agent for rows without an accountId"
          data={choices}
          value={agent}
          onChange={(value) => {
            setAgentId(value);
            setCheck(null);
          }}
          placeholder="Choose an agent"
        />
      )}
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={(picked) => {
          setFile(picked);
          setCheck(null);
          setProblem(null);
        }}
        clearable
      />
      {problem && <Alert color="red">{problem}</Alert>}
      {check && <Preview check={check} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        {check && check.tasks.length > 0 ? (
          <Button loading={busy} onClick={() => void send(false)}>
            Queue {check.tasks.length} {check.tasks.length === 1 ? 'task' : 'tasks'}
          </Button>
        ) : (
          <Button loading={busy} disabled={!file} onClick={() => void send(true)}>
            Check the file
          </Button>
        )}
      </Group>
    </Stack>
  );
}
