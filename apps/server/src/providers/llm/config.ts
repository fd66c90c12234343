import { z } from 'zod';

export const llmEnvShape = {
  LLM_PROVIDER: z
    .enum(['sandbox', 'openai'], { error: () => 'must be sandbox or openai' })
    .default('sandbox'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value), { error: 'must be an http:// or https:// URL' })
    .optional(),
  LLM_MODEL: z.string().min(1).optional(),
};

type LlmEnv = z.output<z.ZodObject<typeof llmEnvShape>>;

export type LlmConfig =
  { provider: 'sandbox' } | { provider: 'openai'; apiKey: string; baseUrl: string; model: string };

/** An OpenAI-compatible local server (Ollama, vLLM, llama.cpp) needs no key; OpenAI itself does. */
export function checkLlmEnv(values: LlmEnv, ctx: z.RefinementCtx): void {
  if (values.LLM_PROVIDER !== 'openai') return;
  const baseUrl = values.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
  if (!values.OPENAI_API_KEY && baseUrl.startsWith('https://api.openai.com')) {
    ctx.addIssue({
      code: 'custom',
      path: ['OPENAI_API_KEY'],
      message: 'OPENAI_API_KEY is required when LLM_PROVIDER=openai uses api.openai.com',
    });
  }
}

export function llmConfigFromEnv(values: LlmEnv): LlmConfig {
  if (values.LLM_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  return {
    provider: 'openai',
    apiKey: values.OPENAI_API_KEY ?? 'not-needed',
    baseUrl: (values.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
    model: values.LLM_MODEL ?? 'gpt-4.1-mini',
  };
}
