import { z } from 'zod';

/** Merged into the server's environment schema. */
export const vadEnvShape = {
  VAD_PROVIDER: z.enum(['silero', 'energy'], { error: () => 'must be silero or energy' }).default('silero'),
} satisfies z.ZodRawShape;

export interface VadConfig {
  provider: 'silero' | 'energy';
}

export function vadConfigFromEnv(env: z.output<z.ZodObject<typeof vadEnvShape>>): VadConfig {
  return { provider: env.VAD_PROVIDER };
}
