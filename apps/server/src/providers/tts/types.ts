/** Text-to-speech. Audio is signed 16-bit little-endian mono PCM at the requested sample rate. */
export interface TextToSpeech {
  readonly name: string;
  readonly sandbox: boolean;
  /** Null when the provider can run here; otherwise why not, said plainly. */
  unavailableReason(): Promise<string | null>;
  /** Streams the spoken text in chunks as they are ready; stops early when the signal aborts (barge-in). */
  synthesize(text: string, options: SynthesisOptions): AsyncIterable<Int16Array>;
}

export interface SynthesisOptions {
  /** The agent's agentVoice (a catalogue name such as "Asteria"); providers map it to one of theirs. */
  voice: string;
  language: string;
  sampleRate: number;
  signal?: AbortSignal;
}
