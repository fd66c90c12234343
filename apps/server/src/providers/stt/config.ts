import { z } from 'zod';

const wsUrl = z
  .string()
  .refine((value) => /^wss?:\/\/[^/]/.test(value), { error: 'must be a ws:// or wss:// URL' });

/** Merged into the server's environment schema (with `checkSttEnv` in a superRefine). */
export const sttEnvShape = {
  STT_PROVIDER: z.enum(['sandbox', 'deepgram'], { error: () => 'must be sandbox or deepgram' }).optional(),
  DEEPGRAM_API_KEY: z.string().trim().min(1).optional(),
  DEEPGRAM_URL: wsUrl.optional(),
} satisfies z.ZodRawShape;

type SttEnv = z.output<z.ZodObject<typeof sttEnvShape>>;

export type SttConfig = { provider: 'sandbox' } | { provider: 'deepgram'; apiKey: string; url?: string };

/** An unset STT_PROVIDER follows the key: Deepgram when DEEPGRAM_API_KEY is set, otherwise the offline sandbox. */
function chooseStt(env: SttEnv): 'sandbox' | 'deepgram' {
  return env.STT_PROVIDER ?? (env.DEEPGRAM_API_KEY ? 'deepgram' : 'sandbox');
}

function findMissingSttVariables(env: SttEnv): { name: string; message: string }[] {
  if (chooseStt(env) === 'deepgram' && !env.DEEPGRAM_API_KEY) {
    return [
      { name: 'DEEPGRAM_API_KEY', message: 'DEEPGRAM_API_KEY is required when STT_PROVIDER is deepgram' },
    ];
  }
  return [];
}

/** A superRefine for the server's env schema: one issue per key the chosen recogniser lacks. */
export function checkSttEnv(env: SttEnv, ctx: z.RefinementCtx): void {
  for (const { name, message } of findMissingSttVariables(env)) {
    ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** Throws, naming the missing key, when the chosen vendor has none. */
export function sttConfigFromEnv(env: SttEnv): SttConfig {
  const missing = findMissingSttVariables(env);
  if (missing.length > 0) throw new Error(missing.map((item) => item.message).join('; '));
  return chooseStt(env) === 'deepgram'
    ? { provider: 'deepgram', apiKey: env.DEEPGRAM_API_KEY ?? '', url: env.DEEPGRAM_URL }
    : { provider: 'sandbox' };
}
