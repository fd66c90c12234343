import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, queryInt } from './fields';
import {
  checkoutSessionSchema,
  minCardUsd,
  returnUrl,
  sandboxSessionId,
  satsAmount,
  usdAmount,
  walletInvoiceSchema,
  walletTransactionKinds,
  walletTransactionSchema,
} from './wallet-fields';

export {
  maxWalletUsd,
  minCardUsd,
  maxWalletSats,
  usdAmount,
  walletTransactionKinds,
  walletTransactionSchema,
  type WalletTransactionView,
  walletInvoiceSchema,
  type WalletInvoiceView,
} from './wallet-fields';

export const walletEndpoints = {
  getWallet: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/v1/wallet',
    summary: "The acting account's balance, unclaimed rewards and spending by day",
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    query: z.object({ days: queryInt({ min: 1, max: 90 }).optional() }),
    response: okBody({
      balanceUsd: z.string(),
      unclaimedRewardsUsd: z.string(),
      /** Usage and fees per UTC day, oldest first, one entry per day of the window (zero when nothing). */
      spendingByDay: z.array(z.object({ date: z.string(), usd: z.string() })),
      /**
       * Monthly charges (numbers, agents) the wallet could not pay when due, oldest first; collected as soon as
       * the balance allows (a top-up, or the daily sweep).
       */
      /**
       * Whether the agents this account's conversations are paid from take new calls and messages: false when the
       * paying wallet (the account's own, or its organization's for an agent) is metered and empty, with why.
       */
      admission: z.object({
        takingConversations: z.boolean(),
        reason: z.string().nullable(),
        payerAccountId: z.number().int().nullable(),
      }),
      owed: z.object({
        totalUsd: z.string(),
        charges: z.array(
          z.object({
            reason: z.string().meta({ examples: ['Phone number +1 415 555 0101, November 2026'] }),
            amountUsd: z.string(),
            billingMonth: z.string().meta({ examples: ['2026-11'] }),
          }),
        ),
      }),
    }),
  }),
  recentTransactions: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/v1/recentTransactions',
    summary: "The acting account's wallet history, newest first",
    description: '`kinds` filters by a comma-separated list; `before` pages on with the last line id.',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    query: z.object({
      limit: queryInt({ min: 1, max: 200 }).optional(),
      before: z
        .string()
        .trim()
        .regex(/^\d{1,19}$/, 'must be a transaction id')
        .meta({ examples: ['100'] })
        .optional(),
      kinds: z
        .string()
        .trim()
        .refine(
          (value) =>
            value
              .split(',')
              .every((kind) => (walletTransactionKinds as readonly string[]).includes(kind.trim())),
          { error: `must be a comma-separated list of ${walletTransactionKinds.join(', ')}` },
        )
        .meta({ examples: ['top_up,usage'] })
        .optional(),
    }),
    response: okBody({
      balanceUsd: z.string(),
      transactions: z.array(walletTransactionSchema),
      /** Pass as `before` for the next page; null at the end. */
      nextBefore: z.string().nullable(),
    }),
  }),
  exchangeRates: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/v1/exchangeRates',
    summary: 'The sats-to-USD rate (cached 900 s; 0.00043 USD per sat when the price source fails)',
    guard: 'session',
    response: okBody({
      satToUsd: z.number(),
      source: z.enum(['live', 'fallback']),
      fetchedAt: z.string(),
    }),
  }),
  requestInvoice: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/v1/requestInvoice',
    summary: "A Lightning invoice (BOLT11) that tops up the acting account's wallet",
    description:
      'The amount is in USD (default) or sats; the rate is frozen into the invoice, which expires in 15 ' +
      'minutes. A new invoice replaces the pending one.',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z
      .object({
        amount: z.number({ error: 'must be a number' }),
        unit: z.enum(['usd', 'sats'], { error: () => 'must be usd or sats' }).default('usd'),
      })
      .superRefine((body, ctx) => {
        const check = body.unit === 'sats' ? satsAmount() : usdAmount();
        const result = check.safeParse(body.amount);
        if (!result.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: result.error.issues[0]?.message ?? 'is invalid',
          });
        }
      }),
    response: okBody({ invoice: walletInvoiceSchema }),
  }),
  pendingInvoice: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/v1/pendingInvoice',
    summary: 'The pending (or just paid) Lightning invoice; asking checks the node and credits a settled one',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    response: okBody({ invoice: walletInvoiceSchema.nullable() }),
  }),
  resetPendingInvoice: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/v1/resetPendingInvoice',
    summary: 'Cancel the pending Lightning invoice',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    response: okBody({ cancelled: z.boolean() }),
  }),
  provePendingInvoicePaid: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/v1/provePendingInvoicePaid',
    summary: 'Prove the pending invoice paid with its preimage; credits the wallet once',
    description: 'Paid only when SHA-256 of the preimage is the invoice’s payment hash.',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({
      preimage: z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be the 32-byte preimage in hex (64 characters)')
        .meta({ examples: ['0'.repeat(64)] }),
      invoice: z.string().trim().min(1, 'is required').max(2000, 'is longer than 2000 characters'),
    }),
    response: okBody({ invoice: walletInvoiceSchema, balanceUsd: z.string() }),
  }),
  validateInvoice: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/v1/validateInvoice',
    summary: 'Decode and check a BOLT11 invoice (signature, amount, expiry)',
    guard: 'session',
    query: z.object({ invoice: z.string().trim().min(1, 'is required').max(2000) }),
    response: okBody({
      valid: z.literal(true),
      amountSats: z.number().int().nullable(),
      paymentHash: z.string(),
      description: z.string().nullable(),
      network: z.string(),
      expiresAt: z.string(),
      expired: z.boolean(),
    }),
  }),
  claimRewards: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/v1/claimRewards',
    summary: "Move the acting account's unclaimed rewards into its wallet (each reward once)",
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z
      .object({ claim: z.union([z.literal('all'), z.number().int().positive()]).default('all') })
      .optional(),
    response: okBody({ claimed: z.number().int(), claimedUsd: z.string(), balanceUsd: z.string() }),
  }),
  checkoutVidaCredit: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/v1/checkout/vidaCredit',
    summary:
      'A card checkout: signed in it tops up the acting wallet; with a slug and no session it pays that account',
    guard: 'public',
    body: z.object({
      amount: usdAmount(minCardUsd),
      currency: z.enum(['usd'], { error: () => 'must be usd' }).default('usd'),
      cancelUrl: returnUrl,
      successUrl: returnUrl,
      slug: z.string().trim().min(1).max(100).optional(),
      /** With a slug: where the payer's receipt goes, and what the account sees of who paid and why. */
      email: z
        .string()
        .trim()
        .max(254, 'is longer than 254 characters')
        .pipe(z.email({ error: 'must be an email address' }))
        .meta({ examples: ['payer@example.com'] })
        .optional(),
      name: z.string().trim().max(100, 'is longer than 100 characters').optional(),
      note: z.string().trim().max(500, 'is longer than 500 characters').optional(),
    }),
    response: okBody({
      sessionId: z.string(),
      url: z.string(),
      amountUsd: z.string(),
      cancelUrl: z.string(),
      successUrl: z.string(),
    }),
  }),
  checkoutSession: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/v1/checkout/session',
    summary: 'A card checkout of the acting account: paid yet, and credited yet (the success page asks)',
    guard: 'session',
    query: z.object({
      sessionId: z
        .string()
        .trim()
        .regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'must be a checkout session id')
        .meta({ examples: ['cs_test_a1b2c3'] }),
    }),
    response: okBody({ session: checkoutSessionSchema }),
  }),
  issueRefundToUser: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/internal/issueRefundToUser',
    summary:
      "Refund into a person's account wallet, in USD or sats: no more than the account paid in, or with a " +
      'conversationId, no more than that conversation was charged to it (the review queue)',
    guard: 'superAdmin',
    body: z
      .object({
        username: z
          .string()
          .trim()
          .min(1, 'is required')
          .max(200)
          .meta({ examples: ['acme'] }),
        usdAmount: usdAmount().optional(),
        satsAmount: satsAmount().optional(),
        reason: z.string().trim().max(200).optional(),
        /** A conversation from the review queue: the refund reverses its charges to this account. */
        conversationId: z
          .string()
          .trim()
          .regex(
            /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
            'must be a conversation id',
          )
          .meta({ examples: ['0b6f2c9e-4f1a-4a8e-9d55-5a0f1c2b3d4e'] })
          .optional(),
      })
      .refine((body) => (body.usdAmount === undefined) !== (body.satsAmount === undefined), {
        path: ['usdAmount'],
        error: 'give exactly one of usdAmount or satsAmount',
      })
      .meta({ examples: [{ username: 'acme', usdAmount: 5, reason: 'A call dropped on our side' }] }),
    owned: { body: { username: 'accountUsername' } },
    response: okBody({ message: z.string(), refundedUsd: z.string() }),
  }),
  sandboxCheckout: defineEndpoint({
    area: 'wallet',
    method: 'GET',
    path: '/api/sandbox/checkout/:sessionId',
    summary: 'A sandbox card checkout as its page shows it (sandbox only)',
    guard: 'public',
    params: z.object({
      sessionId: sandboxSessionId,
    }),
    response: okBody({
      session: z.object({
        id: z.string(),
        amountUsd: z.string(),
        description: z.string(),
        payee: z.string(),
        status: z.enum(['open', 'complete', 'expired']),
        cancelUrl: z.string(),
        successUrl: z.string(),
      }),
    }),
  }),
  paySandboxCheckout: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/sandbox/checkout/:sessionId/pay',
    summary: "Pay a sandbox checkout with one of Stripe's test cards (sandbox only)",
    description:
      '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402 with Stripe’s message). A paid ' +
      'session is reported to the payments webhook as a signed checkout.session.completed event.',
    guard: 'public',
    params: z.object({
      sessionId: sandboxSessionId,
    }),
    body: z.object({
      number: z.string().trim().min(1, 'is required').max(30),
      expiry: z.string().trim().min(1, 'is required').max(10),
      cvc: z.string().trim().min(1, 'is required').max(4),
    }),
    response: okBody({ redirectUrl: z.string() }),
  }),
  paySandboxInvoice: defineEndpoint({
    area: 'wallet',
    method: 'POST',
    path: '/api/sandbox/lightning/pay',
    summary: 'Pay an invoice of the sandbox Lightning node, as a payer’s wallet would; reveals the preimage',
    guard: 'public',
    body: z.object({ invoice: z.string().trim().min(1, 'is required').max(2000) }),
    response: okBody({ preimage: z.string(), paymentHash: z.string(), amountSats: z.number().int() }),
  }),
};
