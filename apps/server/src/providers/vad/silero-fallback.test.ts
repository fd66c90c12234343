import { describe, expect, it, vi } from 'vitest';
import { createSileroVadFactory } from './silero';

vi.mock('onnxruntime-node', () => ({
  InferenceSession: {
    create: () => Promise.reject(new Error('libonnxruntime.so.1: cannot open shared object file')),
  },
  Tensor: vi.fn(),
}));

describe('Silero VAD without its runtime', () => {
  it('falls back to the energy detector and says so once in the log', async () => {
    const warnings: unknown[][] = [];
    const factory = createSileroVadFactory({ warn: (...args: unknown[]) => warnings.push(args) });
    const first = await factory.create({ sampleRate: 16000, silenceMs: 500 });
    await factory.create({ sampleRate: 16000, silenceMs: 500 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toBe('The Silero VAD model could not load; using the energy detector instead');
    // The stand-in really detects: a loud half second after quiet starts a segment.
    const loud = Int16Array.from({ length: 8000 }, (_, i) => Math.round(8000 * Math.sin(i / 3)));
    const events = [...(await first.push(new Int16Array(8000))), ...(await first.push(loud))];
    expect(events.map((event) => event.type)).toEqual(['speech-start']);
  });
});
