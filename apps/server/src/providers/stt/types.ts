/** Speech-to-text. Audio is signed 16-bit little-endian mono PCM at the stream's sample rate. */
export interface SpeechToText {
  readonly name: string;
  readonly sandbox: boolean;
  /** Null when the provider can run here; otherwise why not (e.g. a missing Debian package), said plainly. */
  unavailableReason(): Promise<string | null>;
  /** One utterance (or a continuous stream): write audio as it arrives, then finish to get the final text. */
  openStream(options: SpeechStreamOptions): SpeechStream;
}

export interface SpeechStreamOptions {
  sampleRate: number;
  /** BCP 47, e.g. en-US (the agent's agentLang; `multi` lets the provider detect). */
  language: string;
  /** Called with interim hypotheses when the provider has them (streaming vendors). */
  onPartial?: (text: string) => void;
  /** What callers are likely to talk about (the agent's prompt and knowledge), for recognisers that can be biased. */
  hints?: readonly string[];
}

export interface SpeechStream {
  write(pcm: Int16Array): void;
  /** Ends the audio and resolves with the transcript of everything written. */
  finish(): Promise<Transcript>;
  /** Drops the stream without a result (barge-in, hang-up). */
  abort(): void;
}

export interface Transcript {
  text: string;
  /** Seconds of audio transcribed (the usage unit). */
  audioSeconds: number;
  /** The provider's own processing time, milliseconds (benchmarks subtract it). */
  processingMs: number;
}
