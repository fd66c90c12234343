import { z } from 'zod';
import { publicProfileSchema } from './directory';
import { defineEndpoint } from './endpoint';
import { okBody, okOnly, queryInt } from './fields';
import { maxWalletSats, usdAmount } from './wallet';

/** A pay page's name: the account's username. */
const slugField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'is longer than 64 characters')
  .meta({ examples: ['acme-front-desk'] });

const payerFields = {
  /** Where the receipt goes; no receipt without one. */
  email: z
    .string()
    .trim()
    .max(254, 'is longer than 254 characters')
    .pipe(z.email({ error: 'must be an email address' }))
    .meta({ examples: ['payer@example.com'] })
    .optional(),
  name: z.string().trim().max(100, 'is longer than 100 characters').optional(),
  note: z.string().trim().max(500, 'is longer than 500 characters').optional(),
};

export const payeeSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
  description: z.string().nullable(),
  /** The share of each payment the platform keeps, as a decimal percentage ("15"). */
  feePercent: z.string(),
  /** Card payments go through the offline sandbox card processor, not Stripe. */
  cardSandbox: z.boolean(),
  /** Lightning invoices come from the offline sandbox node. */
  lightningSandbox: z.boolean(),
});

export const payPageInvoiceSchema = z.object({
  paymentRequest: z.string(),
  paymentHash: z.string(),
  amountSats: z.number().int(),
  amountUsd: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  sandbox: z.boolean(),
});

export const publicPageKinds = ['profile', 'pay', 'link'] as const;

export const payPagesEndpoints = {
  fetchPaymentSlug: defineEndpoint({
    area: 'pay-pages',
    method: 'POST',
    path: '/api/v1/fetchPaymentSlug',
    summary: 'Who a pay page pays: the account behind a slug, its fee and how it can be paid',
    description:
      'Anyone may ask; a slug no enabled account has answers 404 naming it. Rate limited per address.',
    guard: 'public',
    body: z.object({ slug: slugField }),
    response: okBody({ payee: payeeSchema }),
  }),
  requestSlugInvoice: defineEndpoint({
    area: 'pay-pages',
    method: 'POST',
    path: '/api/v1/requestInvoice/:slug',
    summary: 'A Lightning invoice that pays the account behind a slug (no session needed)',
    description:
      'The amount is in USD (default) or sats at a rate frozen into the invoice, which expires in 15 minutes. ' +
      'When it is paid the account is credited the amount less its fee; a receipt goes to the email if given.',
    guard: 'public',
    params: z.object({ slug: slugField }),
    body: z
      .object({
        amount: z.number({ error: 'must be a number' }),
        unit: z.enum(['usd', 'sats'], { error: () => 'must be usd or sats' }).default('usd'),
        ...payerFields,
      })
      .superRefine((body, ctx) => {
        const check =
          body.unit === 'sats'
            ? z
                .number()
                .int('must be a whole number of sats')
                .min(1, 'must be more than zero')
                .max(maxWalletSats, `must be at most ${maxWalletSats} sats`)
            : usdAmount();
        const result = check.safeParse(body.amount);
        if (!result.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: result.error.issues[0]?.message ?? 'is invalid',
          });
        }
      })
      .meta({ examples: [{ amount: 5, unit: 'usd', email: 'payer@example.com' }] }),
    successStatus: 201,
    response: okBody({ invoice: payPageInvoiceSchema }),
  }),
  pendingSlugInvoice: defineEndpoint({
    area: 'pay-pages',
    method: 'GET',
    path: '/api/v1/pendingInvoice/:slug',
    summary: 'An invoice of a pay page by its payment hash; asking checks the node and credits a settled one',
    guard: 'public',
    params: z.object({ slug: slugField }),
    query: z.object({
      paymentHash: z
        .string()
        .trim()
        .regex(/^[0-9a-f]{64}$/, 'must be the invoice’s payment hash (64 hex characters)')
        .meta({ examples: ['a'.repeat(64)] }),
    }),
    response: okBody({ invoice: payPageInvoiceSchema }),
  }),
  slugCheckoutStatus: defineEndpoint({
    area: 'pay-pages',
    method: 'GET',
    path: '/api/v1/checkout/vidaCredit/:slug/:sessionId',
    summary: 'Whether a card payment made on a pay page has been paid and credited (the success page asks)',
    guard: 'public',
    params: z.object({
      slug: slugField,
      sessionId: z
        .string()
        .trim()
        .regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'must be a checkout session id')
        .meta({ examples: ['cs_test_a1b2c3'] }),
    }),
    response: okBody({
      payment: z.object({
        status: z.enum(['pending', 'paid', 'expired']),
        amountUsd: z.string(),
        payee: z.string(),
        receiptTo: z.string().nullable(),
      }),
    }),
  }),
  publicPage: defineEndpoint({
    area: 'pay-pages',
    method: 'GET',
    path: '/api/v1/publicPage/:username',
    summary: "An account's public page: its profile, links, and its agent's number to call or text",
    description: 'Disabled and deleted accounts answer 404 like unknown ones.',
    guard: 'public',
    params: z.object({ username: slugField }),
    response: okBody({
      account: publicProfileSchema,
      /** The agent's number in E.164, or null when it has none. */
      agentNumber: z.string().nullable(),
    }),
  }),
  recordPageView: defineEndpoint({
    area: 'pay-pages',
    method: 'POST',
    path: '/api/v1/stats/links',
    summary: 'Count a visit to a public page or a click on one of its links',
    description:
      'page is profile, pay or link; for a link, target names it (its type, or call / text). Counted per day; ' +
      'rate limited per address.',
    guard: 'public',
    body: z
      .object({
        username: slugField,
        page: z.enum(publicPageKinds, { error: () => 'must be profile, pay or link' }),
        target: z.string().trim().max(40, 'is longer than 40 characters').default(''),
      })
      .refine((body) => body.page !== 'link' || body.target !== '', {
        path: ['target'],
        error: 'names the link that was clicked',
      })
      .meta({ examples: [{ username: 'acme', page: 'link', target: 'instagram' }] }),
    response: okOnly,
  }),
  publicPageStats: defineEndpoint({
    area: 'pay-pages',
    method: 'GET',
    path: '/api/v1/stats/publicPages',
    summary:
      "The acting account's public page views, link clicks and the payments it received on its pay page",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    query: z.object({ days: queryInt({ min: 1, max: 365 }).optional() }),
    response: okBody({
      totals: z.object({ profile: z.number().int(), pay: z.number().int(), link: z.number().int() }),
      links: z.array(z.object({ target: z.string(), clicks: z.number().int() })),
      byDay: z.array(
        z.object({
          date: z.string(),
          profile: z.number().int(),
          pay: z.number().int(),
          link: z.number().int(),
        }),
      ),
      payments: z.array(
        z.object({
          id: z.number().int(),
          method: z.enum(['card', 'lightning']),
          amountUsd: z.string(),
          feeUsd: z.string(),
          netUsd: z.string(),
          payerName: z.string().nullable(),
          note: z.string().nullable(),
          paidAt: z.string(),
        }),
      ),
      receivedUsd: z.string(),
    }),
  }),
};
