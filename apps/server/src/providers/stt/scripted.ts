import type { SpeechStream, SpeechStreamOptions, SpeechToText, Transcript } from './types';

/** What the scripted recogniser hears: a list taken in order, or a function of the utterance. */
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
    let done = false;
    return {
      write: (pcm) => {
        if (!done) chunks.push(pcm.slice());
      },
      finish: (): Promise<Transcript> => {
        if (done) return Promise.reject(new Error('The speech stream is already finished'));
        done = true;
        const audio = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
        chunks.reduce((offset, chunk) => (audio.set(chunk, offset), offset + chunk.length), 0);
        const index = this.utterances++;
        const text =
          typeof this.script === 'function' ? this.script({ index, audio }) : (this.script[index] ?? '');
        return Promise.resolve({ text, audioSeconds: audio.length / options.sampleRate, processingMs: 0 });
      },
      abort: () => {
        done = true;
      },
    };
  }
}
