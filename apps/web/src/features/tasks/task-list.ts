import type { TaskStateName, TaskView, taskRetryOutcomes, taskWaitingReasons } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';

/** The tasks screen's page size (spec part 2 §4). */
export const tasksPageSize = 10;

/** The next page's offset while fewer tasks are loaded than the total; undefined when all are loaded. */
export function nextTasksOffset(
  pages: readonly { tasks: readonly unknown[]; total: number }[],
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.tasks.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  const last = pages.at(-1);
  // A page that came back empty means the list shrank under us: stop rather than ask forever.
  if (!last || last.tasks.length === 0 || loaded >= total) return undefined;
  return loaded;
}

export const stateLabels: Record<TaskStateName, string> = {
  pending: 'Waiting',
  running: 'Running',
  finished: 'Finished',
  errored: 'Errored',
  canceled: 'Canceled',
  deleted: 'Deleted',
};

export const stateColors: Record<TaskStateName, string> = {
  pending: 'blue',
  running: 'yellow',
  finished: 'green',
  errored: 'red',
  canceled: 'gray',
  deleted: 'dark',
};

/** Whether a task can still be changed (it has not started). */
export const isEditable = (task: Pick<TaskView, 'state'>) =>
  task.state === 'pending' || task.state === 'canceled';

export const showTarget = (target: string) => formatPhoneForDisplay(target);

/** Epoch seconds as the person's local date and time. */
export function showTime(epochSeconds: number, locale?: string): string {
  return new Date(epochSeconds * 1000).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Epoch seconds as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as epoch seconds; undefined when empty or unreadable. */
export function fromLocalInput(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/** Variables as the `name=value` lines the forms edit them in, and back. */
export const variablesToText = (variables: Record<string, string>) =>
  Object.entries(variables)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

export function textToVariables(text: string): { variables: Record<string, string> } | { problem: string } {
  const variables: Record<string, string> = {};
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    if (at <= 0) return { problem: `Line ${String(index + 1)}: write each variable as name=value` };
    variables[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { variables };
}

/** Which ends of a try are retried, in words. */
export const retryOutcomeLabels: Record<(typeof taskRetryOutcomes)[number], string> = {
  'no-answer': 'Nobody answered',
  busy: 'Busy',
  voicemail: 'Voicemail',
  failed: 'The carrier failed',
  interrupted: 'Cut off by a restart',
};

/** Why a waiting task waits, in words. */
export const waitingReasonLabels: Record<(typeof taskWaitingReasons)[number], string> = {
  'outside-hours': 'Outside business hours',
  'cap-reached': 'Daily cap reached',
  concurrency: 'All lines busy',
  cooldown: 'Contacted recently (cooldown)',
};

const outcomeLabels: Record<string, string> = {
  // Who answered is added when the call was classified; a call answered before that says only this.
  completed: 'Answered',
  voicemail: 'Voicemail',
  'screened-out': 'Stopped by a call screener',
  busy: 'Busy',
  'no-answer': 'No answer',
  failed: 'Call failed',
  canceled: 'Canceled',
  interrupted: 'Cut off by a restart',
  sent: 'Text sent',
  'opted-out': 'Opted out',
  'do-not-call': 'On the do-not-call list',
  'no-number': 'No number to call from',
};

const answeredByLabels: Record<string, string> = {
  human: 'a person',
  voicemail: 'voicemail',
  screener: 'a call screener',
  menu: 'a phone menu',
};

/**
 * What became of a task in words: its outcome once it has one (who answered a completed call), else how its last
 * try ended; null before any try.
 */
export function describeOutcome(task: Pick<TaskView, 'outcome' | 'attempts' | 'type'>): string | null {
  const last = task.attempts.at(-1);
  const answeredBy = last?.answeredBy ? answeredByLabels[last.answeredBy] : undefined;
  if (task.outcome === 'completed' && answeredBy && task.type === 'call') return `Answered by ${answeredBy}`;
  if (task.outcome) return outcomeLabels[task.outcome] ?? task.outcome;
  if (!last) return null;
  if (last.endedAt === null) {
    if (answeredBy) return `On the line with ${answeredBy}`;
    if (last.result === 'sending') return 'Sending';
    return last.result === 'dialing' ? 'Dialing' : 'Calling';
  }
  return `Last try: ${(outcomeLabels[last.result] ?? last.result).toLowerCase()}`;
}

/** Tries so far, in words ("1 try", "2 tries"). */
export const describeTries = (count: number) => `${String(count)} ${count === 1 ? 'try' : 'tries'}`;

/** Whether a list of tasks has work in progress (so the screen keeps refreshing). */
export const hasWorkInProgress = (byState: Partial<Record<TaskStateName, number>> | undefined) =>
  (byState?.pending ?? 0) + (byState?.running ?? 0) > 0;
