import { z } from 'zod';

/** Merged into the server's environment schema: payments received on pay pages, and referral invitations. */
export const payPagesEnvShape = {
  /** The platform's share of each payment an account receives on its pay page. */
  PAYMENT_FEE_PERCENT: z
    .string()
    .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'must be a percentage from 0 to 100 like 15')
    .default('15'),
  /** What an inviter earns when the invited account first pays. */
  REFERRAL_REWARD_USD: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be a USD amount like 5.00')
    .default('5.00'),
  /** Invitations one account may send in 24 hours. */
  INVITES_PER_DAY: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).default(20),
} satisfies z.ZodRawShape;

type PayPagesEnv = z.output<z.ZodObject<typeof payPagesEnvShape>>;

export interface PayPagesConfig {
  /** A decimal percentage string ("15"): the fee is computed in integers from it. */
  feePercent: string;
  /** A decimal USD string. */
  referralRewardUsd: string;
  invitesPerDay: number;
}

export function payPagesConfigFromEnv(env: PayPagesEnv): PayPagesConfig {
  return {
    feePercent: env.PAYMENT_FEE_PERCENT,
    referralRewardUsd: env.REFERRAL_REWARD_USD,
    invitesPerDay: env.INVITES_PER_DAY,
  };
}
