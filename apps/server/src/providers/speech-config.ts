import type { Logger } from 'pino';
import { z } from 'zod';
import type { llmEnvShape } from './llm/llm-config';
import { DeepgramStt } from './stt/deepgram-stt';
import { PocketsphinxStt } from './stt/pocketsphinx-stt';
import { ScriptedStt, type SttScript } from './stt/scripted-stt';
import type { SpeechToText } from './stt/types';
import { ElevenLabsTts } from './tts/elevenlabs-tts';
import { FliteTts } from './tts/flite-tts';
import { OpenAiTts } from './tts/openai-tts';
import { SilentTts } from './tts/silent-tts';
import type { TextToSpeech } from './tts/types';
import { energyVadFactory } from './vad/energy-vad';
import { createSileroVadFactory } from './vad/silero-vad';
import type { VadFactory } from './vad/types';

const wsUrl = z
  .string()
  .refine((value) => /^wss?:\/\/[^/]/.test(value), { error: 'must be a ws:// or wss:// URL' });
const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/**
 * Merged into the server's environment schema (with `checkSpeechEnv` in a superRefine). OPENAI_API_KEY and
 * OPENAI_BASE_URL come from the model provider's shape: one OpenAI account serves both.
 */
export const speechEnvShape = {
  STT_PROVIDER: z.enum(['sandbox', 'deepgram'], { error: () => 'must be sandbox or deepgram' }).optional(),
  TTS_PROVIDER: z
    .enum(['sandbox', 'elevenlabs', 'openai'], { error: () => 'must be sandbox, elevenlabs or openai' })
    .optional(),
  VAD_PROVIDER: z.enum(['silero', 'energy'], { error: () => 'must be silero or energy' }).default('silero'),
  DEEPGRAM_API_KEY: z.string().trim().min(1).optional(),
  DEEPGRAM_URL: wsUrl.optional(),
  ELEVENLABS_API_KEY: z.string().trim().min(1).optional(),
  ELEVENLABS_URL: httpUrl.optional(),
} satisfies z.ZodRawShape;

type SpeechEnv = z.output<z.ZodObject<typeof speechEnvShape>> &
  Partial<Pick<z.output<z.ZodObject<typeof llmEnvShape>>, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>>;

export interface SpeechConfig {
  stt: { provider: 'sandbox' } | { provider: 'deepgram'; apiKey: string; url?: string };
  tts:
    | { provider: 'sandbox' }
    | { provider: 'elevenlabs'; apiKey: string; url?: string }
    | { provider: 'openai'; apiKey: string; baseUrl: string };
  vad: { provider: 'silero' | 'energy' };
}

const OPENAI_API = 'https://api.openai.com/v1';

/**
 * Unset providers follow the keys: Deepgram recognises speech when DEEPGRAM_API_KEY is set and ElevenLabs speaks
 * when ELEVENLABS_API_KEY is; otherwise the offline sandbox. OpenAI speaks only when TTS_PROVIDER=openai, since
 * its key usually is there for the language model.
 */
function chooseProviders(env: SpeechEnv) {
  return {
    stt: env.STT_PROVIDER ?? (env.DEEPGRAM_API_KEY ? 'deepgram' : 'sandbox'),
    tts: env.TTS_PROVIDER ?? (env.ELEVENLABS_API_KEY ? 'elevenlabs' : 'sandbox'),
  };
}

function findMissingSpeechVariables(env: SpeechEnv): { name: string; message: string }[] {
  const { stt, tts } = chooseProviders(env);
  const missing: { name: string; message: string }[] = [];
  if (stt === 'deepgram' && !env.DEEPGRAM_API_KEY) {
    missing.push({
      name: 'DEEPGRAM_API_KEY',
      message: 'DEEPGRAM_API_KEY is required when STT_PROVIDER is deepgram',
    });
  }
  if (tts === 'elevenlabs' && !env.ELEVENLABS_API_KEY) {
    missing.push({
      name: 'ELEVENLABS_API_KEY',
      message: 'ELEVENLABS_API_KEY is required when TTS_PROVIDER is elevenlabs',
    });
  }
  if (tts === 'openai' && !env.OPENAI_API_KEY && (env.OPENAI_BASE_URL ?? OPENAI_API).startsWith(OPENAI_API)) {
    missing.push({
      name: 'OPENAI_API_KEY',
      message: 'OPENAI_API_KEY is required when TTS_PROVIDER is openai and speaks through api.openai.com',
    });
  }
  return missing;
}

/** A superRefine for the server's env schema: one issue per key a chosen speech provider lacks. */
export function checkSpeechEnv(env: SpeechEnv, ctx: z.RefinementCtx): void {
  for (const { name, message } of findMissingSpeechVariables(env)) {
    ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** Throws, naming every missing key, when a chosen vendor has none. */
export function speechConfigFromEnv(env: SpeechEnv): SpeechConfig {
  const missing = findMissingSpeechVariables(env);
  if (missing.length > 0) throw new Error(missing.map((item) => item.message).join('; '));
  const { stt, tts } = chooseProviders(env);
  return {
    stt:
      stt === 'deepgram'
        ? { provider: 'deepgram', apiKey: env.DEEPGRAM_API_KEY ?? '', url: env.DEEPGRAM_URL }
        : { provider: 'sandbox' },
    tts:
      tts === 'elevenlabs'
        ? { provider: 'elevenlabs', apiKey: env.ELEVENLABS_API_KEY ?? '', url: env.ELEVENLABS_URL }
        : tts === 'openai'
          ? {
              provider: 'openai',
              apiKey: env.OPENAI_API_KEY ?? 'not-needed',
              baseUrl: (env.OPENAI_BASE_URL ?? OPENAI_API).replace(/\/+$/, ''),
            }
          : { provider: 'sandbox' },
    vad: { provider: env.VAD_PROVIDER },
  };
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
  const stt =
    config.stt.provider === 'deepgram'
      ? new DeepgramStt({ apiKey: config.stt.apiKey, url: config.stt.url })
      : new PocketsphinxStt();
  const tts =
    config.tts.provider === 'elevenlabs'
      ? new ElevenLabsTts({ apiKey: config.tts.apiKey, url: config.tts.url })
      : config.tts.provider === 'openai'
        ? new OpenAiTts({ apiKey: config.tts.apiKey, baseUrl: config.tts.baseUrl })
        : new FliteTts();
  const vad = config.vad.provider === 'energy' ? energyVadFactory : createSileroVadFactory(options.logger);
  return { stt, tts, vad };
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
