/** Voice activity detection over a continuous 16 kHz mono PCM stream, one per call. */
export interface VoiceActivityDetector {
  /** Feeds audio (any length); returns the events it caused, in order. */
  push(pcm: Int16Array): Promise<VadEvent[]>;
  /**
   * The same at once, when the detector can decide without waiting (no model to run, nothing queued before):
   * the events; null when it cannot, and then the audio was not taken (push it instead).
   */
  pushNow?(pcm: Int16Array): VadEvent[] | null;
  /** Ends the stream: a speech segment still open ends now. */
  flush(): Promise<VadEvent[]>;
  reset(): void;
}

export type VadEvent =
  /**
   * The caller started speaking (barge-in when the agent is talking). `audio`, when given, is the utterance so
   * far (pre-roll included) up to the end of the audio passed to the push that reported it: a recogniser opened
   * now gets `audio` and then every later push until speech-end, and can decode while the caller speaks.
   */
  | { type: 'speech-start'; atMs: number; audio?: Int16Array }
  /**
   * End of utterance: the caller stopped for the configured silence; `audio` is the whole utterance, or empty
   * when the detector follows the speech (`followsSpeech`) and handed the audio over at speech-start.
   */
  | { type: 'speech-end'; atMs: number; audio: Int16Array }
  /** Speech too short to be an utterance (a cough, a click): start was reported, no end follows. */
  | { type: 'misfire'; atMs: number };

export interface VadOptions {
  sampleRate: 16000;
  /** Silence that ends a turn, ms (the agent's speakingTimeout). */
  silenceMs: number;
  /** Shorter speech is a misfire, ms. */
  minSpeechMs?: number;
  /**
   * The consumer follows the speech: it takes speech-start's audio and every later push itself (a streaming
   * recogniser), so the detector keeps no more of an utterance than the next one's pre-roll, and speech-end
   * carries the utterance only when speech-start handed none over. A call holds no second copy of what its
   * caller is saying.
   */
  followsSpeech?: boolean;
}

export interface VadFactory {
  readonly name: string;
  create(options: VadOptions): Promise<VoiceActivityDetector>;
}
