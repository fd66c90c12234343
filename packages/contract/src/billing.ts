import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/** A subscription's billing term; the spec's default is the month. */
export const billingTerms = ['month', 'year'] as const;
export type BillingTerm = (typeof billingTerms)[number];

/** Stripe's subscription statuses, plus `none` for an organization that never subscribed. */
export const subscriptionStatuses = [
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

const productPlanId = z
  .string()
  .trim()
  .regex(/^pplan-[a-z0-9][a-z0-9-]{0,62}$/, 'must be a plan id such as pplan-basic-monthly')
  .meta({ examples: ['pplan-basic-monthly'] });

const returnUrl = z
  .string()
  .trim()
  .max(2000, 'is longer than 2000 characters')
  .refine((value) => /^https?:\/\/[^\s/?#]+(:\d+)?([/?#]\S*)?$/i.test(value), {
    error: 'must be a web address starting with https:// (or http://)',
  })
  .meta({ examples: ['https://example.com/app/home?billing'] });

const priceTierSchema = z.object({
  quantityMin: z.number().int(),
  quantityMax: z.number().int().nullable(),
  /** USD per unit, exact decimal. */
  price: z.string(),
});

export const productPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The partner or reseller that sells it; null for the platform's own catalogue. */
  ownerAccountId: z.number().int().nullable(),
  /** Private plans are offered to one organization at a time. */
  visibility: z.enum(['public', 'private']),
  /** A subscription to it turns Premium on (starting conversations from the inbox). */
  premium: z.boolean(),
  prices: z.object({
    month: z.object({ amountCents: z.number().int(), amountUsd: z.string() }),
    year: z.object({ amountCents: z.number().int(), amountUsd: z.string() }),
  }),
  features: z.array(z.string()),
  /** Usage prices keyed by usage key (FACTS §9.1), each with its tiers. */
  productItems: z.record(
    z.string(),
    z.object({
      type: z.string(),
      unit: z.string(),
      pricing: z.array(priceTierSchema),
      /** Units of each billing period the plan's price covers; above them is overage. */
      included: z.number().int().optional(),
    }),
  ),
});
export type ProductPlanView = z.infer<typeof productPlanSchema>;

/** An organization's billing data (spec part 1 §3), as its subscription last reported it. */
export const billingDataSchema = z.object({
  organizationId: z.number().int(),
  productPlanId: z.string().nullable(),
  term: z.enum(billingTerms).nullable(),
  status: z.enum(subscriptionStatuses),
  /** A live subscription (active, trialing, past due, or canceling at the period's end). */
  subscribed: z.boolean(),
  /** Canceled, or set to end at the period's end. */
  canceled: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  /** Unpaid after the renewal's retries failed: agents take no new conversations until it is paid. */
  unpaid: z.boolean(),
  createdDate: z.string().nullable(),
  canceledDate: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** `stripe` or `sandbox`: which card processor holds the subscription. */
  provider: z.string().nullable(),
  customerId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
});
export type BillingDataView = z.infer<typeof billingDataSchema>;

export const subscriptionInvoiceSchema = z.object({
  id: z.string(),
  amountUsd: z.string(),
  status: z.enum(['paid', 'open', 'failed']),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
});

const portalSessionId = () =>
  z
    .string()
    .regex(/^bps_sandbox_[0-9a-f]{24}$/, 'must be a sandbox portal session id')
    .meta({ examples: [`bps_sandbox_${'0'.repeat(24)}`] });

const plansByRole = { roles: ['partner', 'reseller'] as const };

const planCents = (name: string) =>
  z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(50, 'must be at least 50 cents (the card processor’s minimum)')
    .max(100_000_000, 'must be at most 1,000,000 USD')
    .meta({ description: `The ${name} price in USD cents` });

/** A plan as a partner or reseller writes it; prices in cents, usage prices as tiers in USD per unit. */
const planFields = {
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(80, 'is longer than 80 characters')
    .meta({ examples: ['Basic'] }),
  description: z.string().trim().max(500, 'is longer than 500 characters'),
  monthlyCents: planCents('monthly'),
  yearlyCents: planCents('yearly'),
  features: z
    .array(z.string().trim().min(1, 'must not be empty').max(80, 'is longer than 80 characters'))
    .max(20, 'has more than 20 features'),
  premium: z.boolean({ error: 'must be true or false' }),
  visibility: z.enum(['public', 'private'], { error: () => 'must be public or private' }),
  /**
   * Usage prices keyed by usage key (FACTS §9.1): `{ type, unit, pricing: [{ quantityMin, quantityMax, price }],
   * included }`, tiers from 1 up without gaps or overlaps, the last open-ended, prices USD of 0 or more.
   */
  productItems: z.record(z.string(), z.unknown(), { error: 'must be an object keyed by usage key' }).meta({
    examples: [
      {
        'pstn-inbound-voice': {
          type: 'usage',
          unit: 'minute',
          pricing: [
            { quantityMin: 1, quantityMax: 100, price: '0.12' },
            { quantityMin: 101, quantityMax: null, price: '0.09' },
          ],
        },
      },
    ],
  }),
  /** Save a usage price below the seller's own (wholesale) cost: without it such a price is refused. */
  allowBelowCost: z.boolean({ error: 'must be true or false' }),
};

const targetOrganizationId = z.coerce
  .number({ error: 'must be an account id' })
  .int('must be an account id')
  .positive('must be an account id');

export const billingEndpoints = {
  productCatalog: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v2/product/productCatalog',
    summary: 'The plans sold in the acting partner’s or reseller’s part of the tree, with their prices',
    description:
      'Plans of the platform, of the acting account, of the accounts above it and of the resellers below it; ' +
      "another reseller's plans are never listed.",
    guard: 'session',
    permission: plansByRole,
    response: okBody({ plans: z.array(productPlanSchema) }),
  }),
  productCatalogPlan: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v2/product/productCatalog/:productPlanId',
    summary: 'One plan of the acting partner’s or reseller’s catalogue',
    guard: 'session',
    permission: plansByRole,
    params: z.object({ productPlanId }),
    response: okBody({ plan: productPlanSchema }),
  }),
  createPlan: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v2/product/productCatalog',
    summary: 'Add a plan to the acting partner’s or reseller’s catalogue, with its usage prices and tiers',
    description:
      'The plan is sold by the acting account. A usage price below what the seller itself pays for that usage ' +
      '(its wholesale price) is refused naming the item and tier, unless allowBelowCost is true.',
    guard: 'session',
    permission: { ...plansByRole, flag: 'canManageBilling' },
    body: z.object({
      ...planFields,
      description: planFields.description.default(''),
      features: planFields.features.default([]),
      premium: planFields.premium.default(true),
      visibility: planFields.visibility.default('public'),
      allowBelowCost: planFields.allowBelowCost.default(false),
    }),
    successStatus: 201,
    response: okBody({ plan: productPlanSchema, belowCost: z.array(z.string()) }),
  }),
  updatePlan: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v2/product/productCatalog/:productPlanId',
    summary: 'Edit one of the acting partner’s or reseller’s plans (only the fields sent change)',
    description:
      'Only the seller that owns a plan edits it; another seller’s plan is 404 (not in the catalogue) or 403 ' +
      '(seen but not owned). productItems replaces the whole set of usage prices.',
    guard: 'session',
    permission: { ...plansByRole, flag: 'canManageBilling' },
    params: z.object({ productPlanId }),
    body: z.object({
      name: planFields.name.optional(),
      description: planFields.description.optional(),
      monthlyCents: planFields.monthlyCents.optional(),
      yearlyCents: planFields.yearlyCents.optional(),
      features: planFields.features.optional(),
      premium: planFields.premium.optional(),
      visibility: planFields.visibility.optional(),
      productItems: planFields.productItems.optional(),
      /** Stop selling the plan: it leaves the catalogue; organizations already on it keep it. */
      active: z.boolean({ error: 'must be true or false' }).optional(),
      allowBelowCost: planFields.allowBelowCost.default(false),
    }),
    response: okBody({ plan: productPlanSchema, belowCost: z.array(z.string()) }),
  }),
  offerPlan: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v2/product/offeredPlan',
    summary: 'Offer one of the acting seller’s plans to an organization below it (null withdraws the offer)',
    description:
      'The organization then sees the plan among the plans it may buy (a private plan only there). Another ' +
      'seller’s organization or plan is 404.',
    guard: 'session',
    permission: { ...plansByRole, flag: 'canManageBilling' },
    owned: { body: { targetOrganizationId: 'account' } },
    body: z.object({
      targetOrganizationId,
      productPlanId: productPlanId.nullable(),
    }),
    response: okBody({ plan: productPlanSchema.nullable() }),
  }),
  wholesalePlan: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v2/product/wholesalePlan',
    summary: 'Set the plan a partner’s reseller pays for its organizations’ usage (its wholesale prices)',
    description:
      'Each unit of usage an organization of that reseller is charged then pays the reseller its retail price ' +
      'less this plan’s price, and the partner the rest above its own cost, in one ledger posting.',
    guard: 'session',
    permission: { roles: ['partner'] as const, flag: 'canManageBilling' },
    owned: { body: { targetResellerId: 'account' } },
    body: z.object({ targetResellerId: targetOrganizationId, productPlanId }),
    response: okBody({ plan: productPlanSchema }),
  }),
  currentPlan: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v2/product/currentPlan',
    summary:
      'The acting organization’s plan and billing data (an agent account answers for its organization)',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    response: okBody({
      plan: productPlanSchema.nullable(),
      billing: billingDataSchema,
      /** True when card payments go to the offline sandbox rather than Stripe. */
      sandbox: z.boolean(),
    }),
  }),
  offeredPlan: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v2/product/offeredPlan',
    summary: 'A private plan the organization’s reseller offers it, if any',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    response: okBody({ plan: productPlanSchema.nullable() }),
  }),
  allAvailablePlans: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/v2/product/allAvailablePlans',
    summary: 'The plans the acting organization may subscribe to: its seller’s public plans and its offer',
    guard: 'session',
    permission: { flag: 'canViewBilling' },
    response: okBody({ plans: z.array(productPlanSchema) }),
  }),
  subscribe: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v2/product/subscribe',
    summary: 'Start a subscription: a card checkout for the plan and term (Stripe, or the sandbox checkout)',
    description:
      'The subscription starts when the card processor reports the checkout paid (signed webhook), not on the ' +
      'redirect. A plan the organization’s seller does not sell is 404; an organization already subscribed is 409.',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({
      productPlanId,
      term: z.enum(billingTerms, { error: () => 'must be month or year' }).default('month'),
      cancelUrl: returnUrl,
      successUrl: returnUrl,
    }),
    response: okBody({
      message: z.literal('Success'),
      sessionId: z.string(),
      /** Where the person pays: Stripe Checkout, or the sandbox checkout page. */
      url: z.string(),
      sandbox: z.boolean(),
    }),
  }),
  cancelSubscription: defineEndpoint({
    area: 'billing',
    method: 'DELETE',
    path: '/api/v1/vidaPro/cancel',
    summary: 'Cancel the subscription at the end of the period already paid, with a reason',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({
      reason: z
        .string({ error: 'is required' })
        .trim()
        .min(1, 'is required')
        .max(200, 'is longer than 200 characters')
        .meta({ examples: ['Too expensive'] }),
      details: z.string().trim().max(2000, 'is longer than 2000 characters').default(''),
    }),
    response: okBody({
      message: z.literal('Subscription cancelled'),
      /** When the plan ends (the end of the period already paid). */
      cancelsAt: z.string(),
      billing: billingDataSchema,
    }),
  }),
  billingPortalLink: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/v1/getBillingCustomerPortalLink',
    summary: 'A link to the billing portal (payment method and invoices), returning to redirectUrl',
    guard: 'session',
    permission: { flag: 'canManageBilling' },
    body: z.object({ redirectUrl: returnUrl }),
    response: okBody({ url: z.string(), sandbox: z.boolean() }),
  }),
  sandboxRenewal: defineEndpoint({
    area: 'billing',
    method: 'POST',
    path: '/api/sandbox/billing-portal/:portalSessionId/renewal',
    summary: 'Run the sandbox subscription’s renewal now: paid, or failed through every retry (sandbox only)',
    description:
      'The sandbox signs the events Stripe would send (invoice.paid, or invoice.payment_failed and the ' +
      'subscription past due, then unpaid) and posts them to the payments webhook.',
    guard: 'public',
    params: z.object({ portalSessionId: portalSessionId() }),
    body: z.object({ outcome: z.enum(['paid', 'failed'], { error: () => 'must be paid or failed' }) }),
    response: okBody({ billing: billingDataSchema }),
  }),
  sandboxBillingPortal: defineEndpoint({
    area: 'billing',
    method: 'GET',
    path: '/api/sandbox/billing-portal/:portalSessionId',
    summary: 'The sandbox billing portal: the plan, the card on file and the invoices (sandbox only)',
    guard: 'public',
    params: z.object({ portalSessionId: portalSessionId() }),
    response: okBody({
      portal: z.object({
        organizationName: z.string(),
        planName: z.string().nullable(),
        billing: billingDataSchema,
        paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
        invoices: z.array(subscriptionInvoiceSchema),
        returnUrl: z.string(),
      }),
    }),
  }),
};
