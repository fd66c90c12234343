import type { SpeechStream, SpeechStreamOptions, SpeechToText, Transcript } from './types';

/**
 * What the scripted recogniser hears: a list taken in order, or a function of the utterance. The utterance's audio
 * is kept only for a function that takes the utterance (one with a parameter): a list or `() => text` keeps none,
 * so a benchmark's calls hold no more of the caller's audio than a streaming recogniser would.
 */
export type SttScript = readonly string[] | ((utterance: { index: number; audio: Int16Array }) => string);

/**
 * In-process recognition with no I/O for tests and benchmarks: each finished stream returns the next scripted
 * transcript (an empty one when the script has run out), at once.
 */
export class ScriptedStt implements SpeechToText {
  readonly name = 'scripted';
  readonly sandbox = true;
  private utterances = 0;

  constructor(private readonly script: SttScript = []) {}

  unavailableReason(): Promise<string | null> {
    return Promise.resolve(null);
  }

  /** How many streams have finished so far. */
  get heard(): number {
    return this.utterances;
  }

  openStream(options: SpeechStreamOptions): SpeechStream {
    const chunks: Int16Array[] = [];
    const keepsAudio = typeof this.script === 'function' && this.script.length > 0;
    let samples = 0;
    let done = false;
    return {
      write: (pcm) => {
        if (done) return;
        samples += pcm.length;
        if (keepsAudio) chunks.push(pcm.slice());
      },
      finish: (): Promise<Transcript> => {
        if (done) return Promise.reject(new Error('The speech stream is already finished'));
        done = true;
        const audio = new Int16Array(keepsAudio ? samples : 0);
        chunks.reduce((offset, chunk) => (audio.set(chunk, offset), offset + chunk.length), 0);
        const index = this.utterances++;
        const text =
          typeof this.script === 'function' ? this.script({ index, audio }) : (this.script[index] ?? '');
        return Promise.resolve({ text, audioSeconds: samples / options.sampleRate, processingMs: 0 });
      },
      abort: () => {
        done = true;
      },
    };
  }
}
