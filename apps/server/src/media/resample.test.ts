import { describe, expect, it } from 'vitest';
import { rms } from './pcm';
import { resample, Resampler } from './resample';

function sine(frequency: number, sampleRate: number, seconds: number, amplitude = 10000): Int16Array {
  return Int16Array.from({ length: Math.round(sampleRate * seconds) }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate)),
  );
}

/** Frequency from the zero crossings of the middle of the clip (edges are the filter's ramp-in/out). */
function measuredFrequency(samples: Int16Array, sampleRate: number): number {
  const middle = samples.subarray(Math.floor(samples.length * 0.1), Math.floor(samples.length * 0.9));
  let crossings = 0;
  for (let i = 1; i < middle.length; i++) if (middle[i - 1]! < 0 !== middle[i]! < 0) crossings++;
  return (crossings / 2) * (sampleRate / middle.length);
}

function middleRms(samples: Int16Array): number {
  return rms(samples.subarray(Math.floor(samples.length * 0.1), Math.floor(samples.length * 0.9)));
}

describe('resample', () => {
  const pairs: [number, number][] = [
    [8000, 16000],
    [16000, 8000],
    [16000, 24000],
    [24000, 16000],
    [48000, 8000],
    [8000, 48000],
    [16000, 48000],
    [22050, 16000],
    [44100, 8000],
  ];

  it.each(pairs)('keeps a 1 kHz sine at %i → %i Hz: length, frequency and energy', (from, to) => {
    const input = sine(1000, from, 1);
    const output = resample(input, from, to);
    expect(output.length).toBe(to);
    expect(measuredFrequency(output, to)).toBeCloseTo(1000, -1);
    const gainDb = 20 * Math.log10(middleRms(output) / middleRms(input));
    expect(Math.abs(gainDb)).toBeLessThan(0.1);
  });

  it('keeps the waveform itself, not just its statistics (16 → 8 → 16 kHz)', () => {
    const input = sine(440, 16000, 0.5);
    const back = resample(resample(input, 16000, 8000), 8000, 16000);
    let error = 0;
    for (let i = 800; i < input.length - 800; i++) error = Math.max(error, Math.abs(back[i]! - input[i]!));
    expect(error).toBeLessThan(100); // 1% of the amplitude
  });

  it('filters out what the lower rate cannot carry instead of folding it back', () => {
    // A 6 kHz tone does not exist at 8 kHz; naive decimation would turn it into a 2 kHz tone at full level.
    const input = sine(6000, 16000, 1);
    const output = resample(input, 16000, 8000);
    expect(20 * Math.log10(middleRms(output) / middleRms(input))).toBeLessThan(-50);
    const naive = input.filter((_, i) => i % 2 === 0);
    expect(20 * Math.log10(middleRms(naive) / middleRms(input))).toBeGreaterThan(-1);
  });

  it('passes the telephone band (to 3.4 kHz at 8 kHz) and stops just above the new Nyquist frequency', () => {
    for (const from of [16000, 48000]) {
      const kept = sine(3400, from, 1);
      expect(Math.abs(20 * Math.log10(middleRms(resample(kept, from, 8000)) / middleRms(kept)))).toBeLessThan(
        0.1,
      );
      const dropped = sine(4300, from, 1);
      expect(middleRms(resample(dropped, from, 8000))).toBeLessThan(middleRms(dropped) / 1000);
    }
  });

  it('gives the same samples streamed in 20 ms chunks as in one piece', () => {
    const input = sine(700, 8000, 0.5);
    const whole = resample(input, 8000, 16000);
    const stream = new Resampler(8000, 16000);
    const parts: number[] = [];
    for (let offset = 0; offset < input.length; offset += 160) {
      parts.push(...stream.push(input.subarray(offset, offset + 160)));
    }
    parts.push(...stream.flush());
    expect(Int16Array.from(parts)).toEqual(whole);
  });

  it('handles arbitrary ratios and empty input, and refuses nonsense rates', () => {
    expect(resample(sine(300, 11025, 0.2), 11025, 16000).length).toBe(3200);
    expect(resample(new Int16Array(0), 16000, 8000).length).toBe(0);
    expect(resample(Int16Array.of(1, 2, 3), 16000, 16000)).toEqual(Int16Array.of(1, 2, 3));
    expect(() => new Resampler(0, 8000)).toThrow(/positive whole numbers/);
    expect(() => new Resampler(16000, 8000.5)).toThrow(/positive whole numbers/);
  });

  it('does not overflow on a full-scale square wave', () => {
    const input = Int16Array.from({ length: 1600 }, (_, i) => (Math.floor(i / 20) % 2 ? 32767 : -32768));
    const output = resample(input, 16000, 8000);
    expect(Math.max(...output)).toBeLessThanOrEqual(32767);
    expect(Math.min(...output)).toBeGreaterThanOrEqual(-32768);
  });
});
