import { findAgentVoice } from '@switchboard/core';
import { postForAudio, readPcmStream } from './http-pcm';
import type { SynthesisOptions, TextToSpeech } from './types';

export interface OpenAiTtsOptions {
  apiKey: string;
  /** Like the SDK's base URL: https://api.openai.com/v1 by default. */
  baseUrl?: string;
  model?: string;
}

/** OpenAI's raw `pcm` response format: 16-bit mono at 24 kHz. */
const OPENAI_PCM_RATE = 24000;
const OPENAI_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];

/** The OpenAI voice for a catalogue voice; an OpenAI voice name passes through. */
export function openAiVoiceFor(voice: string): string {
  const name = voice.trim().toLowerCase();
  if (OPENAI_VOICES.includes(name)) return name;
  const known = findAgentVoice(voice);
  if (!known) return 'nova';
  if (known.gender === 'female')
    return known.age === 'older' ? 'shimmer' : known.age === 'young' ? 'coral' : 'nova';
  return known.age === 'older' ? 'onyx' : known.age === 'young' ? 'ash' : 'echo';
}

/** OpenAI text-to-speech (`POST /audio/speech`, raw PCM streamed as it is generated). */
export class OpenAiTts implements TextToSpeech {
  readonly name = 'openai';
  readonly sandbox = false;

  constructor(private readonly options: OpenAiTtsOptions) {}

  unavailableReason(): Promise<string | null> {
    return Promise.resolve(this.options.apiKey ? null : 'OpenAI speech synthesis needs OPENAI_API_KEY');
  }

  async *synthesize(text: string, options: SynthesisOptions): AsyncGenerator<Int16Array> {
    if (!text.trim() || options.signal?.aborted) return;
    const base = (this.options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
    const response = await postForAudio(
      'OpenAI',
      `${base}/audio/speech`,
      { authorization: `Bearer ${this.options.apiKey}` },
      {
        model: this.options.model ?? 'gpt-4o-mini-tts',
        input: text,
        voice: openAiVoiceFor(options.voice),
        response_format: 'pcm',
      },
      options.signal,
    );
    if (!response) return;
    yield* readPcmStream(response, OPENAI_PCM_RATE, options.sampleRate, options.signal);
  }
}
