import type { SynthesisOptions, TextToSpeech } from './types';

/** Speaking time the silent voice gives each character of text, ms (about 15 characters a second). */
export const SILENT_MS_PER_CHARACTER = 60;

/**
 * In-process synthesis with no I/O for tests and benchmarks: silence as long as the text would take to say, in
 * 100 ms chunks (as flite's audio is handed on), all available at once.
 */
export class SilentTts implements TextToSpeech {
  readonly name = 'silent';
  readonly sandbox = true;
  readonly nativeRates = 'any';

  unavailableReason(): Promise<string | null> {
    return Promise.resolve(null);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- an async generator is the interface's shape
  async *synthesize(text: string, options: SynthesisOptions): AsyncGenerator<Int16Array> {
    const spoken = text.trim().length;
    if (spoken === 0) return;
    const frame = Math.round(options.sampleRate / 50);
    const frames = Math.ceil((spoken * SILENT_MS_PER_CHARACTER) / 20);
    for (let sent = 0; sent < frames; sent += 5) {
      if (options.signal?.aborted) return;
      yield new Int16Array(frame * Math.min(5, frames - sent));
    }
  }
}
