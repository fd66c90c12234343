import { describe, expect, it } from 'vitest';
import { Downsampler, floatToInt16, int16ToFloat, rmsLevel } from './downsampler';

function sine(frequency: number, rate: number, seconds: number, amplitude = 0.8): Float32Array {
  const samples = new Float32Array(Math.round(rate * seconds));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = amplitude * Math.sin((2 * Math.PI * frequency * index) / rate);
  }
  return samples;
}

/** Feeds the input in render-quantum blocks of 128, as an AudioWorklet does. */
function runInBlocks(downsampler: Downsampler, input: Float32Array, block = 128): Float32Array {
  const parts: Float32Array[] = [];
  for (let start = 0; start < input.length; start += block) {
    parts.push(downsampler.push(input.subarray(start, start + block)));
  }
  const output = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    output.set(part, offset);
    offset += part.length;
  }
  return output;
}

/** The largest difference from the ideal tone sampled at the output rate, after the filter's start-up. */
function worstError(output: Float32Array, frequency: number, rate: number, amplitude = 0.8): number {
  let worst = 0;
  for (let index = 40; index < output.length; index += 1) {
    const ideal = amplitude * Math.sin((2 * Math.PI * frequency * index) / rate);
    worst = Math.max(worst, Math.abs((output[index] ?? 0) - ideal));
  }
  return worst;
}

describe('Downsampler', () => {
  it('keeps speech-band tones intact in amplitude and phase, 48 kHz → 16 kHz', () => {
    for (const frequency of [300, 1000, 3400, 6000]) {
      const output = runInBlocks(new Downsampler(48_000, 16_000), sine(frequency, 48_000, 0.5));
      expect(worstError(output, frequency, 16_000)).toBeLessThan(0.01);
    }
  });

  it('converts a non-integer ratio, 44.1 kHz → 16 kHz, without drift', () => {
    const output = runInBlocks(new Downsampler(44_100, 16_000), sine(1000, 44_100, 1));
    expect(Math.abs(output.length - 16_000)).toBeLessThanOrEqual(20);
    expect(worstError(output, 1000, 16_000)).toBeLessThan(0.01);
  });

  it('removes what lies above 8 kHz instead of folding it into the speech band', () => {
    for (const frequency of [9_000, 10_000, 12_000, 15_000, 20_000]) {
      const input = sine(frequency, 48_000, 0.5);
      const output = runInBlocks(new Downsampler(48_000, 16_000), input).subarray(40);
      // Naive decimation keeps these at full strength (e.g. 10 kHz lands on 6 kHz); the filter is ≥ 50 dB down.
      const naive = input.filter((_, index) => index % 3 === 0);
      expect(rmsLevel(naive)).toBeGreaterThan(0.3);
      expect(rmsLevel(output)).toBeLessThan(rmsLevel(input) * 0.003);
    }
  });

  it('gives the same samples whatever the block size', () => {
    const input = sine(440, 48_000, 0.2);
    const whole = new Downsampler(48_000, 16_000).push(input);
    const blocks = runInBlocks(new Downsampler(48_000, 16_000), input, 37);
    expect(blocks.length).toBe(whole.length);
    for (let index = 0; index < whole.length; index += 1)
      expect(blocks[index]).toBeCloseTo(whole[index] ?? 0, 6);
  });

  it('adds about a millisecond of delay', () => {
    expect(new Downsampler(48_000, 16_000).latency).toBeLessThan(0.002);
  });

  it('refuses to upsample', () => {
    expect(() => new Downsampler(8_000, 16_000)).toThrow(RangeError);
  });
});

describe('sample conversion', () => {
  it('writes 16-bit samples with clipping', () => {
    expect([...floatToInt16(new Float32Array([0, 1, -1, 2, -2, 0.5]))]).toEqual([
      0, 32767, -32768, 32767, -32768, 16384,
    ]);
  });

  it('reads little-endian 16-bit PCM', () => {
    const bytes = new Uint8Array([0x00, 0x40, 0x00, 0xc0, 0xff, 0x7f]).buffer;
    const samples = int16ToFloat(bytes);
    expect([...samples]).toEqual([0.5, -0.5, 32767 / 32768]);
  });

  it('measures level', () => {
    expect(rmsLevel(new Float32Array(0))).toBe(0);
    expect(rmsLevel(new Float32Array([0.5, -0.5]))).toBeCloseTo(0.5);
  });
});
