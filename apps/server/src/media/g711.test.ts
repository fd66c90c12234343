import { describe, expect, it } from 'vitest';
import {
  alawDecode,
  alawDecodeSample,
  alawEncode,
  alawEncodeSample,
  G711_SILENCE,
  mulawDecode,
  mulawDecodeSample,
  mulawEncode,
  mulawEncodeSample,
} from './g711';

const allSamples = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);

describe('μ-law', () => {
  it('matches the reference codes', () => {
    expect(mulawEncodeSample(0)).toBe(0xff);
    expect(mulawDecodeSample(0xff)).toBe(0);
    expect(mulawDecodeSample(0x7f)).toBe(0);
    expect(mulawDecodeSample(0x80)).toBe(32124);
    expect(mulawDecodeSample(0x00)).toBe(-32124);
    expect(mulawEncodeSample(32767)).toBe(0x80);
    expect(mulawEncodeSample(-32768)).toBe(0x00);
    // Segment bases of the decoder table: 0, 132, 396, 924, 1980, 4092, 8316, 16764.
    expect([0xff, 0xef, 0xdf, 0xcf, 0xbf, 0xaf, 0x9f, 0x8f].map(mulawDecodeSample)).toEqual([
      0, 132, 396, 924, 1980, 4092, 8316, 16764,
    ]);
    expect(G711_SILENCE.mulaw).toBe(0xff);
  });

  it('re-encodes every decoded code to itself (except negative zero)', () => {
    for (let code = 0; code < 256; code++) {
      expect(mulawEncodeSample(mulawDecodeSample(code))).toBe(code === 0x7f ? 0xff : code);
    }
  });

  it('keeps every sample within half a quantisation step of its segment', () => {
    const decoded = mulawDecode(mulawEncode(allSamples));
    let worst = 0;
    for (let i = 0; i < allSamples.length; i++) {
      const sample = allSamples[i]!;
      const magnitude = Math.min(Math.abs(sample), 32635) + 0x84;
      const exponent = Math.max(0, Math.floor(Math.log2(magnitude)) - 7);
      const step = 1 << (exponent + 3);
      const clipped = Math.sign(sample) * Math.min(Math.abs(sample), 32124);
      worst = Math.max(worst, Math.abs(decoded[i]! - clipped) / step);
    }
    expect(worst).toBeLessThanOrEqual(0.5);
  });

  it('is monotonic', () => {
    const decoded = mulawDecode(mulawEncode(allSamples));
    const drops = decoded.filter((value, i) => i > 0 && value < decoded[i - 1]!);
    expect(drops).toHaveLength(0);
  });

  it('codes a loud sine at about 38 dB signal-to-noise', () => {
    const sine = Int16Array.from({ length: 8000 }, (_, i) =>
      Math.round(16000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
    );
    const decoded = mulawDecode(mulawEncode(sine));
    expect(signalToNoiseDb(sine, decoded)).toBeGreaterThan(35);
  });
});

describe('A-law', () => {
  it('matches the reference codes', () => {
    expect(alawDecodeSample(0xd5)).toBe(8);
    expect(alawDecodeSample(0x55)).toBe(-8);
    expect(alawEncodeSample(0)).toBe(0xd5);
    expect(alawEncodeSample(32767)).toBe(0xaa);
    expect(alawDecodeSample(0xaa)).toBe(32256);
    expect(alawDecodeSample(0x2a)).toBe(-32256);
    expect(G711_SILENCE.alaw).toBe(0xd5);
  });

  it('re-encodes every decoded code to itself', () => {
    for (let code = 0; code < 256; code++) expect(alawEncodeSample(alawDecodeSample(code))).toBe(code);
  });

  it('keeps every sample within half a quantisation step', () => {
    const decoded = alawDecode(alawEncode(allSamples));
    let worst = 0;
    for (let i = 0; i < allSamples.length; i++) {
      const sample = allSamples[i]!;
      const magnitude = Math.min(Math.abs(sample), 32256);
      const segment = magnitude < 512 ? 1 : Math.floor(Math.log2(magnitude)) - 7;
      const step = 1 << (segment + 3);
      worst = Math.max(worst, Math.abs(decoded[i]! - Math.sign(sample) * magnitude) / step);
    }
    expect(worst).toBeLessThanOrEqual(0.5);
  });

  it('codes a loud sine at about 38 dB signal-to-noise', () => {
    const sine = Int16Array.from({ length: 8000 }, (_, i) =>
      Math.round(16000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
    );
    expect(signalToNoiseDb(sine, alawDecode(alawEncode(sine)))).toBeGreaterThan(35);
  });
});

function signalToNoiseDb(reference: Int16Array, actual: Int16Array): number {
  let signal = 0;
  let noise = 0;
  for (let i = 0; i < reference.length; i++) {
    signal += reference[i]! ** 2;
    noise += (reference[i]! - actual[i]!) ** 2;
  }
  return 10 * Math.log10(signal / noise);
}
