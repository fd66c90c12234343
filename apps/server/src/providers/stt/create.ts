import type { SttConfig } from './config';
import { DeepgramStt } from './deepgram';
import { PocketsphinxStt } from './pocketsphinx';
import type { SpeechToText } from './types';

/** The sandbox recogniser is pocketsphinx: offline, decoding in its own process per stream. */
export function createStt(config: SttConfig): SpeechToText {
  return config.provider === 'deepgram'
    ? new DeepgramStt({ apiKey: config.apiKey, url: config.url })
    : new PocketsphinxStt();
}
