import { z } from 'zod';

export const embeddingsEnvShape = {
  EMBEDDINGS_PROVIDER: z.enum(['none', 'openai'], { error: () => 'must be none or openai' }).default('none'),
  EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
  /** An OpenAI-compatible server's base URL for /embeddings; OPENAI_BASE_URL (then OpenAI's) when unset. */
  EMBEDDINGS_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value), { error: 'must be an http:// or https:// URL' })
    .optional(),
};

type EmbeddingsEnv = z.output<z.ZodObject<typeof embeddingsEnvShape>> & {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
};

export type EmbeddingsConfig =
  { provider: 'none' } | { provider: 'openai'; apiKey: string; baseUrl: string; model: string };

const baseUrlOf = (values: EmbeddingsEnv) =>
  (values.EMBEDDINGS_BASE_URL ?? values.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');

/** OpenAI itself needs a key; a local OpenAI-compatible server (Ollama, vLLM, llama.cpp) may not. */
export function checkEmbeddingsEnv(values: EmbeddingsEnv, ctx: z.RefinementCtx): void {
  if (values.EMBEDDINGS_PROVIDER !== 'openai') return;
  if (!values.OPENAI_API_KEY && baseUrlOf(values).startsWith('https://api.openai.com')) {
    ctx.addIssue({
      code: 'custom',
      path: ['OPENAI_API_KEY'],
      message: 'OPENAI_API_KEY is required when EMBEDDINGS_PROVIDER=openai uses api.openai.com',
    });
  }
}

export function embeddingsConfigFromEnv(values: EmbeddingsEnv): EmbeddingsConfig {
  if (values.EMBEDDINGS_PROVIDER === 'none') return { provider: 'none' };
  return {
    provider: 'openai',
    apiKey: values.OPENAI_API_KEY ?? 'not-needed',
    baseUrl: baseUrlOf(values),
    model: values.EMBEDDINGS_MODEL,
  };
}
