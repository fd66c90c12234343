import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
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
