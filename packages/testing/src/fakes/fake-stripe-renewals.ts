import { addPeriod, invoiceJson, subscriptionJson, type FakeSubscription } from './fake-stripe-billing';
import type { FakeInvoiceItem } from './fake-stripe-invoice-items';

export type FakeInvoice = ReturnType<typeof invoiceJson>;

/** An event the fake signs and delivers: its type and the object it carries. */
export type FakeEventBody = [type: string, object: object];

/**
 * The subscription's renewal as Stripe runs it: a new invoice that takes the subscription's pending invoice items
 * whatever its payment does. `paid` starts the next period (invoice.paid); `retrying` is a failed payment with a
 * retry scheduled (past due); `failed` the last retry failed (unpaid). An unpaid invoice stays open in `invoices`.
 */
export function renewalEvents(
  subscription: FakeSubscription,
  outcome: 'paid' | 'retrying' | 'failed',
  items: FakeInvoiceItem[],
  invoices: Map<string, FakeInvoice>,
  now: number,
): FakeEventBody[] {
  if (outcome === 'paid') {
    if (subscription.status === 'active') {
      subscription.periodStart = subscription.periodEnd;
      subscription.periodEnd = addPeriod(subscription.periodStart, subscription.interval);
    }
    subscription.status = 'active';
    const invoice = invoiceJson(
      subscription,
      { paid: true, attemptCount: 1, nextPaymentAttempt: null, reason: 'subscription_cycle' },
      items,
    );
    invoices.set(invoice.id, invoice);
    return [
      ['invoice.paid', invoice],
      ['customer.subscription.updated', subscriptionJson(subscription)],
    ];
  }
  const last = outcome === 'failed';
  subscription.status = last ? 'unpaid' : 'past_due';
  const invoice = invoiceJson(
    subscription,
    {
      paid: false,
      attemptCount: last ? 4 : 1,
      nextPaymentAttempt: last ? null : now + 3 * 86_400,
      reason: 'subscription_cycle',
    },
    items,
  );
  invoices.set(invoice.id, invoice);
  return [
    ['invoice.payment_failed', invoice],
    ['customer.subscription.updated', subscriptionJson(subscription)],
  ];
}

/**
 * An open invoice paid later (the customer pays it on the hosted page, or a retry succeeds): the same invoice,
 * lines and all, now paid (invoice.paid), and its subscription active again.
 */
export function payOpenInvoice(
  invoice: FakeInvoice | undefined,
  subscription: FakeSubscription,
): FakeEventBody[] {
  if (invoice?.status !== 'open') throw new Error('the fake holds no open invoice with this id');
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    attempt_count: invoice.attempt_count + 1,
    next_payment_attempt: null,
  });
  subscription.status = 'active';
  return [
    ['invoice.paid', invoice],
    ['customer.subscription.updated', subscriptionJson(subscription)],
  ];
}
