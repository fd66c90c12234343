import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FramePacer } from './frame-pacer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A line whose sends are recorded with the fake clock's time. */
function recorded(pacer: FramePacer) {
  const sent: { at: number; name: unknown }[] = [];
  const line = pacer.line((message) =>
    sent.push({
      at: Date.now(),
      name: typeof message === 'string' || message instanceof Uint8Array ? message : message.name,
    }),
  );
  return { sent, line };
}

describe('the frame pacer', () => {
  it('sends a turn of frames one per 20 ms, with the mark right after the last frame', async () => {
    const pacer = new FramePacer({ now: () => Date.now() });
    const { sent, line } = recorded(pacer);
    for (let i = 0; i < 5; i++) line.push({ name: `f${i}` }, true);
    line.push({ name: 'mark' }, false);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent.map((s) => s.name)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'mark']);
    const gaps = sent.slice(1, 5).map((s, i) => s.at - (sent[i]?.at ?? 0));
    expect(gaps).toEqual([20, 20, 20, 20]);
    expect(sent[5]?.at).toBe(sent[4]?.at);
    expect(pacer.activeLines).toBe(0);
  });

  it('paces many calls on one timer and drops what a cleared or closed line still holds', async () => {
    const pacer = new FramePacer({ now: () => Date.now() });
    const a = recorded(pacer);
    const b = recorded(pacer);
    const c = recorded(pacer);
    for (let i = 0; i < 10; i++) {
      a.line.push({ name: `a${i}` }, true);
      b.line.push({ name: `b${i}` }, true);
      c.line.push({ name: `c${i}` }, true);
    }
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    const sentBefore = b.sent.length;
    expect(sentBefore).toBeGreaterThan(0);
    expect(sentBefore).toBeLessThan(10);
    b.line.clear();
    c.line.close();
    await vi.advanceTimersByTimeAsync(400);
    expect(a.sent).toHaveLength(10);
    expect(b.sent).toHaveLength(sentBefore);
    expect(c.sent).toHaveLength(sentBefore);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends the frames that fell due while the event loop was busy, and starts a new turn on time', async () => {
    let now = 0;
    const pacer = new FramePacer({ phases: 1, now: () => now });
    const sent: number[] = [];
    const line = pacer.line(() => sent.push(now));
    for (let i = 0; i < 6; i++) line.push({}, true);
    now = 100;
    await vi.advanceTimersByTimeAsync(20);
    expect(sent.length).toBe(6);
    now = 1_000;
    line.push({}, true);
    line.push({}, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([100, 100, 100, 100, 100, 100, 1_000]);
    now = 1_010;
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.length).toBe(7);
    now = 1_040;
    await vi.advanceTimersByTimeAsync(20);
    expect(sent.length).toBe(8);
  });

  it('spreads calls over the phases of the period: each keeps its own 20 ms cadence, few go out at once', async () => {
    const pacer = new FramePacer({ phases: 4, now: () => Date.now() });
    const start = Date.now();
    const calls = Array.from({ length: 8 }, () => recorded(pacer));
    for (const call of calls) for (let i = 0; i < 5; i++) call.line.push({ name: i }, true);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    for (const call of calls) {
      expect(call.sent).toHaveLength(5);
      const gaps = call.sent.slice(1).map((s, i) => s.at - (call.sent[i]?.at ?? 0));
      expect(gaps).toEqual([20, 20, 20, 20]);
    }
    // Two calls on each of the four phases, 5 ms apart.
    const firstAt = calls.map((call) => (call.sent[0]?.at ?? 0) - start);
    expect(firstAt).toEqual([0, 5, 10, 15, 0, 5, 10, 15]);
    const perInstant = new Map<number, number>();
    for (const call of calls)
      for (const s of call.sent) perInstant.set(s.at, (perInstant.get(s.at) ?? 0) + 1);
    expect(Math.max(...perInstant.values())).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives a closed call’s phase to the next call, and sends pre-serialised messages as they are', async () => {
    const pacer = new FramePacer({ phases: 2, now: () => Date.now() });
    const start = Date.now();
    const a = recorded(pacer);
    const b = recorded(pacer);
    a.line.close();
    const c = recorded(pacer);
    for (const call of [b, c]) call.line.push('{"event":"media"}', true);
    a.line.push({ name: 'after close' }, true);
    await vi.advanceTimersByTimeAsync(40);
    expect(a.sent).toEqual([]);
    expect(b.sent).toEqual([{ at: start + 10, name: '{"event":"media"}' }]);
    expect(c.sent).toEqual([{ at: start, name: '{"event":"media"}' }]);
  });

  it('tells a producer when the line is down to a few frames, and lets it go at once on clear or close', async () => {
    const pacer = new FramePacer({ phases: 1, now: () => Date.now() });
    const { sent, line } = recorded(pacer);
    for (let i = 0; i < 10; i++) line.push({ name: i }, true);
    expect(line.backlog).toBe(10);
    await expect(line.drained(10)).resolves.toBeUndefined();
    let refill = false;
    void line.drained(3).then(() => (refill = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(6);
    expect(refill).toBe(false);
    // The seventh frame out leaves three queued.
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toHaveLength(7);
    expect(refill).toBe(true);
    let cleared = false;
    void line.drained(0).then(() => (cleared = true));
    line.clear();
    await vi.advanceTimersByTimeAsync(0);
    expect(cleared).toBe(true);
    for (let i = 0; i < 5; i++) line.push({ name: i }, true);
    let closed = false;
    void line.drained(0).then(() => (closed = true));
    line.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(true);
    await expect(line.drained(0)).resolves.toBeUndefined();
  });

  it('sends what fell due when polled, before its timer gets to run', () => {
    let now = 0;
    const pacer = new FramePacer({ phases: 1, now: () => now });
    const sent: number[] = [];
    const line = pacer.line(() => sent.push(now));
    for (let i = 0; i < 3; i++) line.push({}, true);
    // The fake timers never run here: only polls send. The first frame is due at once, the next 20 ms later.
    pacer.poll();
    expect(sent).toEqual([0]);
    now = 15;
    pacer.poll();
    expect(sent).toEqual([0]);
    now = 26;
    pacer.poll();
    expect(sent).toEqual([0, 26]);
    now = 39;
    pacer.poll();
    expect(sent).toEqual([0, 26]);
    now = 40;
    pacer.poll();
    expect(sent).toEqual([0, 26, 40]);
    // Everything is sent: no timer is left behind.
    expect(vi.getTimerCount()).toBe(0);
  });
});
