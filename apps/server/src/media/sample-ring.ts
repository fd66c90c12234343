/**
 * The latest `capacity` samples of a stream, copied into one buffer: audio kept for a while (a detector's
 * pre-roll) without holding on to every frame it came in, so a call's steady 50 frames a second die young.
 */
export class SampleRing {
  private readonly samples: Int16Array;
  /** Where the next sample goes. */
  private next = 0;
  private filled = 0;

  constructor(capacity: number) {
    this.samples = new Int16Array(Math.max(0, Math.floor(capacity)));
  }

  get capacity(): number {
    return this.samples.length;
  }

  /** Samples held: the capacity once that much has been written. */
  get length(): number {
    return this.filled;
  }

  write(pcm: Int16Array): void {
    const capacity = this.samples.length;
    if (capacity === 0) return;
    const source = pcm.length > capacity ? pcm.subarray(pcm.length - capacity) : pcm;
    const first = Math.min(source.length, capacity - this.next);
    this.samples.set(source.subarray(0, first), this.next);
    this.samples.set(source.subarray(first), 0);
    this.next = (this.next + source.length) % capacity;
    this.filled = Math.min(capacity, this.filled + source.length);
  }

  /** What is held, oldest first, as a new array. */
  read(): Int16Array {
    const capacity = this.samples.length;
    const start = (this.next - this.filled + capacity) % Math.max(1, capacity);
    const out = new Int16Array(this.filled);
    const first = Math.min(this.filled, capacity - start);
    out.set(this.samples.subarray(start, start + first));
    out.set(this.samples.subarray(0, this.filled - first), first);
    return out;
  }

  clear(): void {
    this.next = 0;
    this.filled = 0;
  }
}
