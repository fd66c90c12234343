import { Downsampler, floatToInt16, rmsLevel } from './downsampler';

// The AudioWorklet global scope; TypeScript's DOM library does not describe it.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: unknown);
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions: CaptureOptions }) => AudioWorkletProcessor,
): void;

export interface CaptureOptions {
  /** The rate the server expects (16 kHz). */
  outputRate: number;
  /** Samples per posted frame (320 = 20 ms at 16 kHz). */
  frameSamples: number;
}

/** What the processor posts: one frame of 16-bit PCM (transferred) and its level, or why it cannot run. */
export type CaptureMessage = { pcm: ArrayBuffer; level: number } | { error: string };

/**
 * Runs on the audio thread: takes the microphone at the context's rate (usually 48 kHz), low-pass filters and
 * resamples it to 16 kHz, and posts 20 ms frames of 16-bit PCM to the page.
 */
class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly downsampler: Downsampler | null;
  private readonly frame: Float32Array;
  private filled = 0;

  constructor(options: { processorOptions: CaptureOptions }) {
    super(options);
    const { outputRate, frameSamples } = options.processorOptions;
    this.frame = new Float32Array(frameSamples);
    let downsampler: Downsampler | null = null;
    try {
      downsampler = new Downsampler(sampleRate, outputRate);
    } catch (error) {
      this.port.postMessage({
        error: error instanceof Error ? error.message : String(error),
      } satisfies CaptureMessage);
    }
    this.downsampler = downsampler;
  }

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel || !this.downsampler) return true;
    const samples = this.downsampler.push(channel);
    for (const sample of samples) {
      this.frame[this.filled] = sample;
      this.filled += 1;
      if (this.filled === this.frame.length) {
        const pcm = floatToInt16(this.frame);
        this.port.postMessage({ pcm: pcm.buffer, level: rmsLevel(this.frame) } satisfies CaptureMessage, [
          pcm.buffer,
        ]);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
