import { describe, expect, it } from 'vitest';
import { G711Decoder, G711Encoder } from './g711-stream';
import { rms } from './pcm';

function tone(frequency: number, sampleRate: number, seconds: number): Int16Array {
  return Int16Array.from({ length: sampleRate * seconds }, (_, i) =>
    Math.round(12000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate)),
  );
}

function middle(samples: Int16Array): Int16Array {
  return samples.subarray(samples.length / 10, (samples.length * 9) / 10);
}

function crossingsFrequency(samples: Int16Array, sampleRate: number): number {
  const part = middle(samples);
  let crossings = 0;
  for (let i = 1; i < part.length; i++) if (part[i - 1]! < 0 !== part[i]! < 0) crossings++;
  return (crossings / 2) * (sampleRate / part.length);
}

describe.each(['mulaw', 'alaw'] as const)('G.711 %s line', (law) => {
  it('carries a 24 kHz tone to the line and back to 16 kHz, chunk by chunk', () => {
    const agent = tone(1000, 24000, 1);
    const encoder = new G711Encoder(law, 24000);
    const line: number[] = [];
    for (let offset = 0; offset < agent.length; offset += 480)
      line.push(...encoder.encode(agent.subarray(offset, offset + 480)));
    line.push(...encoder.flush());
    expect(line.length).toBe(8000);

    const decoder = new G711Decoder(law);
    const heard: number[] = [];
    // 160-byte frames, as Twilio sends them.
    for (let offset = 0; offset < line.length; offset += 160)
      heard.push(...decoder.decode(Uint8Array.from(line.slice(offset, offset + 160))));
    heard.push(...decoder.flush());
    const caller = Int16Array.from(heard);
    expect(caller.length).toBe(16000);
    expect(crossingsFrequency(caller, 16000)).toBeCloseTo(1000, -1);
    expect(Math.abs(20 * Math.log10(rms(middle(caller)) / rms(middle(agent))))).toBeLessThan(0.5);
  });

  it('sends silence as the line silence code', () => {
    const codes = new G711Encoder(law, 16000).encode(new Int16Array(3200));
    expect(new Set(codes)).toEqual(new Set([law === 'mulaw' ? 0xff : 0xd5]));
  });
});
