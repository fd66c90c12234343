import { describe, expect, it } from 'vitest';
import { SampleRing } from './sample-ring';

const run = (from: number, length: number) => Int16Array.from({ length }, (_, i) => from + i);

describe('SampleRing', () => {
  it('holds the latest samples in order across the wrap', () => {
    const ring = new SampleRing(5);
    expect(ring.read()).toEqual(new Int16Array(0));
    ring.write(run(0, 3));
    expect(ring.length).toBe(3);
    expect(ring.read()).toEqual(run(0, 3));
    ring.write(run(3, 4));
    expect(ring.length).toBe(5);
    expect(ring.read()).toEqual(run(2, 5));
    ring.write(run(7, 1));
    expect(ring.read()).toEqual(run(3, 5));
  });

  it('keeps the tail of a write longer than itself, and copies what it is given', () => {
    const ring = new SampleRing(4);
    ring.write(run(1, 2));
    const frame = run(10, 9);
    ring.write(frame);
    expect(ring.read()).toEqual(run(15, 4));
    frame.fill(0);
    expect(ring.read()).toEqual(run(15, 4));
    ring.clear();
    expect(ring.length).toBe(0);
    expect(ring.read()).toEqual(new Int16Array(0));
  });
});
