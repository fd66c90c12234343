import { z } from 'zod';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/** Merged into the server's environment schema (with `checkLightningEnv` in a superRefine). */
export const lightningEnvShape = {
  LIGHTNING_PROVIDER: z
    .enum(['sandbox', 'lnd'], { error: () => 'must be sandbox or lnd' })
    .default('sandbox'),
  /** LND's REST listener, e.g. https://127.0.0.1:8080. */
  LND_REST_URL: httpUrl.optional(),
  /** An invoice (or admin) macaroon, hex. */
  LND_MACAROON: z
    .string()
    .trim()
    .refine((value) => /^[0-9a-fA-F]+$/.test(value), { error: 'must be the macaroon in hex' })
    .optional(),
  /** Where the BTC price in USD is read (Coinbase's spot price shape); offline it falls back to a fixed rate. */
  EXCHANGE_RATE_URL: httpUrl.default('https://api.coinbase.com/v2/prices/BTC-USD/spot'),
} satisfies z.ZodRawShape;

type LightningEnv = z.output<z.ZodObject<typeof lightningEnvShape>>;

export type LightningConfig = (
  { provider: 'sandbox' } | { provider: 'lnd'; restUrl: string; macaroon: string }
) & { exchangeRateUrl: string };

function findMissingLightningVariables(env: LightningEnv): { name: string; message: string }[] {
  if (env.LIGHTNING_PROVIDER !== 'lnd') return [];
  return (['LND_REST_URL', 'LND_MACAROON'] as const)
    .filter((name) => !env[name])
    .map((name) => ({ name, message: `${name} is required when LIGHTNING_PROVIDER is lnd` }));
}

/** A superRefine for the server's env schema: one issue per setting LND lacks. */
export function checkLightningEnv(env: LightningEnv, ctx: z.RefinementCtx): void {
  for (const { name, message } of findMissingLightningVariables(env)) {
    ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

export function lightningConfigFromEnv(env: LightningEnv): LightningConfig {
  const missing = findMissingLightningVariables(env);
  if (missing.length > 0) throw new Error(missing.map((item) => item.message).join('; '));
  const exchangeRateUrl = env.EXCHANGE_RATE_URL;
  return env.LIGHTNING_PROVIDER === 'lnd'
    ? {
        provider: 'lnd',
        restUrl: (env.LND_REST_URL ?? '').replace(/\/+$/, ''),
        macaroon: env.LND_MACAROON ?? '',
        exchangeRateUrl,
      }
    : { provider: 'sandbox', exchangeRateUrl };
}
