import type { BillingTerm } from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { PaymentsProvider, SubscriptionSnapshot } from '../../providers/payments/types';
import { findBilling, updateBilling, type OrganizationBillingRow } from './billing.repo';
import { availablePlans, isLive, organizationFor, presentBilling, servingStatuses } from './plans.service';
import { subscriptionChange } from './subscription-events';

export interface BillingDeps {
  db: Db;
  payments: PaymentsProvider;
  /** Delivers the sandbox's signed events to the payments webhook through HTTP, as Stripe would. */
  app: FastifyInstance;
}

export const stripeWebhookPath = '/api/stripe/webhook';

function withSessionId(url: string): string {
  if (url.includes('{CHECKOUT_SESSION_ID}')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
}

/**
 * Opens a subscription checkout for a plan the organization may buy (its seller's public plans and its offer). The
 * subscription itself starts when the provider's signed events report the checkout paid.
 */
export async function subscribe(
  deps: BillingDeps,
  accountId: number,
  body: { productPlanId: string; term: BillingTerm; cancelUrl: string; successUrl: string },
) {
  const organization = await organizationFor(deps.db, accountId);
  const plans = await availablePlans(deps.db, organization);
  const plan = plans.find((candidate) => candidate.id === body.productPlanId);
  if (!plan) {
    throw new AppError(
      'NOT_FOUND',
      `productPlanId: ${body.productPlanId} is not a plan ${organization.name} can subscribe to`,
      { field: 'productPlanId' },
    );
  }
  const billing = await findBilling(deps.db, organization.id);
  if (isLive(billing)) {
    throw new AppError(
      'CONFLICT',
      billing?.status === 'unpaid'
        ? `${organization.name}'s subscription is unpaid: pay its open invoice in the billing portal`
        : `${organization.name} already has a subscription: change or cancel it before subscribing again`,
    );
  }
  const amountCents = body.term === 'year' ? plan.yearlyCents : plan.monthlyCents;
  const minute = Math.floor(Date.now() / 60_000);
  const session = await deps.payments.createSubscriptionCheckout({
    idempotencyKey: `subscribe:${organization.id}:${plan.id}:${body.term}:${minute}`,
    accountId: organization.id,
    productPlanId: plan.id,
    description: `${plan.name} plan, ${body.term === 'year' ? 'yearly' : 'monthly'}`,
    term: body.term,
    amountCents,
    customerId: billing?.customerId ?? null,
    email: organization.email,
    successUrl: withSessionId(body.successUrl),
    cancelUrl: body.cancelUrl,
  });
  return {
    success: true as const,
    message: 'Success' as const,
    sessionId: session.id,
    url: session.url,
    sandbox: deps.payments.sandbox,
  };
}

/** The subscription as the organization's billing data last recorded it. */
export const snapshotOf = (row: OrganizationBillingRow): SubscriptionSnapshot => ({
  id: row.subscriptionId ?? '',
  customerId: row.customerId ?? '',
  status: row.status,
  accountId: row.accountId,
  productPlanId: row.productPlanId,
  term: row.term,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  created: Math.floor((row.subscribedAt?.getTime() ?? Date.now()) / 1000),
  canceledAt: row.canceledAt ? Math.floor(row.canceledAt.getTime() / 1000) : null,
  endedAt: null,
  currentPeriodStart: row.currentPeriodStart ? Math.floor(row.currentPeriodStart.getTime() / 1000) : null,
  currentPeriodEnd: row.currentPeriodEnd ? Math.floor(row.currentPeriodEnd.getTime() / 1000) : null,
  card: null,
});

/** Sets the subscription to end when the period already paid ends; asking again answers the same. */
export async function cancelSubscription(
  deps: BillingDeps,
  accountId: number,
  body: { reason: string; details: string },
) {
  const organization = await organizationFor(deps.db, accountId);
  const billing = await findBilling(deps.db, organization.id);
  if (!billing?.subscriptionId || !servingStatuses.includes(billing.status)) {
    throw new AppError(
      'BAD_REQUEST',
      `Unable to cancel subscription: ${organization.name} has no active subscription`,
    );
  }
  if (!billing.cancelAtPeriodEnd) {
    const snapshot = await deps.payments.cancelAtPeriodEnd(billing.subscriptionId, {
      comment: body.details ? `${body.reason}: ${body.details}` : body.reason,
      idempotencyKey: `cancel:${billing.subscriptionId}`,
      known: snapshotOf(billing),
    });
    const now = Math.floor(Date.now() / 1000);
    // The provider's answer is as good as its event: applied now, and a later event of the same change agrees.
    const change = subscriptionChange(
      billing,
      snapshot,
      Math.max(now, billing.stateEventAt ?? 0),
      billing.provider ?? '',
    );
    await updateBilling(deps.db, organization.id, {
      ...change,
      canceledAt: change.canceledAt ?? new Date(),
      cancelReason: body.reason,
      cancelDetails: body.details,
    });
  }
  const after = await findBilling(deps.db, organization.id);
  const billingView = presentBilling(organization.id, after);
  return {
    success: true as const,
    message: 'Subscription cancelled' as const,
    cancelsAt: billingView.currentPeriodEnd ?? new Date().toISOString(),
    billing: billingView,
  };
}

export async function billingPortalLink(deps: BillingDeps, accountId: number, redirectUrl: string) {
  const organization = await organizationFor(deps.db, accountId);
  const billing = await findBilling(deps.db, organization.id);
  if (!billing?.customerId) {
    throw new AppError(
      'BAD_REQUEST',
      `${organization.name} has no billing account yet: subscribe to a plan first`,
    );
  }
  const session = await deps.payments.createPortalSession({
    customerId: billing.customerId,
    accountId: organization.id,
    returnUrl: redirectUrl,
  });
  return { success: true as const, url: session.url, sandbox: deps.payments.sandbox };
}
