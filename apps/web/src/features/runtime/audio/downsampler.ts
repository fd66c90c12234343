/**
 * Streaming sample-rate conversion down to a lower rate (the microphone's 48 or 44.1 kHz to 16 kHz) by
 * band-limited interpolation: every output sample is the input convolved with a Blackman-windowed sinc
 * low-pass whose cutoff sits below the output's Nyquist frequency, so speech keeps its band and what lies
 * above 8 kHz does not fold back as aliasing (plain decimation would). Works for any rate ratio; it runs in
 * the AudioWorklet, so it allocates only when its input grows.
 */
export class Downsampler {
  /** Samples of the kernel per input sample; the table is read with linear interpolation between them. */
  private static readonly tableResolution = 64;
  private static readonly phaseCount = 1024;
  private readonly phaseTaps = new Map<number, Float32Array>();
  private readonly step: number;
  private readonly halfWidth: number;
  private readonly table: Float32Array;
  private readonly gain: number;
  private pending: Float32Array;
  private pendingLength = 0;
  /** Where the next output sample falls, in input samples from the start of `pending`. */
  private position: number;

  /**
   * @param cutoff the pass-band edge as a fraction of the output Nyquist frequency (0.9 keeps 0-7.2 kHz at 16 kHz).
   * @param zeroCrossings kernel half-width in output samples; more gives a steeper transition band.
   */
  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
    { cutoff = 0.9, zeroCrossings = 16 }: { cutoff?: number; zeroCrossings?: number } = {},
  ) {
    if (!(outputRate > 0) || !(inputRate >= outputRate)) {
      throw new RangeError(`Cannot downsample from ${inputRate} Hz to ${outputRate} Hz`);
    }
    this.step = inputRate / outputRate;
    // Cutoff in cycles per input sample.
    const fc = (cutoff * 0.5) / this.step;
    this.halfWidth = Math.ceil(zeroCrossings * this.step);
    const resolution = Downsampler.tableResolution;
    this.table = new Float32Array(this.halfWidth * resolution + 2);
    for (let index = 0; index < this.table.length; index += 1) {
      const distance = index / resolution;
      if (distance > this.halfWidth) break;
      const x = 2 * fc * distance;
      const sinc = distance === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const phase = (Math.PI * (distance + this.halfWidth)) / this.halfWidth;
      const blackman = 0.42 - 0.5 * Math.cos(phase) + 0.08 * Math.cos(2 * phase);
      this.table[index] = sinc * blackman;
    }
    // Unity gain at DC: the kernel's taps sum to 2·fc·(window area); normalise by the exact sum at phase 0.
    let sum = 0;
    for (let tap = -this.halfWidth; tap <= this.halfWidth; tap += 1) sum += this.kernel(Math.abs(tap));
    this.gain = 1 / sum;
    // Start with half a kernel of silence behind the first sample, so the first output is sample 0.
    this.pending = new Float32Array(4096);
    this.pendingLength = this.halfWidth;
    this.position = this.halfWidth;
  }

  /** Delay the filter adds, in seconds. */
  get latency(): number {
    return this.halfWidth / this.inputRate;
  }

  /** Feeds input samples; returns the output samples they completed (possibly none). */
  push(input: Float32Array): Float32Array {
    this.append(input);
    const ready = Math.max(
      0,
      Math.floor((this.pendingLength - 1 - this.halfWidth - this.position) / this.step) + 1,
    );
    const output = new Float32Array(ready);
    for (let index = 0; index < ready; index += 1) {
      output[index] = this.sampleAt(this.position);
      this.position += this.step;
    }
    // Keep only what the next outputs still need.
    const keepFrom = Math.max(0, Math.floor(this.position) - this.halfWidth);
    if (keepFrom > 0) {
      this.pending.copyWithin(0, keepFrom, this.pendingLength);
      this.pendingLength -= keepFrom;
      this.position -= keepFrom;
    }
    return output;
  }

  private kernel(distance: number): number {
    const scaled = distance * Downsampler.tableResolution;
    const index = Math.floor(scaled);
    const fraction = scaled - index;
    const a = this.table[index] ?? 0;
    const b = this.table[index + 1] ?? 0;
    return a + (b - a) * fraction;
  }

  private sampleAt(position: number): number {
    let centre = Math.floor(position);
    // The output's offset between two input samples, in 1/phaseCount steps (at most 1/2048 of a sample off,
    // about -65 dB of error at 7 kHz); each offset's taps are computed once.
    let phase = Math.round((position - centre) * Downsampler.phaseCount);
    if (phase === Downsampler.phaseCount) {
      centre += 1;
      phase = 0;
    }
    const taps = this.tapsFor(phase);
    const first = centre - this.halfWidth + 1;
    let total = 0;
    for (let index = 0; index < taps.length; index += 1)
      total += (this.pending[first + index] ?? 0) * (taps[index] ?? 0);
    return total;
  }

  /** The kernel sampled at the input samples around an output that lies `phase` steps past an input sample. */
  private tapsFor(phase: number): Float32Array {
    let taps = this.phaseTaps.get(phase);
    if (taps) return taps;
    const fraction = phase / Downsampler.phaseCount;
    taps = new Float32Array(2 * this.halfWidth);
    for (let index = 0; index < taps.length; index += 1) {
      const distance = Math.abs(index - this.halfWidth + 1 - fraction);
      taps[index] = distance >= this.halfWidth ? 0 : this.kernel(distance) * this.gain;
    }
    this.phaseTaps.set(phase, taps);
    return taps;
  }

  private append(input: Float32Array): void {
    const needed = this.pendingLength + input.length;
    if (needed > this.pending.length) {
      const grown = new Float32Array(Math.max(needed, this.pending.length * 2));
      grown.set(this.pending.subarray(0, this.pendingLength));
      this.pending = grown;
    }
    this.pending.set(input, this.pendingLength);
    this.pendingLength = needed;
  }
}

/** Converts float samples in [-1, 1] to 16-bit signed integers, clipping what lies outside. */
export function floatToInt16(
  samples: Float32Array,
  target: Int16Array<ArrayBuffer> = new Int16Array(samples.length),
): Int16Array<ArrayBuffer> {
  for (let index = 0; index < samples.length; index += 1) {
    const value = Math.max(-1, Math.min(1, samples[index] ?? 0));
    target[index] = value < 0 ? Math.round(value * 0x8000) : Math.round(value * 0x7fff);
  }
  return target;
}

/** Reads 16-bit little-endian PCM into float samples in [-1, 1). */
export function int16ToFloat(pcm: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(pcm);
  const samples = new Float32Array(Math.floor(pcm.byteLength / 2));
  for (let index = 0; index < samples.length; index += 1)
    samples[index] = view.getInt16(index * 2, true) / 0x8000;
  return samples;
}

/** Root-mean-square level of a block, 0 (silence) to 1 (full-scale square wave). */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}
