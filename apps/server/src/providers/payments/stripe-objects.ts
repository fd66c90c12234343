import type Stripe from 'stripe';
import type { BillingInterval, InvoiceItemLine, InvoiceSnapshot, SubscriptionSnapshot } from './types';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const accountIdOf = (metadata: Record<string, string> | null | undefined): number | null => {
  const id = Number(metadata?.accountId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const termOf = (value: string | null | undefined): BillingInterval | null =>
  value === 'month' || value === 'year' ? value : null;

/**
 * Our view of a Stripe subscription. Since API version basil the period lives on the subscription item; the
 * organization, plan and term travel in the subscription's metadata (set through `subscription_data.metadata`).
 */
export function toSubscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const method = subscription.default_payment_method;
  const card = typeof method === 'object' && method?.card ? method.card : null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    accountId: accountIdOf(subscription.metadata),
    productPlanId: subscription.metadata.productPlanId ?? null,
    term: termOf(subscription.metadata.term) ?? termOf(item?.price.recurring?.interval),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: subscription.created,
    canceledAt: subscription.canceled_at,
    endedAt: subscription.ended_at,
    currentPeriodStart: item?.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}

/**
 * Our view of a Stripe invoice; its subscription is at `parent.subscription_details` since basil, and an invoice
 * item's line names the item at `parent.invoice_item_details` with the item's metadata.
 */
export function toInvoiceSnapshot(invoice: Stripe.Invoice): InvoiceSnapshot {
  const details = invoice.parent?.subscription_details ?? null;
  const line = invoice.lines.data[0];
  return {
    id: invoice.id,
    subscriptionId: idOf(details?.subscription),
    customerId: idOf(invoice.customer),
    accountId: accountIdOf(details?.metadata),
    status: invoice.status ?? 'open',
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    currency: invoice.currency,
    attemptCount: invoice.attempt_count,
    nextPaymentAttempt: invoice.next_payment_attempt,
    periodStart: line?.period.start ?? invoice.period_start,
    periodEnd: line?.period.end ?? invoice.period_end,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    billingReason: invoice.billing_reason,
    items: invoice.lines.data.flatMap((entry): InvoiceItemLine[] => {
      const item = entry.parent?.invoice_item_details?.invoice_item;
      return item ? [{ invoiceItemId: item, amountCents: entry.amount, metadata: entry.metadata }] : [];
    }),
  };
}
