import { clampSample } from './pcm';

/** Zero crossings of the sinc on each side of the centre, at the lower of the two rates. */
const ZERO_CROSSINGS = 32;
/** Cutoff as a fraction of the lower Nyquist frequency: what is kept below it, the transition band above. */
const ROLLOFF = 0.93;
/** Kaiser window shape: about 80 dB of stop-band attenuation (16 → 8 kHz: flat to 3.4 kHz, -90 dB from 4.2 kHz). */
const KAISER_BETA = 8;
/** Above this many coefficients the taps are computed per output sample instead of tabled. */
const MAX_TABLE = 1 << 20;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function greatestCommonDivisor(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Streaming sample-rate converter for 16-bit mono PCM: a Kaiser-windowed sinc low-pass (cutoff at 93% of the
 * lower Nyquist frequency) evaluated as a polyphase filter for the exact rational ratio. Feed chunks of any size
 * with `push`; `flush` ends the stream and returns the tail. Output sample k sits exactly at input time
 * k·from/to, so there is no delay to compensate; a chunk's output just waits for the filter's right half.
 */
export class Resampler {
  /** Output samples per `down` input samples. */
  private readonly up: number;
  private readonly down: number;
  /** Taps on each side of the centre, in input samples. */
  private readonly half: number;
  private readonly cutoff: number;
  private readonly window: number;
  private readonly table: Float32Array | null;
  private readonly betaNorm = 1 / besselI0(KAISER_BETA);
  /** Input samples from absolute index `base` on; earlier ones are no longer needed. */
  private history = new Float32Array(0);
  private base = 0;
  private received = 0;
  private produced = 0;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    for (const rate of [fromRate, toRate]) {
      if (!Number.isSafeInteger(rate) || rate <= 0) {
        throw new RangeError(`Sample rates must be positive whole numbers (got ${rate})`);
      }
    }
    const divisor = greatestCommonDivisor(fromRate, toRate);
    this.up = toRate / divisor;
    this.down = fromRate / divisor;
    this.cutoff = Math.min(1, this.up / this.down) * ROLLOFF;
    this.window = ZERO_CROSSINGS / this.cutoff;
    this.half = Math.ceil(this.window);
    this.table = this.up * 2 * this.half <= MAX_TABLE ? this.buildTable() : null;
  }

  /** Adds input; returns every output sample that the input so far fully determines. */
  push(input: Int16Array): Int16Array {
    if (this.up === this.down) return input.slice();
    this.append(input);
    return this.produce(this.received - 1 - this.half);
  }

  /** Ends the stream (the input continues as silence): returns the remaining output, then starts afresh. */
  flush(): Int16Array {
    if (this.up === this.down) return new Int16Array(0);
    const total = Math.ceil((this.received * this.up) / this.down);
    const lastInputNeeded = Math.floor(((total - 1) * this.down) / this.up) + this.half;
    const padding = Math.max(0, lastInputNeeded - this.received + 1);
    this.append(new Int16Array(padding));
    const out = this.produce(Infinity, total);
    this.reset();
    return out;
  }

  reset(): void {
    this.history = new Float32Array(0);
    this.base = 0;
    this.received = 0;
    this.produced = 0;
  }

  private append(input: Int16Array): void {
    const keepFrom = Math.max(0, Math.floor((this.produced * this.down) / this.up) - this.half + 1);
    const kept = this.history.subarray(Math.max(0, keepFrom - this.base));
    const next = new Float32Array(kept.length + input.length);
    next.set(kept);
    for (let i = 0; i < input.length; i++) next[kept.length + i] = input[i] ?? 0;
    this.base = this.received - kept.length;
    this.history = next;
    this.received += input.length;
  }

  /** Produces outputs whose right-most input index is at most `lastInput`, and fewer than `limit` in all. */
  private produce(lastInput: number, limit = Infinity): Int16Array {
    const out: number[] = [];
    const { up, down, half } = this;
    for (;;) {
      const k = this.produced;
      if (k >= limit) break;
      const centre = Math.floor((k * down) / up);
      if (centre + half > lastInput) break;
      const phase = (k * down) % up;
      let sum = 0;
      const first = centre - half + 1 - this.base;
      if (this.table) {
        const offset = phase * 2 * half;
        for (let j = 0; j < 2 * half; j++) {
          sum += (this.history[first + j] ?? 0) * (this.table[offset + j] ?? 0);
        }
      } else {
        const taps = this.tapsFor(phase);
        for (let j = 0; j < 2 * half; j++) sum += (this.history[first + j] ?? 0) * (taps[j] ?? 0);
      }
      out.push(clampSample(Math.round(sum)));
      this.produced++;
    }
    return Int16Array.from(out);
  }

  private buildTable(): Float32Array {
    const table = new Float32Array(this.up * 2 * this.half);
    for (let phase = 0; phase < this.up; phase++) table.set(this.tapsFor(phase), phase * 2 * this.half);
    return table;
  }

  /** Taps for input indices centre-half+1 … centre+half, normalised to unit gain at DC. */
  private tapsFor(phase: number): Float64Array {
    const taps = new Float64Array(2 * this.half);
    const fraction = phase / this.up;
    let total = 0;
    for (let j = 0; j < 2 * this.half; j++) {
      const distance = fraction - (j - this.half + 1);
      const value = this.kernel(distance);
      taps[j] = value;
      total += value;
    }
    for (let j = 0; j < taps.length; j++) taps[j] = (taps[j] ?? 0) / total;
    return taps;
  }

  private kernel(distance: number): number {
    const relative = distance / this.window;
    if (Math.abs(relative) >= 1) return 0;
    const x = this.cutoff * distance;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    return this.cutoff * sinc * besselI0(KAISER_BETA * Math.sqrt(1 - relative * relative)) * this.betaNorm;
  }
}

/** Converts a whole clip from one sample rate to another (same length in time, rounded up to a whole sample). */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  const resampler = new Resampler(fromRate, toRate);
  const head = resampler.push(input);
  const tail = resampler.flush();
  const out = new Int16Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
