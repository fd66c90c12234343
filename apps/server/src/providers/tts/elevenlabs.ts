import { findAgentVoice } from '@switchboard/core';
import { postForAudio, readPcmStream } from './http-pcm';
import type { SynthesisOptions, TextToSpeech } from './types';

export interface ElevenLabsOptions {
  apiKey: string;
  /** API base (tests point it at a fake on loopback). */
  url?: string;
  model?: string;
}

/** Rates ElevenLabs streams raw PCM at; other requested rates are resampled from 16 kHz. */
const PCM_RATES = [8000, 16000, 22050, 24000, 44100, 48000];

/** ElevenLabs premade voices standing in for the catalogue by gender and age. */
const PREMADE = {
  femaleYoung: 'EXAVITQu4vr4xnSDxMaL',
  female: '21m00Tcm4TlvDq8ikWAM',
  maleYoung: 'TxGEqnHWrfWFTfGW9XjX',
  male: 'pNInz6obpgDQGcFmaJgB',
  maleOlder: 'VR6AewLTigWG4xSOukaG',
} as const;

/** The ElevenLabs voice id for a catalogue voice; a value that already is a voice id passes through. */
export function elevenLabsVoiceFor(voice: string): string {
  if (/^[A-Za-z0-9]{20}$/.test(voice)) return voice;
  const known = findAgentVoice(voice);
  if (!known) return PREMADE.female;
  if (known.gender === 'female') return known.age === 'young' ? PREMADE.femaleYoung : PREMADE.female;
  return known.age === 'young' ? PREMADE.maleYoung : known.age === 'older' ? PREMADE.maleOlder : PREMADE.male;
}

/** ElevenLabs streaming synthesis (raw PCM, multilingual flash model). */
export class ElevenLabsTts implements TextToSpeech {
  readonly name = 'elevenlabs';
  readonly sandbox = false;
  readonly nativeRates = PCM_RATES;

  constructor(private readonly options: ElevenLabsOptions) {}

  unavailableReason(): Promise<string | null> {
    return Promise.resolve(
      this.options.apiKey ? null : 'ElevenLabs speech synthesis needs ELEVENLABS_API_KEY',
    );
  }

  async *synthesize(text: string, options: SynthesisOptions): AsyncGenerator<Int16Array> {
    if (!text.trim() || options.signal?.aborted) return;
    const rate = PCM_RATES.includes(options.sampleRate) ? options.sampleRate : 16000;
    const base = (this.options.url ?? 'https://api.elevenlabs.io').replace(/\/+$/, '');
    const voiceId = encodeURIComponent(elevenLabsVoiceFor(options.voice));
    const language = options.language === 'multi' ? undefined : options.language.split('-')[0];
    const response = await postForAudio(
      'ElevenLabs',
      `${base}/v1/text-to-speech/${voiceId}/stream?output_format=pcm_${rate}`,
      { 'xi-api-key': this.options.apiKey },
      { text, model_id: this.options.model ?? 'eleven_flash_v2_5', language_code: language },
      options.signal,
    );
    if (!response) return;
    yield* readPcmStream(response, rate, options.sampleRate, options.signal);
  }
}
