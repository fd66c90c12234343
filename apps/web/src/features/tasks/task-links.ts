import type { AccountView, TaskView } from '@switchboard/contract';

/**
 * Where a task's conversation opens: the inbox of the agent account that placed it, with its room brought up.
 * Null while the task has no conversation (not placed yet, or a call nobody answered).
 */
export function conversationPath(
  task: Pick<TaskView, 'accountId' | 'conversationId'>,
  account: Pick<AccountView, 'id' | 'accountType'>,
  basePath: string,
): string | null {
  if (!task.conversationId) return null;
  const room = `inbox?zap=${encodeURIComponent(task.conversationId)}`;
  if (task.accountId === account.id) return `${basePath}/${room}`;
  if (account.accountType === 'organization') return `${basePath}/agent/${String(task.accountId)}/${room}`;
  return `/app/agent/${String(task.accountId)}/${room}`;
}
