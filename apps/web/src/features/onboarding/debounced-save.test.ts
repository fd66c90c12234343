import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedSave } from './debounced-save';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createDebouncedSave', () => {
  it('saves the last value once the values stop for the delay', async () => {
    const saved: number[] = [];
    const saver = createDebouncedSave((value: number) => Promise.resolve(void saved.push(value)), 1000);
    saver.push(1);
    await vi.advanceTimersByTimeAsync(600);
    saver.push(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    expect(saver.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([2]);
    expect(saver.pending()).toBe(false);
  });

  it('saves at once when the delay is 0, dropping a queued value', async () => {
    const saved: string[] = [];
    const saver = createDebouncedSave((value: string) => Promise.resolve(void saved.push(value)), 1000);
    saver.push('queued');
    saver.push('now', 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual(['now']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(saved).toEqual(['now']);
  });

  it('flush saves what waits, and nothing when nothing does', async () => {
    const saved: string[] = [];
    const saver = createDebouncedSave((value: string) => Promise.resolve(void saved.push(value)), 1000);
    await saver.flush();
    saver.push('a');
    await saver.flush();
    expect(saved).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(saved).toEqual(['a']);
  });
});
