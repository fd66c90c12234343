import { randomBytes } from 'node:crypto';
import type { BillingInterval, CheckoutSession, SubscriptionSnapshot } from './types';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Where a period that started at `start` ends: the same day of the next month or year (UTC). */
export function periodEnd(start: number, term: BillingInterval): number {
  const end = new Date(start * 1000);
  if (term === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return seconds(end);
}

/** A card's brand from its number, as Stripe names them. */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  return 'unknown';
}

/** What the sandbox knows of a subscription it sold (the fields Stripe's events carry). */
export interface SandboxSubscription extends SubscriptionSnapshot {
  amountCents: number;
  description: string;
  /** Invoice items waiting for the next invoice (a period's overage), as Stripe keeps them. */
  pendingItems?: SandboxInvoiceItem[];
}

/** An invoice item the sandbox keeps for the subscription's next invoice. */
export interface SandboxInvoiceItem {
  id: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
}

export function newSandboxSubscription(
  session: CheckoutSession,
  plan: { productPlanId: string; term: BillingInterval; customerId: string },
  card: { brand: string; last4: string },
  now = new Date(),
): SandboxSubscription {
  const start = seconds(now);
  return {
    id: `sub_sandbox_${hex(12)}`,
    customerId: plan.customerId,
    status: 'active',
    accountId: session.accountId,
    productPlanId: plan.productPlanId,
    term: plan.term,
    cancelAtPeriodEnd: false,
    created: start,
    canceledAt: null,
    endedAt: null,
    currentPeriodStart: start,
    currentPeriodEnd: periodEnd(start, plan.term),
    card,
    amountCents: session.amountCents,
    description: session.description,
  };
}

/** A Stripe-shaped subscription object (API version basil: the period on the item). */
export function subscriptionObject(subscription: SandboxSubscription) {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    created: subscription.created,
    canceled_at: subscription.canceledAt,
    ended_at: subscription.endedAt,
    metadata: {
      accountId: String(subscription.accountId ?? ''),
      productPlanId: subscription.productPlanId ?? '',
      term: subscription.term ?? '',
    },
    default_payment_method: subscription.card
      ? { id: `pm_sandbox_${subscription.card.last4}`, object: 'payment_method', card: subscription.card }
      : null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          current_period_start: subscription.currentPeriodStart,
          current_period_end: subscription.currentPeriodEnd,
          price: {
            object: 'price',
            currency: 'usd',
            unit_amount: subscription.amountCents,
            recurring: { interval: subscription.term },
          },
        },
      ],
    },
  };
}

/** A Stripe-shaped invoice for the subscription's current period (its subscription under `parent`). */
export function invoiceObject(
  subscription: SandboxSubscription,
  outcome: { paid: boolean; attemptCount: number; nextPaymentAttempt: number | null; reason: string },
  items: SandboxInvoiceItem[] = [],
) {
  const amount = subscription.amountCents + items.reduce((sum, item) => sum + item.amountCents, 0);
  return {
    id: `in_sandbox_${hex(12)}`,
    object: 'invoice',
    customer: subscription.customerId,
    status: outcome.paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: outcome.paid ? amount : 0,
    currency: 'usd',
    attempt_count: outcome.attemptCount,
    next_payment_attempt: outcome.nextPaymentAttempt,
    billing_reason: outcome.reason,
    hosted_invoice_url: null,
    period_start: subscription.currentPeriodStart,
    period_end: subscription.currentPeriodEnd,
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: subscription.id,
        metadata: {
          accountId: String(subscription.accountId ?? ''),
          productPlanId: subscription.productPlanId ?? '',
          term: subscription.term ?? '',
        },
      },
    },
    lines: {
      object: 'list',
      data: [
        {
          object: 'line_item',
          amount: subscription.amountCents,
          description: subscription.description,
          period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
        },
        ...items.map((item) => ({
          object: 'line_item',
          amount: item.amountCents,
          description: item.description,
          metadata: item.metadata,
          parent: {
            type: 'invoice_item_details',
            invoice_item_details: { invoice_item: item.id, proration: false, subscription: subscription.id },
          },
        })),
      ],
    },
  };
}
