import type { Logger } from 'pino';
import type { SttConfig } from '../stt/config';
import { createStt } from '../stt/create';
import { ScriptedStt, type SttScript } from '../stt/scripted';
import type { SpeechToText } from '../stt/types';
import type { TtsConfig } from '../tts/config';
import { createTts } from '../tts/create';
import { SilentTts } from '../tts/silent';
import type { TextToSpeech } from '../tts/types';
import type { VadConfig } from '../vad/config';
import { createVad } from '../vad/create';
import { energyVadFactory } from '../vad/energy';
import type { VadFactory } from '../vad/types';

/** The speech settings of voice calls: each kind's own config, side by side. */
export interface SpeechConfig {
  stt: SttConfig;
  tts: TtsConfig;
  vad: VadConfig;
}

/** What a voice conversation listens and speaks with. */
export interface SpeechProviders {
  stt: SpeechToText;
  tts: TextToSpeech;
  vad: VadFactory;
}

/** The configured speech providers (one set per process; streams and detectors are per call). */
export function createSpeechProviders(
  config: SpeechConfig,
  options: { logger?: Pick<Logger, 'warn'> } = {},
): SpeechProviders {
  return { stt: createStt(config.stt), tts: createTts(config.tts), vad: createVad(config.vad, options) };
}

/**
 * In-process providers with no I/O, for tests and benchmarks: recognition returns the scripted transcripts in
 * order, synthesis yields silence as long as the text would take to say, detection is the energy detector.
 */
export function instantSpeechProviders(options: { transcripts?: SttScript } = {}): SpeechProviders & {
  stt: ScriptedStt;
} {
  return { stt: new ScriptedStt(options.transcripts), tts: new SilentTts(), vad: energyVadFactory };
}
