import { z } from 'zod';
import type { llmEnvShape } from '../llm/config';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/**
 * Merged into the server's environment schema (with `checkTtsEnv` in a superRefine). OPENAI_API_KEY and
 * OPENAI_BASE_URL come from the model provider's shape: one OpenAI account serves both.
 */
export const ttsEnvShape = {
  TTS_PROVIDER: z
    .enum(['sandbox', 'elevenlabs', 'openai'], { error: () => 'must be sandbox, elevenlabs or openai' })
    .optional(),
  ELEVENLABS_API_KEY: z.string().trim().min(1).optional(),
  ELEVENLABS_URL: httpUrl.optional(),
} satisfies z.ZodRawShape;

type TtsEnv = z.output<z.ZodObject<typeof ttsEnvShape>> &
  Partial<Pick<z.output<z.ZodObject<typeof llmEnvShape>>, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>>;

export type TtsConfig =
  | { provider: 'sandbox' }
  | { provider: 'elevenlabs'; apiKey: string; url?: string }
  | { provider: 'openai'; apiKey: string; baseUrl: string };

const OPENAI_API = 'https://api.openai.com/v1';

/**
 * An unset TTS_PROVIDER follows the key: ElevenLabs speaks when ELEVENLABS_API_KEY is set, otherwise the offline
 * sandbox. OpenAI speaks only when TTS_PROVIDER=openai, since its key usually is there for the language model.
 */
function chooseTts(env: TtsEnv): 'sandbox' | 'elevenlabs' | 'openai' {
  return env.TTS_PROVIDER ?? (env.ELEVENLABS_API_KEY ? 'elevenlabs' : 'sandbox');
}

function findMissingTtsVariables(env: TtsEnv): { name: string; message: string }[] {
  const tts = chooseTts(env);
  const missing: { name: string; message: string }[] = [];
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

/** A superRefine for the server's env schema: one issue per key the chosen synthesiser lacks. */
export function checkTtsEnv(env: TtsEnv, ctx: z.RefinementCtx): void {
  for (const { name, message } of findMissingTtsVariables(env)) {
    ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** Throws, naming every missing key, when the chosen vendor has none. */
export function ttsConfigFromEnv(env: TtsEnv): TtsConfig {
  const missing = findMissingTtsVariables(env);
  if (missing.length > 0) throw new Error(missing.map((item) => item.message).join('; '));
  const tts = chooseTts(env);
  if (tts === 'elevenlabs') {
    return { provider: 'elevenlabs', apiKey: env.ELEVENLABS_API_KEY ?? '', url: env.ELEVENLABS_URL };
  }
  if (tts === 'openai') {
    return {
      provider: 'openai',
      apiKey: env.OPENAI_API_KEY ?? 'not-needed',
      baseUrl: (env.OPENAI_BASE_URL ?? OPENAI_API).replace(/\/+$/, ''),
    };
  }
  return { provider: 'sandbox' };
}
