import { z } from 'zod';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

/** Merged into the server's environment schema (with `checkPaymentsEnv` in a superRefine). */
export const paymentsEnvShape = {
  PAYMENTS_PROVIDER: z
    .enum(['sandbox', 'stripe'], { error: () => 'must be sandbox or stripe' })
    .default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .refine((value) => /^(sk|rk)_(test|live)_\S+$/.test(value), {
      error: 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)',
    })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .refine((value) => value.startsWith('whsec_'), { error: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  /** Where the Stripe API is reached (tests point it at a local fake); Stripe's own when unset. */
  STRIPE_API_URL: httpUrl.optional(),
} satisfies z.ZodRawShape;

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnvShape>>;

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl?: string | undefined };

function findMissingPaymentsVariables(env: PaymentsEnv): { name: string; message: string }[] {
  if (env.PAYMENTS_PROVIDER !== 'stripe') return [];
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    .filter((name) => !env[name])
    .map((name) => ({ name, message: `${name} is required when PAYMENTS_PROVIDER is stripe` }));
}

/** A superRefine for the server's env schema: one issue per credential Stripe lacks. */
export function checkPaymentsEnv(env: PaymentsEnv, ctx: z.RefinementCtx): void {
  for (const { name, message } of findMissingPaymentsVariables(env)) {
    ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** Throws, naming each missing credential, when Stripe is chosen without them. */
export function paymentsConfigFromEnv(env: PaymentsEnv): PaymentsConfig {
  const missing = findMissingPaymentsVariables(env);
  if (missing.length > 0) throw new Error(missing.map((item) => item.message).join('; '));
  return env.PAYMENTS_PROVIDER === 'stripe'
    ? {
        provider: 'stripe',
        secretKey: env.STRIPE_SECRET_KEY ?? '',
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        apiUrl: env.STRIPE_API_URL?.replace(/\/+$/, ''),
      }
    : { provider: 'sandbox' };
}
