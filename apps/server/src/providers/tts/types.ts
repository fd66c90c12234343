/** Text-to-speech. Audio is signed 16-bit little-endian mono PCM at the requested sample rate. */
export interface TextToSpeech {
  readonly name: string;
  readonly sandbox: boolean;
  /** Null when the provider can run here; otherwise why not, said plainly. */
  unavailableReason(): Promise<string | null>;
  /**
   * Rates the provider makes audio at without resampling it ('any': whatever is asked). A phone line asks for
   * its own 8 kHz when the provider makes it, rather than 16 kHz halved again for the line.
   */
  readonly nativeRates?: readonly number[] | 'any';
  /** Streams the spoken text in chunks as they are ready; stops early when the signal aborts (barge-in). */
  synthesize(text: string, options: SynthesisOptions): AsyncIterable<Int16Array>;
}

/** Whether `tts` makes audio at `rate` without resampling it. */
export function makesRate(tts: Pick<TextToSpeech, 'nativeRates'>, rate: number): boolean {
  return tts.nativeRates === 'any' || (tts.nativeRates?.includes(rate) ?? false);
}

export interface SynthesisOptions {
  /** The agent's agentVoice (a catalogue name such as "Asteria"); providers map it to one of theirs. */
  voice: string;
  language: string;
  sampleRate: number;
  signal?: AbortSignal;
}
