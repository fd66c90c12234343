import { describe, expect, it } from 'vitest';
import { HalfbandDownsampler, HalfbandUpsampler } from './halfband';

const tone = (hz: number, rate: number, samples: number, amplitude = 10_000) =>
  Int16Array.from({ length: samples }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)),
  );

/** Root mean square of the middle of a signal (away from the filter's start and end). */
const rms = (samples: Int16Array) => {
  const middle = samples.subarray(samples.length / 4, (3 * samples.length) / 4);
  return Math.sqrt(middle.reduce((sum, sample) => sum + sample * sample, 0) / middle.length);
};

/** Feeds 20 ms chunks, then flushes: the whole output. */
function run(
  stage: { push(input: Int16Array): Int16Array; flush(): Int16Array },
  input: Int16Array,
  chunk: number,
) {
  const parts: Int16Array[] = [];
  for (let at = 0; at < input.length; at += chunk) parts.push(stage.push(input.subarray(at, at + chunk)));
  parts.push(stage.flush());
  return Int16Array.from(parts.flatMap((part) => [...part]));
}

const upsampler = () => {
  const up = new HalfbandUpsampler();
  return { push: (input: Int16Array) => up.pushPcm(input), flush: () => up.flush() };
};

describe('half-band rate changes for phone lines', () => {
  it('doubles 8 kHz to 16 kHz: 20 ms frames in, 20 ms frames out 1 ms behind, each input kept, a tone at its level', () => {
    const input = tone(1000, 8000, 8000);
    const up = new HalfbandUpsampler();
    expect(up.pushPcm(input.subarray(0, 160))).toHaveLength(320);
    expect(up.pushPcm(input.subarray(160, 320))).toHaveLength(320);
    const out = run(upsampler(), input, 160);
    expect(out).toHaveLength(16_016);
    // The 1 ms before the stream: silence, but for the filter's lead-in of the first samples.
    for (let i = 0; i < 16; i += 2) expect(out[i]).toBe(0);
    for (let i = 0; i < input.length; i += 97) expect(out[2 * i + 16]).toBe(input[i]);
    expect(rms(out) / rms(input)).toBeCloseTo(1, 2);
    // The same in one chunk as in 20 ms chunks.
    expect(run(upsampler(), input, input.length)).toEqual(out);
  });

  it('halves 16 kHz to 8 kHz: a 1 kHz tone passes, a 6 kHz tone is kept out of the line band', () => {
    const passed = run(new HalfbandDownsampler(), tone(1000, 16_000, 16_000), 320);
    expect(passed).toHaveLength(8000);
    expect(rms(passed) / rms(tone(1000, 16_000, 16_000))).toBeCloseTo(1, 2);
    const folded = run(new HalfbandDownsampler(), tone(6000, 16_000, 16_000), 320);
    // At least 40 dB down.
    expect(rms(folded)).toBeLessThan(rms(tone(6000, 16_000, 16_000)) / 100);
    expect(run(new HalfbandDownsampler(), tone(1000, 16_000, 16_000), 16_000)).toEqual(passed);
  });

  it('keeps the timing: an 8 kHz click comes back 1 ms (8 samples) later after a round trip', () => {
    const click = new Int16Array(800);
    click[400] = 20_000;
    const back = run(new HalfbandDownsampler(), run(upsampler(), click, 160), 320);
    expect(back).toHaveLength(808);
    const peak = back.indexOf(Math.max(...back));
    expect(peak).toBe(408);
  });
});
