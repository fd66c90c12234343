import { describe, expect, it } from 'vitest';
import { resolveWindow } from './log-query';

describe('the logs window', () => {
  it('reaches past this second by default, so what was just logged is in it', () => {
    const now = Date.parse('2026-11-25T06:38:45.900Z');
    const window = resolveWindow(undefined, undefined, now);
    expect(window.end * 1000).toBeGreaterThan(now);
    expect(window.end - window.start).toBe(30 * 24 * 3600);
  });

  it('keeps an end that was asked for, and refuses a start after it', () => {
    expect(resolveWindow(100, 200)).toEqual({ start: 100, end: 200 });
    expect(() => resolveWindow(300, 200)).toThrow(/start \(300\) is after end \(200\)/);
  });
});
