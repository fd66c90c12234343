import { z } from 'zod';

/** The wallet's amounts, return addresses and the shapes its answers share. */

/** The largest single top-up, payment or refund in USD; a bigger figure is a typo, not a purchase. */
export const maxWalletUsd = 10_000;
/** Stripe's smallest USD charge. */
export const minCardUsd = 0.5;
/** The largest Lightning top-up in sats (0.1 BTC). */
export const maxWalletSats = 10_000_000;

export const hasWholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;

/** A USD amount as people type it: positive, whole cents, within bounds. */
export const usdAmount = (min = 0.01) =>
  z
    .number({ error: 'must be a number' })
    .refine((value) => Number.isFinite(value) && value > 0, { error: 'must be more than zero' })
    .refine(hasWholeCents, { error: 'must be whole cents (at most two decimals)' })
    .refine((value) => value >= min, { error: `must be at least ${min.toFixed(2)} USD` })
    .refine((value) => value <= maxWalletUsd, { error: `must be at most ${maxWalletUsd} USD` });

export const satsAmount = () =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number of sats')
    .min(1, 'must be more than zero')
    .max(maxWalletSats, `must be at most ${maxWalletSats} sats`);

export const returnUrl = z
  .string()
  .trim()
  .max(2000, 'is longer than 2000 characters')
  .refine((value) => /^https?:\/\/[^\s/?#]+(:\d+)?([/?#]\S*)?$/i.test(value), {
    error: 'must be a web address starting with https:// (or http://)',
  })
  .meta({ examples: ['https://example.com/wallet'] });

export const walletTransactionKinds = [
  'top_up',
  'usage',
  'refund',
  'reward',
  'credit_back',
  'correction',
  'payment',
  'payout',
  'fee',
  'wholesale',
] as const;

/** One line of the wallet's history as people read it. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** Why the money moved, in words. */
  reason: z.string(),
  /** Signed exact decimal: positive came in, negative went out. */
  amountUsd: z.string(),
  balanceAfterUsd: z.string(),
  /** Where it came from or went: card, lightning, usage, refunds, rewards, or another account's wallet. */
  counterparty: z.string(),
  createdAt: z.string(),
});

export type WalletTransactionView = z.infer<typeof walletTransactionSchema>;

export const walletInvoiceSchema = z.object({
  paymentRequest: z.string(),
  paymentHash: z.string(),
  amountSats: z.number().int(),
  /** What the wallet is credited, at the rate frozen when the invoice was issued. */
  amountUsd: z.string(),
  satToUsd: z.number(),
  status: z.enum(['pending', 'paid', 'cancelled', 'expired']),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** True when the invoice comes from the offline sandbox node (payable from the sandbox page). */
  sandbox: z.boolean(),
});

export type WalletInvoiceView = z.infer<typeof walletInvoiceSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amountUsd: z.string(),
  purpose: z.enum(['wallet_top_up', 'payment_link']).nullable(),
  /** True once the wallet has been credited for it. */
  credited: z.boolean(),
});

export const sandboxSessionId = z
  .string()
  .regex(/^cs_test_sandbox_[0-9a-f]{24}$/, 'must be a sandbox session id')
  .meta({ examples: [`cs_test_sandbox_${'0'.repeat(24)}`] });
