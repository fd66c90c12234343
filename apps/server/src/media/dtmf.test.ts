import { describe, expect, it } from 'vitest';
import { DtmfDetector, dtmfTones } from './dtmf';
import { mulawDecode, mulawEncode } from './g711';
import { silence } from './pcm';

/** A voice-like signal: a glide through speech frequencies with harmonics, no steady pair of tones. */
function voiceLike(ms: number, rate: number): Int16Array {
  const out = new Int16Array(Math.round((ms * rate) / 1000));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const pitch = 120 + 60 * Math.sin((2 * Math.PI * i) / rate);
    phase += (2 * Math.PI * pitch) / rate;
    let value = 0;
    for (let harmonic = 1; harmonic <= 12; harmonic++) value += Math.sin(harmonic * phase) / harmonic;
    out[i] = Math.round(6000 * value);
  }
  return out;
}

describe('DTMF', () => {
  it('hears every keypad digit it plays, in order, at 16 kHz', () => {
    const digits = '0123456789*#ABCD';
    expect(new DtmfDetector(16_000).push(dtmfTones(digits, 16_000))).toBe(digits);
  });

  it('hears digits through 8 kHz μ-law, as a phone line carries them', () => {
    const line = mulawDecode(mulawEncode(dtmfTones('5551#', 8000)));
    expect(new DtmfDetector(8000).push(line)).toBe('5551#');
  });

  it('hears a repeated digit twice only when a pause separates them', () => {
    const detector = new DtmfDetector(16_000);
    detector.push(dtmfTones('77', 16_000));
    expect(detector.digits).toBe('77');
    // One long tone is one press.
    expect(new DtmfDetector(16_000).push(dtmfTones('7', 16_000, { toneMs: 400 }))).toBe('7');
  });

  it('skips what is not a keypad digit, and makes no sound for it', () => {
    expect(dtmfTones('x', 16_000)).toHaveLength(0);
    expect(new DtmfDetector(16_000).push(dtmfTones('1x2', 16_000))).toBe('12');
  });

  it('hears no digit in silence or in a voice', () => {
    const detector = new DtmfDetector(16_000);
    detector.push(silence(500, 16_000));
    detector.push(voiceLike(2000, 16_000));
    expect(detector.digits).toBe('');
  });

  it('a press too short for a phone (20 ms) is not a digit', () => {
    expect(new DtmfDetector(16_000).push(dtmfTones('9', 16_000, { toneMs: 20 }))).toBe('');
  });
});
