import { msToSamples } from './pcm';

/** Samples in one frame of `ms` milliseconds (20 ms by default: 160 at 8 kHz, 320 at 16 kHz). */
export function frameSamples(sampleRate: number, ms = 20): number {
  return msToSamples(ms, sampleRate);
}

const empty = new Int16Array(0);

/**
 * Cuts a stream of chunks of any length into frames of exactly `size` samples, keeping the remainder for the
 * next push. A frame may be a view of the chunk pushed (a call's chunks are a frame long): a chunk is not
 * written to once pushed.
 */
export class FrameChunker {
  private pending = empty;

  constructor(readonly size: number) {
    if (!Number.isSafeInteger(size) || size <= 0)
      throw new RangeError(`Frame size must be positive (got ${size})`);
  }

  push(chunk: Int16Array): Int16Array[] {
    let input = chunk;
    if (this.pending.length > 0) {
      input = new Int16Array(this.pending.length + chunk.length);
      input.set(this.pending);
      input.set(chunk, this.pending.length);
    }
    const frames: Int16Array[] = [];
    let offset = 0;
    for (; offset + this.size <= input.length; offset += this.size) {
      frames.push(input.subarray(offset, offset + this.size));
    }
    this.pending = offset === input.length ? empty : input.slice(offset);
    return frames;
  }

  /** A copy of the samples waiting for a whole frame. */
  peek(): Int16Array {
    return this.pending.slice();
  }

  /** Samples waiting for a whole frame. */
  get buffered(): number {
    return this.pending.length;
  }

  /** The remainder as a last frame padded with silence, or nothing when there is none. */
  flush(): Int16Array[] {
    if (this.pending.length === 0) return [];
    const frame = new Int16Array(this.size);
    frame.set(this.pending);
    this.pending = empty;
    return [frame];
  }

  reset(): void {
    this.pending = empty;
  }
}
