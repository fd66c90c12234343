import { taskStates, type ParsedRequest, type TaskView, type tasksEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { businessHoursInForce, describeBusinessHours, isWithinBusinessHours } from './task-limits.service';
import { normalizeTaskTarget } from './task-target';
import {
  countTasksByState,
  findAccountNodes,
  findTaskRow,
  insertTaskRows,
  listTaskRows,
  updateTaskRow,
  type AccountNode,
  type NewTaskRow,
  type TaskListQuery,
  type TaskRow,
  type TaskStateValue,
} from './tasks.repo';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A task as the API shows it (epoch seconds, as FACTS §6 has them). */
export function presentTask(row: TaskRow): TaskView {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    accountId: row.accountId,
    target: row.target,
    context: row.context,
    taskContext: row.taskContext,
    message: row.message,
    variables: row.variables,
    greeting: row.greeting,
    waitToGreet: row.waitToGreet,
    scheduledFor: seconds(row.scheduledFor),
    externalTaskId: row.externalTaskId,
    source: row.source,
    batchId: row.batchId,
    attempts: row.attempts,
    outcome: row.outcome,
    errorReason: row.errorReason,
    conversationId: row.conversationId,
    waitingReason: row.waitingReason,
    waitingDetail: row.waitingDetail,
    createdAt: seconds(row.createdAt),
    updatedAt: seconds(row.updatedAt),
  };
}

/** The agent account a task is placed by: it must exist, be an agent account and not be deleted. */
export async function findAgentAccount(db: Db, accountId: number): Promise<AccountNode | null> {
  const [node] = await findAccountNodes(db, [accountId]);
  return node?.accountType === 'agent' && !node.deleted ? node : null;
}

type HoursWindows = Awaited<ReturnType<typeof businessHoursInForce>>;

/** Why a time cannot be a task's scheduledFor: in the past (beyond a minute of clock skew) or outside the hours. */
export function scheduleProblemIn(windows: HoursWindows, scheduledFor: Date): string | null {
  if (scheduledFor.getTime() < Date.now() - 60_000) return 'is in the past';
  for (const window of windows) {
    if (!isWithinBusinessHours(window.hours, scheduledFor)) {
      return `is outside the business hours of ${window.from} (${describeBusinessHours(window.hours)})`;
    }
  }
  return null;
}

/** The same, reading the business hours in force for the account. */
export async function scheduleProblem(db: Db, accountId: number, scheduledFor: Date): Promise<string | null> {
  return scheduleProblemIn(await businessHoursInForce(db, accountId), scheduledFor);
}

type CreateInput = ParsedRequest<typeof tasksEndpoints.createTask>['body'];

const blankToNull = (text: string | null | undefined) =>
  text === undefined || text === null || text === '' ? null : text;

export async function createTask(
  db: Db,
  actor: { userId: number },
  actingAccountId: number,
  input: CreateInput,
): Promise<{ success: true; task: TaskView }> {
  const accountId = input.accountId ?? actingAccountId;
  const agent = await findAgentAccount(db, accountId);
  if (!agent) {
    throw new AppError(
      'BAD_REQUEST',
      input.accountId === undefined
        ? 'accountId: name the agent account that places the task (the acting account is not one)'
        : `accountId: ${accountId} is not an agent account`,
    );
  }
  const target = normalizeTaskTarget(input.target);
  if (!target.ok) throw new AppError('BAD_REQUEST', `target: ${target.message}`);
  if (input.type === 'text' && blankToNull(input.message) === null) {
    throw new AppError('BAD_REQUEST', 'message: a text task needs the message to send');
  }
  const scheduledFor = input.scheduledFor === undefined ? new Date() : new Date(input.scheduledFor * 1000);
  if (input.scheduledFor !== undefined) {
    const problem = await scheduleProblem(db, agent.id, scheduledFor);
    if (problem) throw new AppError('BAD_REQUEST', `scheduledFor: ${problem}`);
  }
  const [row] = await insertTaskRows(db, [
    {
      accountId: agent.id,
      organizationId: agent.organizationId,
      type: input.type,
      target: target.e164,
      context: blankToNull(input.context),
      taskContext: blankToNull(input.taskContext),
      message: blankToNull(input.message),
      variables: input.variables ?? {},
      greeting: blankToNull(input.greeting),
      waitToGreet: input.waitToGreet ?? false,
      scheduledFor,
      externalTaskId: blankToNull(input.externalTaskId),
      source: 'api',
      createdBy: actor.userId,
    },
  ]);
  if (!row) throw new AppError('INTERNAL', 'The task was not stored');
  return { success: true, task: presentTask(row) };
}

export async function listTasks(
  db: Db,
  accountId: number,
  query: Omit<TaskListQuery, 'scopeAccountId' | 'since' | 'until'> & { since?: number; until?: number },
) {
  const { rows, total } = await listTaskRows(db, {
    ...query,
    scopeAccountId: accountId,
    since: query.since === undefined ? undefined : new Date(query.since * 1000),
    until: query.until === undefined ? undefined : new Date(query.until * 1000),
  });
  return { success: true as const, tasks: rows.map(presentTask), total };
}

export async function taskStats(db: Db, accountId: number, batchId: string | undefined) {
  const counts = await countTasksByState(db, accountId, batchId);
  const byState = Object.fromEntries(taskStates.map((state) => [state, counts.get(state) ?? 0])) as Record<
    TaskStateValue,
    number
  >;
  const total = taskStates
    .filter((state) => state !== 'deleted')
    .reduce((sum, state) => sum + byState[state], 0);
  return { success: true as const, total, byState };
}

async function taskOf(db: Db, id: number): Promise<TaskRow> {
  const row = await findTaskRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Task not found');
  return row;
}

export async function getTask(db: Db, id: number) {
  return { success: true as const, task: presentTask(await taskOf(db, id)) };
}

const stateConflict = (row: TaskRow, doing: string) =>
  new AppError('CONFLICT', `The task is ${row.state}; only a task that has not started can be ${doing}`);

export interface TaskChange {
  state?: 'canceled' | 'pending' | undefined;
  scheduledFor?: number | undefined;
  context?: string | null | undefined;
  taskContext?: string | null | undefined;
  message?: string | null | undefined;
  variables?: Record<string, string> | undefined;
  greeting?: string | null | undefined;
  waitToGreet?: boolean | undefined;
}

export async function updateTask(db: Db, id: number, change: TaskChange) {
  const row = await taskOf(db, id);
  // A canceled task may only be requeued; everything else changes a task still waiting.
  const from: TaskStateValue[] = change.state === 'pending' ? ['canceled', 'pending'] : ['pending'];
  if (!from.includes(row.state))
    throw stateConflict(row, change.state === 'canceled' ? 'canceled' : 'changed');
  const patch: Partial<NewTaskRow> = {};
  if (change.state) patch.state = change.state;
  if (change.scheduledFor !== undefined) {
    const scheduledFor = new Date(change.scheduledFor * 1000);
    const problem = await scheduleProblem(db, row.accountId, scheduledFor);
    if (problem) throw new AppError('BAD_REQUEST', `scheduledFor: ${problem}`);
    patch.scheduledFor = scheduledFor;
  }
  if (change.context !== undefined) patch.context = blankToNull(change.context);
  if (change.taskContext !== undefined) patch.taskContext = blankToNull(change.taskContext);
  if (change.greeting !== undefined) patch.greeting = blankToNull(change.greeting);
  if (change.message !== undefined) {
    patch.message = blankToNull(change.message);
    if (row.type === 'text' && patch.message === null) {
      throw new AppError('BAD_REQUEST', 'message: a text task needs the message to send');
    }
  }
  if (change.variables !== undefined) patch.variables = change.variables;
  if (change.waitToGreet !== undefined) patch.waitToGreet = change.waitToGreet;
  const updated = await updateTaskRow(db, id, from, patch);
  if (!updated) throw stateConflict(await taskOf(db, id), 'changed');
  return { success: true as const, task: presentTask(updated) };
}

export async function deleteTask(db: Db, id: number) {
  const row = await taskOf(db, id);
  const from: TaskStateValue[] = ['pending', 'finished', 'errored', 'canceled', 'deleted'];
  if (row.state === 'running')
    throw new AppError('CONFLICT', 'The task is running; cancel it once it has ended');
  const updated = await updateTaskRow(db, id, from, { state: 'deleted' });
  if (!updated) throw new AppError('CONFLICT', 'The task started running; delete it once it has ended');
  return { success: true as const, task: presentTask(updated) };
}
