import { z } from 'zod';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value), { error: 'must be an http:// or https:// URL' });

const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number of ${unit}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Merged into the server's environment schema. */
export const payoutsEnvShape = {
  /** Days card-funded money stays in the wallet before it can be withdrawn (chargebacks arrive for months). */
  WITHDRAWAL_HOLD_DAYS: wholeNumber(0, 365, 'days').default(30),
  /** PayPal Payouts credentials; without them PayPal and Venmo payouts go to the offline sandbox. */
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_API_URL: httpUrl.default('https://api-m.paypal.com'),
  /** The webhook's id at PayPal, needed to verify its deliveries. */
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
} satisfies z.ZodRawShape;

type PayoutsEnv = z.output<z.ZodObject<typeof payoutsEnvShape>> & { NODE_ENV: string };

export interface PayoutsConfig {
  holdDays: number;
  paypal:
    | { provider: 'sandbox' }
    | {
        provider: 'paypal';
        clientId: string;
        clientSecret: string;
        apiUrl: string;
        webhookId: string | null;
      };
  /** Lightning addresses on loopback may be read over http (tests); anything else over https only. */
  lnurlLoopbackHttp: boolean;
}

export function payoutsConfigFromEnv(env: PayoutsEnv): PayoutsConfig {
  if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
    throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set together or not at all');
  }
  return {
    holdDays: env.WITHDRAWAL_HOLD_DAYS,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            provider: 'paypal',
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            apiUrl: env.PAYPAL_API_URL.replace(/\/+$/, ''),
            webhookId: env.PAYPAL_WEBHOOK_ID ?? null,
          }
        : { provider: 'sandbox' },
    lnurlLoopbackHttp: env.NODE_ENV !== 'production',
  };
}
