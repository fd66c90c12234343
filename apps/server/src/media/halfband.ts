// Exact 2:1 rate changes for phone lines (8 kHz ⇄ 16 kHz) through a half-band FIR filter: every other tap of a
// half-band filter is zero and its centre tap is ½, so doubling the rate copies each input sample and computes
// only the one between (16 multiply-adds), and halving it computes one output per two inputs. The general
// Resampler (resample.ts) runs a 70-tap polyphase sinc per output sample at this ratio, which is what a phone
// line's 50 frames a second per call cannot afford at a few hundred calls.

/** Non-zero taps on each side of the centre (the filters below write out all eight). */
const SIDE_TAPS = 8;
/** Kaiser window shape: about 60 dB of stop-band attenuation above 4.6 kHz at 16 kHz. */
const KAISER_BETA = 6;

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

/**
 * The odd taps of the half-band low-pass at the higher rate, at ±(2j+1) samples from the centre: a
 * Kaiser-windowed sinc, scaled so that they sum to ½ on each side pair (the centre tap being ½).
 */
function oddTaps(): Float64Array {
  const taps = new Float64Array(SIDE_TAPS);
  const span = 2 * SIDE_TAPS;
  for (let j = 0; j < SIDE_TAPS; j++) {
    const t = j + 0.5;
    const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
    const ratio = (2 * j + 1) / span;
    taps[j] = sinc * (besselI0(KAISER_BETA * Math.sqrt(1 - ratio * ratio)) / besselI0(KAISER_BETA));
  }
  const sum = taps.reduce((total, tap) => total + tap, 0);
  for (let j = 0; j < SIDE_TAPS; j++) taps[j] = (taps[j] ?? 0) / (2 * sum);
  return taps;
}

const taps = oddTaps();
/** The same taps for halving the rate: the low-pass's gain is 1 there, where doubling it needs 2. */
const halfTaps = taps.map((tap) => tap / 2);
// The filters below are written out tap by tap: they run on every 20 ms frame of every call.
const [u0 = 0, u1 = 0, u2 = 0, u3 = 0, u4 = 0, u5 = 0, u6 = 0, u7 = 0] = taps;
const [d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0] = halfTaps;

/** A filtered value as a 16-bit sample: rounded, and clamped rather than wrapped. */
function toSample(value: number): number {
  const rounded = Math.round(value);
  return rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
}
/** What the upsampler's history starts with: its own context and the 1 ms it runs behind. */
const leadingSilence = 2 * SIDE_TAPS - 1;

/** A growable sample buffer: the samples still needed, then the new chunk, without a copy per chunk. */
class History {
  samples = new Float64Array(256);
  length = 0;

  constructor(leading: number) {
    this.length = leading;
  }

  append(read: (into: Float64Array, at: number) => number, count: number): void {
    this.reserve(count);
    this.length += read(this.samples, this.length);
  }

  /** Appends `input` (16-bit samples, or codes looked up in `table`). */
  appendSamples(input: ArrayLike<number>, table?: ArrayLike<number>): void {
    this.reserve(input.length);
    const into = this.samples;
    const at = this.length;
    if (table) for (let i = 0; i < input.length; i++) into[at + i] = table[input[i] ?? 0] ?? 0;
    else for (let i = 0; i < input.length; i++) into[at + i] = input[i] ?? 0;
    this.length += input.length;
  }

  private reserve(count: number): void {
    if (this.length + count > this.samples.length) {
      const grown = new Float64Array(Math.max(this.samples.length * 2, this.length + count));
      grown.set(this.samples.subarray(0, this.length));
      this.samples = grown;
    }
  }

  /** Drops the first `count` samples. */
  drop(count: number): void {
    this.samples.copyWithin(0, count, this.length);
    this.length -= count;
  }
}

/**
 * 8 kHz → 16 kHz, streaming: output sample 2n is input sample n, output 2n+1 sits halfway to n+1. The filter's
 * right half needs SIDE_TAPS samples ahead, so the output starts with 1 ms of silence and runs 1 ms behind: a
 * 20 ms frame in gives exactly a 20 ms frame out (the frames downstream are never stitched together).
 */
export class HalfbandUpsampler {
  /** Input from sample `next - SIDE_TAPS + 1` on; starts with 2·SIDE_TAPS - 1 samples of silence. */
  private readonly history = new History(leadingSilence);

  pushPcm(input: Int16Array): Int16Array {
    this.history.appendSamples(input);
    return this.produce();
  }

  /** Codes (a G.711 payload) whose samples `table` holds, indexed by code. */
  pushCodes(codes: Uint8Array, table: ArrayLike<number>): Int16Array {
    this.history.appendSamples(codes, table);
    return this.produce();
  }

  /** The end of the stream (silence after it): the held samples' output, then starts afresh. */
  flush(): Int16Array {
    const held = this.history.length - (SIDE_TAPS - 1);
    this.history.append((into, at) => {
      into.fill(0, at, at + SIDE_TAPS);
      return SIDE_TAPS;
    }, SIDE_TAPS);
    const out = held > 0 ? this.produce() : new Int16Array(0);
    this.history.length = leadingSilence;
    this.history.samples.fill(0, 0, leadingSilence);
    return out;
  }

  private produce(): Int16Array {
    const x = this.history.samples;
    // Output pairs for input n need samples n - SIDE_TAPS + 1 … n + SIDE_TAPS: index i = SIDE_TAPS - 1 is n.
    const pairs = Math.max(0, this.history.length - 2 * SIDE_TAPS + 1);
    const out = new Int16Array(pairs * 2);
    for (let p = 0, n = SIDE_TAPS - 1; p < pairs; p++, n++) {
      const between =
        u0 * ((x[n] ?? 0) + (x[n + 1] ?? 0)) +
        u1 * ((x[n - 1] ?? 0) + (x[n + 2] ?? 0)) +
        u2 * ((x[n - 2] ?? 0) + (x[n + 3] ?? 0)) +
        u3 * ((x[n - 3] ?? 0) + (x[n + 4] ?? 0)) +
        u4 * ((x[n - 4] ?? 0) + (x[n + 5] ?? 0)) +
        u5 * ((x[n - 5] ?? 0) + (x[n + 6] ?? 0)) +
        u6 * ((x[n - 6] ?? 0) + (x[n + 7] ?? 0)) +
        u7 * ((x[n - 7] ?? 0) + (x[n + 8] ?? 0));
      out[2 * p] = x[n] ?? 0;
      out[2 * p + 1] = toSample(between);
    }
    if (pairs > 0) this.history.drop(pairs);
    return out;
  }
}

/**
 * 16 kHz → 8 kHz, streaming: output sample n is the half-band low-passed input at 2n, so nothing above 4 kHz
 * folds into the line's band.
 */
export class HalfbandDownsampler {
  /** Input from sample `2·next - (2·SIDE_TAPS - 1)` on; starts with that many samples of silence. */
  private readonly history = new History(2 * SIDE_TAPS - 1);

  push(input: Int16Array): Int16Array {
    this.history.appendSamples(input);
    return this.produce();
  }

  /** The end of the stream (silence after it): the held samples' output, then starts afresh. */
  flush(): Int16Array {
    const held = this.history.length - (2 * SIDE_TAPS - 1);
    if (held <= 0) return new Int16Array(0);
    const padding = 2 * SIDE_TAPS + (held % 2);
    this.history.append((into, at) => {
      into.fill(0, at, at + padding);
      return padding;
    }, padding);
    const out = this.produce().subarray(0, Math.ceil(held / 2));
    this.history.length = 2 * SIDE_TAPS - 1;
    this.history.samples.fill(0, 0, 2 * SIDE_TAPS - 1);
    return Int16Array.from(out);
  }

  private produce(): Int16Array {
    const x = this.history.samples;
    const reach = 2 * SIDE_TAPS - 1;
    // Output m is centred on index c = reach + 2m and needs c + reach.
    const count = Math.max(0, Math.floor((this.history.length - 2 * reach - 1) / 2) + 1);
    const out = new Int16Array(count);
    for (let m = 0, c = reach; m < count; m++, c += 2) {
      const sum =
        0.5 * (x[c] ?? 0) +
        d0 * ((x[c - 1] ?? 0) + (x[c + 1] ?? 0)) +
        d1 * ((x[c - 3] ?? 0) + (x[c + 3] ?? 0)) +
        d2 * ((x[c - 5] ?? 0) + (x[c + 5] ?? 0)) +
        d3 * ((x[c - 7] ?? 0) + (x[c + 7] ?? 0)) +
        d4 * ((x[c - 9] ?? 0) + (x[c + 9] ?? 0)) +
        d5 * ((x[c - 11] ?? 0) + (x[c + 11] ?? 0)) +
        d6 * ((x[c - 13] ?? 0) + (x[c + 13] ?? 0)) +
        d7 * ((x[c - 15] ?? 0) + (x[c + 15] ?? 0));
      out[m] = toSample(sum);
    }
    if (count > 0) this.history.drop(2 * count);
    return out;
  }
}
