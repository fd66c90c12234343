import { goertzel } from './goertzel';

/** The keypad's rows (low group) and columns (high group), ITU-T Q.23. */
const rows = [697, 770, 852, 941] as const;
const columns = [1209, 1336, 1477, 1633] as const;
const keypad = ['123A', '456B', '789C', '*0#D'] as const;

/** The low and high frequency of a keypad digit, or null for anything else. */
function frequenciesOf(digit: string): [number, number] | null {
  for (let row = 0; row < keypad.length; row++) {
    const column = keypad[row]?.indexOf(digit) ?? -1;
    if (column >= 0) return [rows[row] ?? 0, columns[column] ?? 0];
  }
  return null;
}

export interface DtmfToneOptions {
  /** How long each digit sounds (Q.24 asks at least 40 ms; exchanges send 70-100 ms). */
  toneMs?: number;
  /** The pause after each digit. */
  gapMs?: number;
  /** Each of the two tones' peak, as a fraction of full scale (−9 dBFS by default: the pair peaks near −3). */
  amplitude?: number;
}

/**
 * Keypad digits as in-band DTMF audio (16-bit PCM at `sampleRate`): each digit's two tones for `toneMs`, then
 * silence for `gapMs`, as a phone's keypad plays them into the call. Characters that are not keypad digits are
 * skipped. Each tone starts and ends with a 2 ms ramp so the line hears no clicks.
 */
export function dtmfTones(digits: string, sampleRate: number, options: DtmfToneOptions = {}): Int16Array {
  const toneSamples = Math.round(((options.toneMs ?? 100) * sampleRate) / 1000);
  const gapSamples = Math.round(((options.gapMs ?? 80) * sampleRate) / 1000);
  const amplitude = (options.amplitude ?? 0.35) * 32_767;
  const ramp = Math.max(1, Math.round((2 * sampleRate) / 1000));
  const pairs = Array.from(digits, frequenciesOf).filter((pair) => pair !== null);
  const out = new Int16Array(pairs.length * (toneSamples + gapSamples));
  pairs.forEach(([low, high], index) => {
    const at = index * (toneSamples + gapSamples);
    for (let i = 0; i < toneSamples; i++) {
      const envelope = Math.min(1, i / ramp, (toneSamples - 1 - i) / ramp);
      const t = i / sampleRate;
      const value = Math.sin(2 * Math.PI * low * t) + Math.sin(2 * Math.PI * high * t);
      out[at + i] = Math.round(amplitude * envelope * value);
    }
  });
  return out;
}

/**
 * Hears keypad digits in audio (16-bit PCM): 20 ms blocks whose energy sits in one row and one column frequency,
 * with neither group's runner-up close (a voice spreads its energy), for at least two blocks in a row make one
 * digit; a digit is heard again only after a block without it. Feed it audio as it arrives.
 */
export class DtmfDetector {
  private readonly block: number;
  private buffer: number[] = [];
  private candidate: string | null = null;
  private run = 0;
  private reported = false;
  private heard = '';

  constructor(private readonly sampleRate = 16_000) {
    this.block = Math.round(sampleRate / 50);
  }

  /** The digits heard so far, in order. */
  get digits(): string {
    return this.heard;
  }

  push(pcm: Int16Array): string {
    for (const sample of pcm) {
      this.buffer.push(sample / 32_768);
      if (this.buffer.length < this.block) continue;
      const samples = Float32Array.from(this.buffer);
      this.buffer = [];
      const digit = this.digitOf(samples);
      if (digit === null || digit !== this.candidate) {
        this.candidate = digit;
        this.run = digit === null ? 0 : 1;
        this.reported = false;
        continue;
      }
      this.run += 1;
      if (this.run >= 2 && !this.reported) {
        this.heard += digit;
        this.reported = true;
      }
    }
    return this.heard;
  }

  private digitOf(samples: Float32Array): string | null {
    let energy = 0;
    for (const sample of samples) energy += sample * sample;
    if (energy / samples.length < 1e-4) return null;
    const strongest = (group: readonly number[]) => {
      const powers = group.map((frequency) => goertzel(samples, this.sampleRate, frequency));
      const best = powers.indexOf(Math.max(...powers));
      const runnerUp = Math.max(...powers.filter((_, index) => index !== best));
      return { best, power: powers[best] ?? 0, runnerUp };
    };
    const row = strongest(rows);
    const column = strongest(columns);
    // Two pure tones hold nearly all the block's energy: each one's Goertzel power is about N/2 · its energy.
    const share = (row.power + column.power) / ((samples.length / 2) * energy);
    if (share < 0.6) return null;
    if (row.runnerUp > row.power / 10 || column.runnerUp > column.power / 10) return null;
    return keypad[row.best]?.[column.best] ?? null;
  }
}
