import { describe, expect, it } from 'vitest';
import { mulaw8k, pcm16k, pipelineRate } from './line-codec';
import { alaw8k } from './sip/sip-call-channel';

/** 20 ms of a 440 Hz tone at `rate`. */
const tone = (rate: number) =>
  Int16Array.from({ length: rate / 50 }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)),
  );

describe('line codecs', () => {
  it.each([
    ['μ-law', mulaw8k],
    ['A-law', alaw8k],
  ])('%s: 20 ms of audio at the pipeline’s rate or at the line’s own is one 160-byte frame', (_, codec) => {
    for (const rate of [pipelineRate, codec.mediaFormat.sampleRate]) {
      const encoder = codec.encoder(rate);
      // Ten frames in, ten frames out (filters may hold a few samples back until the flush).
      let bytes = 0;
      for (let i = 0; i < 10; i++) bytes += encoder.encode(tone(rate)).length;
      bytes += encoder.flush().length;
      expect(bytes).toBe(10 * codec.frameBytes);
    }
  });

  it('carries the sandbox line’s 16 kHz as it is', () => {
    const encoded = pcm16k.encoder(pipelineRate).encode(tone(pipelineRate));
    expect(encoded.length).toBe(pcm16k.frameBytes);
    expect(pcm16k.decoder().decode(encoded)).toEqual(tone(pipelineRate));
  });
});
