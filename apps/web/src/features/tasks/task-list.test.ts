import { describe, expect, it } from 'vitest';
import { delaysToText, textToDelays } from './overlays/retry-policy-fields';
import { conversationPath } from './task-links';
import {
  describeOutcome,
  fromLocalInput,
  hasWorkInProgress,
  isEditable,
  nextTasksOffset,
  textToVariables,
  toLocalInput,
  variablesToText,
} from './task-list';

const page = (count: number, total: number) => ({ tasks: Array.from({ length: count }, (_, i) => i), total });

describe('loading more tasks', () => {
  it('asks for the next page while fewer are loaded than the total', () => {
    expect(nextTasksOffset([page(10, 25)])).toBe(10);
    expect(nextTasksOffset([page(10, 25), page(10, 25)])).toBe(20);
  });

  it('stops once all are loaded, or when a page comes back empty', () => {
    expect(nextTasksOffset([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextTasksOffset([page(10, 10)])).toBeUndefined();
    expect(nextTasksOffset([page(10, 30), page(0, 30)])).toBeUndefined();
    expect(nextTasksOffset([])).toBeUndefined();
  });
});

describe('task form values', () => {
  it('edits variables as name=value lines', () => {
    expect(textToVariables('firstName = Rosa\n\nplan=gold=plus\n')).toEqual({
      variables: { firstName: 'Rosa', plan: 'gold=plus' },
    });
    expect(textToVariables('firstName Rosa')).toEqual({
      problem: 'Line 1: write each variable as name=value',
    });
    expect(variablesToText({ a: '1', b: 'two' })).toBe('a=1\nb=two');
  });

  it('round-trips a due time through a datetime-local input to the minute', () => {
    const seconds = Math.floor(new Date(2030, 4, 6, 9, 30).getTime() / 1000);
    expect(toLocalInput(seconds)).toBe('2030-05-06T09:30');
    expect(fromLocalInput('2030-05-06T09:30')).toBe(seconds);
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('soon')).toBeUndefined();
  });

  it('lets only tasks that have not started be changed', () => {
    expect(isEditable({ state: 'pending' })).toBe(true);
    expect(isEditable({ state: 'canceled' })).toBe(true);
    expect(isEditable({ state: 'running' })).toBe(false);
    expect(isEditable({ state: 'finished' })).toBe(false);
  });
});

describe('what became of a task', () => {
  const attempt = (
    result: string,
    answeredBy: string | null,
    endedAt: string | null = '2030-01-01T00:00:00Z',
  ) => ({
    startedAt: '2030-01-01T00:00:00Z',
    endedAt,
    result,
    answeredBy,
    conversationId: null,
    detail: null,
  });

  it('says who answered a finished call, and how a try ended', () => {
    expect(
      describeOutcome({ type: 'call', outcome: 'completed', attempts: [attempt('completed', 'human')] }),
    ).toBe('Answered by a person');
    expect(
      describeOutcome({ type: 'call', outcome: 'voicemail', attempts: [attempt('completed', 'voicemail')] }),
    ).toBe('Voicemail');
    expect(describeOutcome({ type: 'call', outcome: 'no-answer', attempts: [] })).toBe('No answer');
    expect(
      describeOutcome({ type: 'call', outcome: 'completed', attempts: [attempt('completed', null)] }),
    ).toBe('Answered');
    expect(describeOutcome({ type: 'call', outcome: null, attempts: [attempt('busy', null)] })).toBe(
      'Last try: busy',
    );
    expect(describeOutcome({ type: 'call', outcome: null, attempts: [attempt('dialing', null, null)] })).toBe(
      'Dialing',
    );
    expect(
      describeOutcome({ type: 'call', outcome: null, attempts: [attempt('queued', 'voicemail', null)] }),
    ).toBe('On the line with voicemail');
    expect(describeOutcome({ type: 'call', outcome: null, attempts: [] })).toBeNull();
  });

  it('keeps refreshing only while a task waits or runs', () => {
    expect(hasWorkInProgress({ pending: 0, running: 1 })).toBe(true);
    expect(hasWorkInProgress({ pending: 2, running: 0 })).toBe(true);
    expect(hasWorkInProgress({ pending: 0, running: 0, finished: 5 })).toBe(false);
    expect(hasWorkInProgress(undefined)).toBe(false);
  });

  it("links a task's conversation in the inbox of the agent account that placed it", () => {
    const task = { accountId: 4, conversationId: '4:+15552000001' };
    expect(conversationPath(task, { id: 4, accountType: 'agent' }, '/app/org/3/agent/4')).toBe(
      '/app/org/3/agent/4/inbox?zap=4%3A%2B15552000001',
    );
    expect(conversationPath(task, { id: 3, accountType: 'organization' }, '/app/org/3')).toBe(
      '/app/org/3/agent/4/inbox?zap=4%3A%2B15552000001',
    );
    expect(conversationPath(task, { id: 1, accountType: 'partner' }, '/app/partner/1')).toBe(
      '/app/agent/4/inbox?zap=4%3A%2B15552000001',
    );
    expect(
      conversationPath({ accountId: 4, conversationId: null }, { id: 4, accountType: 'agent' }, '/x'),
    ).toBeNull();
  });

  it('reads retry waits as minutes', () => {
    expect(textToDelays('10, 30')).toEqual({ seconds: [600, 1800] });
    expect(textToDelays('0.5 2')).toEqual({ seconds: [30, 120] });
    expect(textToDelays('')).toEqual({ problem: 'Give at least one wait, in minutes' });
    expect(textToDelays('10, soon')).toEqual({ problem: '"soon" is not a number of minutes' });
    expect(delaysToText([600, 1800])).toBe('10, 30');
  });
});
