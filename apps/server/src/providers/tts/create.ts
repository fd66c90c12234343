import type { TtsConfig } from './config';
import { ElevenLabsTts } from './elevenlabs';
import { FliteTts } from './flite';
import { OpenAiTts } from './openai';
import type { TextToSpeech } from './types';

/** The sandbox synthesiser is flite (espeak-ng for languages flite has no voice for): offline, on this machine. */
export function createTts(config: TtsConfig): TextToSpeech {
  switch (config.provider) {
    case 'elevenlabs':
      return new ElevenLabsTts({ apiKey: config.apiKey, url: config.url });
    case 'openai':
      return new OpenAiTts({ apiKey: config.apiKey, baseUrl: config.baseUrl });
    case 'sandbox':
      return new FliteTts();
  }
}
