import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { endpoints, type TaskView } from '@switchboard/contract';
import { useState } from 'react';
import { notify } from '../../../app/notify';
import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { useApiMutation, useApiQuery } from '../../../lib/use-api';
import { usePathAccount } from '../../accounts';
import {
  fromLocalInput,
  isEditable,
  showTarget,
  stateLabels,
  textToVariables,
  toLocalInput,
  variablesToText,
} from '../task-list';
import { useTaskAccounts } from '../use-task-accounts';

const refreshes = [endpoints.listTasks, endpoints.taskStats, endpoints.getTask];

interface Draft {
  type: 'call' | 'text';
  target: string;
  agentId: string | null;
  context: string;
  taskContext: string;
  message: string;
  greeting: string;
  waitToGreet: boolean;
  scheduledFor: string;
  variables: string;
}

function draftOf(task: TaskView | null): Draft {
  return {
    type: task?.type ?? 'call',
    target: task?.target ?? '',
    agentId: task ? String(task.accountId) : null,
    context: task?.context ?? '',
    taskContext: task?.taskContext ?? '',
    message: task?.message ?? '',
    greeting: task?.greeting ?? '',
    waitToGreet: task?.waitToGreet ?? false,
    scheduledFor: task ? toLocalInput(task.scheduledFor) : '',
    variables: task ? variablesToText(task.variables) : '',
  };
}

function TaskFields({
  draft,
  set,
  editing,
}: {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  editing: boolean;
}) {
  return (
    <>
      <Textarea
        label="What the agent knows about the person"
        description="Context the agent reads before it starts."
        autosize
        minRows={2}
        value={draft.context}
        onChange={(event) => set({ context: event.currentTarget.value })}
      />
      <Textarea
        label="Instructions for this task"
        autosize
        minRows={2}
        value={draft.taskContext}
        onChange={(event) => set({ taskContext: event.currentTarget.value })}
      />
      {draft.type === 'text' ? (
        <Textarea
          label="Message"
          required
          autosize
          minRows={2}
          value={draft.message}
          onChange={(event) => set({ message: event.currentTarget.value })}
        />
      ) : (
        <>
          <TextInput
            label="Greeting"
            value={draft.greeting}
            onChange={(event) => set({ greeting: event.currentTarget.value })}
          />
          <Switch
            label="Wait for the person to speak first"
            checked={draft.waitToGreet}
            onChange={(event) => set({ waitToGreet: event.currentTarget.checked })}
          />
        </>
      )}
      <TextInput
        type="datetime-local"
        label="When"
        description={
          editing ? 'Pick a new time to reschedule.' : 'Leave empty to place it as soon as the limits allow.'
        }
        value={draft.scheduledFor}
        onChange={(event) => set({ scheduledFor: event.currentTarget.value })}
      />
      <Textarea
        label="Variables"
        description="One name=value per line; the agent's prompt can use them."
        autosize
        minRows={2}
        value={draft.variables}
        onChange={(event) => set({ variables: event.currentTarget.value })}
      />
    </>
  );
}

/** `createTask`: a call or text for one of the account's agents. */
export function CreateTaskOverlay({ close }: OverlayProps) {
  const { accountId } = usePathAccount();
  const { choices, loading } = useTaskAccounts(accountId);
  const [draft, setDraft] = useState(() => draftOf(null));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useApiMutation(endpoints.createTask, { invalidates: refreshes, showsError: true });
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const agentId = draft.agentId ?? (choices.length === 1 ? (choices[0]?.value ?? null) : null);
  if (loading) return <Loader size="sm" />;
  const submit = () => {
    const variables = textToVariables(draft.variables);
    if ('problem' in variables) {
      setProblem(`Variables: ${variables.problem}`);
      return;
    }
    if (!agentId) {
      setProblem('Choose the agent that places the task.');
      return;
    }
    setProblem(null);
    const scheduledFor = fromLocalInput(draft.scheduledFor);
    create.mutate(
      {
        ...(accountId === null ? {} : { targetAccountId: accountId }),
        body: {
          type: draft.type,
          target: draft.target,
          accountId: Number(agentId),
          context: draft.context,
          taskContext: draft.taskContext,
          variables: variables.variables,
          ...(draft.type === 'text'
            ? { message: draft.message }
            : { greeting: draft.greeting, waitToGreet: draft.waitToGreet }),
          ...(scheduledFor === undefined ? {} : { scheduledFor }),
        },
      },
      {
        onSuccess: (answer) => {
          notify(`Task queued for ${showTarget(answer.task.target)}`, { tone: 'success' });
          close();
        },
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          data={[
            { value: 'call', label: 'Call' },
            { value: 'text', label: 'Text' },
          ]}
          value={draft.type}
          onChange={(value) => set({ type: value === 'text' ? 'text' : 'call' })}
        />
        <Select
          label="Agent"
          data={choices}
          value={agentId}
          onChange={(value) => set({ agentId: value })}
          placeholder={choices.length === 0 ? 'This account has no agents' : 'Choose an agent'}
          allowDeselect={false}
        />
        <TextInput
          label="Phone number"
          required
          data-autofocus
          placeholder="(415) 555-0132 or +44 20 7183 8750"
          value={draft.target}
          onChange={(event) => set({ target: event.currentTarget.value })}
        />
        <TaskFields draft={draft} set={set} editing={false} />
        {(problem ?? create.error?.message) && <Alert color="red">{problem ?? create.error?.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Queue task
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditTaskForm({ task, close }: { task: TaskView; close: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(task));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useApiMutation(endpoints.updateTask, { invalidates: refreshes, showsError: true });
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const save = (state?: 'canceled' | 'pending') => {
    const variables = textToVariables(draft.variables);
    if ('problem' in variables) {
      setProblem(`Variables: ${variables.problem}`);
      return;
    }
    setProblem(null);
    const scheduledFor = fromLocalInput(draft.scheduledFor);
    const rescheduled = scheduledFor !== undefined && draft.scheduledFor !== toLocalInput(task.scheduledFor);
    update.mutate(
      {
        params: { id: task.id },
        body:
          state === 'canceled'
            ? { state }
            : {
                ...(state ? { state } : {}),
                context: draft.context,
                taskContext: draft.taskContext,
                variables: variables.variables,
                ...(task.type === 'text'
                  ? { message: draft.message }
                  : { greeting: draft.greeting, waitToGreet: draft.waitToGreet }),
                ...(rescheduled ? { scheduledFor } : {}),
              },
      },
      {
        onSuccess: () => {
          notify(state === 'canceled' ? 'Task canceled' : 'Task saved', { tone: 'success' });
          close();
        },
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save(task.state === 'canceled' ? 'pending' : undefined);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {task.type === 'call' ? 'Call' : 'Text'} to <b>{showTarget(task.target)}</b> ·{' '}
          {stateLabels[task.state]}
        </Text>
        <TaskFields draft={draft} set={set} editing />
        {(problem ?? update.error?.message) && <Alert color="red">{problem ?? update.error?.message}</Alert>}
        <Group justify="space-between">
          {task.state === 'pending' ? (
            <Button variant="subtle" color="red" onClick={() => save('canceled')} loading={update.isPending}>
              Cancel task
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={update.isPending}>
              {task.state === 'canceled' ? 'Save and requeue' : 'Save'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** `editTask=<id>`: cancel, requeue, reschedule or edit the context of a task that has not started. */
export function EditTaskOverlay({ value, close }: OverlayProps) {
  const { accountId } = usePathAccount();
  const id = value && /^\d+$/.test(value) ? Number(value) : null;
  const task = useApiQuery(
    endpoints.getTask,
    { params: { id: id ?? 0 }, ...(accountId === null ? {} : { targetAccountId: accountId }) },
    { enabled: id !== null },
  );
  if (id === null) return <Alert color="red">Open a task from the list.</Alert>;
  if (task.isPending) return <Loader size="sm" />;
  if (task.isError) return <Alert color="red">{task.error.message}</Alert>;
  if (!isEditable(task.data.task)) {
    return (
      <Alert color="yellow">
        This task is {stateLabels[task.data.task.state].toLowerCase()}; only a task that has not started can
        be changed.
      </Alert>
    );
  }
  return <EditTaskForm task={task.data.task} close={close} />;
}
