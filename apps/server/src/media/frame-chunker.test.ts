import { describe, expect, it } from 'vitest';
import { FrameChunker, frameSamples } from './frame-chunker';
import { bytesToPcm16, concatPcm16, float32ToPcm16, levelDbfs, pcm16ToBuffer, pcm16ToFloat32 } from './pcm';

describe('FrameChunker', () => {
  it('cuts uneven chunks into exact 20 ms frames and keeps the remainder', () => {
    expect(frameSamples(8000)).toBe(160);
    expect(frameSamples(16000)).toBe(320);
    expect(frameSamples(48000, 10)).toBe(480);
    const chunker = new FrameChunker(160);
    const input = Int16Array.from({ length: 500 }, (_, i) => i);
    const frames = [...chunker.push(input.subarray(0, 100)), ...chunker.push(input.subarray(100, 500))];
    expect(frames.map((frame) => frame.length)).toEqual([160, 160, 160]);
    expect(concatPcm16(frames)).toEqual(input.subarray(0, 480));
    expect(chunker.buffered).toBe(20);
    const [last] = chunker.flush();
    expect(last?.length).toBe(160);
    expect([...last!.subarray(0, 20)]).toEqual([...input.subarray(480)]);
    expect(last!.subarray(20).every((sample) => sample === 0)).toBe(true);
    expect(chunker.flush()).toEqual([]);
  });
});

describe('PCM helpers', () => {
  it('converts little-endian bytes and back, also from an odd byte offset', () => {
    const bytes = Buffer.from([0xff, 0x01, 0x00, 0x00, 0x80, 0xff, 0x7f]);
    const samples = bytesToPcm16(bytes.subarray(1));
    expect([...samples]).toEqual([1, -32768, 32767]);
    expect([...pcm16ToBuffer(samples)]).toEqual([0x01, 0x00, 0x00, 0x80, 0xff, 0x7f]);
  });

  it('converts to floats and back without loss, clipping out-of-range floats', () => {
    const samples = Int16Array.of(-32768, -1, 0, 1, 32767);
    expect(float32ToPcm16(pcm16ToFloat32(samples))).toEqual(samples);
    expect([...float32ToPcm16(Float32Array.of(1.5, -2))]).toEqual([32767, -32768]);
  });

  it('measures level in dBFS', () => {
    expect(levelDbfs(new Int16Array(100))).toBe(-120);
    expect(levelDbfs(new Int16Array(100).fill(16384))).toBeCloseTo(-6.02, 1);
  });
});
