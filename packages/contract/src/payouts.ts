import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';
import { usdAmount } from './wallet';

export const payoutChannels = ['lightning', 'paypal', 'venmo', 'stripe'] as const;
export type PayoutChannel = (typeof payoutChannels)[number];

/** One withdrawal as its account reads it. */
export const payoutSchema = z.object({
  id: z.string(),
  channel: z.enum(payoutChannels),
  /** The Lightning address, PayPal email, Venmo handle or connected account it went to. */
  destination: z.string(),
  amountUsd: z.string().meta({ examples: ['25.00'] }),
  /** pending: held from the wallet while the provider works; returned: paid, then sent back by the provider. */
  status: z.enum(['pending', 'paid', 'failed', 'returned']),
  failureReason: z.string().nullable(),
  /** True when an offline sandbox stood in for the provider (no money moved anywhere). */
  sandbox: z.boolean(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export type PayoutView = z.infer<typeof payoutSchema>;

const amountUsd = usdAmount(0.01).meta({ examples: [25] });

const lightningAddress = z
  .string({ error: 'must be a Lightning address' })
  .trim()
  .min(3, 'must be a Lightning address (name@example.com) or an LNURL (lnurl1…)')
  .max(2000, 'is longer than 2000 characters')
  .meta({ examples: ['alice@example.com'] });

const paypalEmail = z
  .string({ error: 'must be an email address' })
  .trim()
  .max(127, 'is longer than 127 characters')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'must be the email address of a PayPal account')
  .meta({ examples: ['alice@example.com'] });

const venmoHandle = z
  .string({ error: 'must be a Venmo handle or US mobile number' })
  .trim()
  .refine(
    (value) =>
      /^@?[A-Za-z0-9_-]{5,30}$/.test(value) ||
      /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/.test(value),
    { error: 'must be a Venmo handle (@name, 5 to 30 letters, digits, - or _) or a US mobile number' },
  )
  .meta({ examples: ['@alice-smith'] });

const returnUrl = z
  .string()
  .trim()
  .max(2000, 'is longer than 2000 characters')
  .refine((value) => /^https?:\/\/[^\s/?#]+(:\d+)?([/?#]\S*)?$/i.test(value), {
    error: 'must be a web address starting with https:// (or http://)',
  })
  .meta({ examples: ['https://example.com/app/payout/connect/success'] });

const payoutBody = okBody({ payout: payoutSchema });

export const payoutsEndpoints = {
  payoutsOverview: defineEndpoint({
    area: 'payouts',
    method: 'GET',
    path: '/api/v1/payouts',
    summary: 'What the acting account can withdraw now, what is held and until when, and its recent payouts',
    description:
      'Card-funded money stays withdrawable only after the hold (WITHDRAWAL_HOLD_DAYS, 30 by default); a ' +
      'pending PayPal or Venmo payout is read back from PayPal here until it is final.',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    response: okBody({
      availableUsd: z.string(),
      withdrawableUsd: z.string(),
      /** Card-funded money still inside its hold. */
      heldUsd: z.string(),
      holdDays: z.number().int(),
      /** When the oldest held card payment becomes withdrawable; null when nothing is held. */
      heldUntil: z.string().nullable(),
      /** Whether each channel goes to the offline sandbox (labelled as such) or the real provider. */
      channels: z.object({
        lightning: z.object({ sandbox: z.boolean() }),
        paypal: z.object({ sandbox: z.boolean() }),
        stripe: z.object({ sandbox: z.boolean() }),
      }),
      payouts: z.array(payoutSchema),
    }),
  }),
  requestWithdrawal: defineEndpoint({
    area: 'payouts',
    method: 'POST',
    path: '/api/v1/requestWithdrawal',
    summary: 'Withdraws to a Lightning address (LUD-16 name@host) or LNURL-pay link (LUD-06)',
    description:
      'Without amountUsd the whole withdrawable balance goes. The invoice the address answers is checked ' +
      '(amount, description hash) before it is paid; the amount is held in the wallet meanwhile.',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({
      address: lightningAddress,
      type: z.literal('ln', { error: 'must be ln (a Lightning address)' }),
      amountUsd: amountUsd.optional(),
    }),
    response: payoutBody,
  }),
  payoutPaypal: defineEndpoint({
    area: 'payouts',
    method: 'POST',
    path: '/api/v1/payout/paypal/paypal',
    summary: 'Withdraws to a PayPal account by its email address',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({ address: paypalEmail, amountUsd }),
    response: payoutBody,
  }),
  payoutVenmo: defineEndpoint({
    area: 'payouts',
    method: 'POST',
    path: '/api/v1/payout/paypal/venmo',
    summary: 'Withdraws to a Venmo account by its handle or US mobile number (through PayPal Payouts)',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({ address: venmoHandle, amountUsd }),
    response: payoutBody,
  }),
  connectStripeAccount: defineEndpoint({
    area: 'payouts',
    method: 'POST',
    path: '/api/v1/payout/stripe/connectAccount',
    summary:
      'Opens Stripe Connect Express onboarding for the acting account (creating its connected account once)',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({ failureUrl: returnUrl, successUrl: returnUrl }),
    response: okBody({ url: z.string(), sandbox: z.boolean() }),
  }),
  checkConnectedAccount: defineEndpoint({
    area: 'payouts',
    method: 'GET',
    path: '/api/v1/payout/stripe/checkConnectedAccount',
    summary: "The acting account's connected account: ok is false until Stripe lets it receive payouts",
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    response: okBody({
      ok: z.boolean(),
      connected: z.boolean(),
      detailsSubmitted: z.boolean(),
      payoutsEnabled: z.boolean(),
      /** What Stripe still needs from the account holder. */
      currentlyDue: z.array(z.string()),
      sandbox: z.boolean(),
    }),
  }),
  transferFunds: defineEndpoint({
    area: 'payouts',
    method: 'POST',
    path: '/api/v1/payout/stripe/transferFunds',
    summary: "Withdraws to the acting account's Stripe connected account",
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({ amountUsd }),
    response: payoutBody,
  }),
  sandboxConnectOnboarding: defineEndpoint({
    area: 'payouts',
    method: 'POST',
    path: '/api/sandbox/connect/:connectedAccountId',
    summary: "Finish, or leave unfinished, a sandbox connected account's onboarding (sandbox only)",
    description:
      'The sandbox stand-in of Stripe Connect Express onboarding: complete makes the account able to receive ' +
      'payouts and answers the return (success) page; leave keeps it unfinished and answers the refresh (failure) ' +
      'page, as Stripe does when onboarding is abandoned or its link expires.',
    guard: 'public',
    params: z.object({
      connectedAccountId: z
        .string()
        .regex(/^acct_sandbox_[0-9a-f]{16}$/, 'must be a sandbox connected account')
        .meta({ examples: ['acct_sandbox_0123456789abcdef'] }),
    }),
    body: z.object({
      outcome: z.enum(['complete', 'leave'], { error: 'must be complete or leave' }),
    }),
    response: okBody({ redirectUrl: z.string() }),
  }),
};
