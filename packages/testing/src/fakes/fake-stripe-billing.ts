import { createHmac, randomBytes } from 'node:crypto';
import { takePendingItems, type FakeInvoiceItem } from './fake-stripe-invoice-items';
import { formObject, stripeError } from './fake-stripe-wire';

export { formObject, stripeError };

/** A Checkout Session as the fake answers it. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  created: number;
  customer: string | null;
  subscription: string | null;
}

/** What the fake keeps of a subscription; answered in Stripe's shape (API version basil: periods on the item). */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  interval: 'month' | 'year';
  unitAmount: number;
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  created: number;
  canceledAt: number | null;
  endedAt: number | null;
  periodStart: number;
  periodEnd: number;
  cancellationComment: string | null;
}

/** Stripe's v1 signature scheme. */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function addPeriod(start: number, interval: 'month' | 'year'): number {
  const end = new Date(start * 1000);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return Math.floor(end.getTime() / 1000);
}

export function subscriptionJson(subscription: FakeSubscription) {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    cancellation_details: { comment: subscription.cancellationComment, feedback: null, reason: null },
    created: subscription.created,
    canceled_at: subscription.canceledAt,
    ended_at: subscription.endedAt,
    metadata: subscription.metadata,
    default_payment_method: null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: subscription.periodStart,
          current_period_end: subscription.periodEnd,
          price: {
            object: 'price',
            currency: 'usd',
            unit_amount: subscription.unitAmount,
            recurring: { interval: subscription.interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function invoiceJson(
  subscription: FakeSubscription,
  outcome: { paid: boolean; attemptCount: number; nextPaymentAttempt: number | null; reason: string },
  /** Every invoice item: the subscription's pending ones are put on this invoice. */
  invoiceItems: FakeInvoiceItem[] = [],
) {
  const invoiceId = id('in');
  const taken = takePendingItems(invoiceItems, subscription.id, invoiceId);
  const amount = subscription.unitAmount + taken.reduce((sum, item) => sum + item.amount, 0);
  return {
    id: invoiceId,
    object: 'invoice',
    customer: subscription.customer,
    status: outcome.paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: outcome.paid ? amount : 0,
    currency: 'usd',
    attempt_count: outcome.attemptCount,
    next_payment_attempt: outcome.nextPaymentAttempt,
    billing_reason: outcome.reason,
    hosted_invoice_url: `https://invoice.stripe.com/i/${id('acct')}`,
    period_start: subscription.periodStart,
    period_end: subscription.periodEnd,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: 'list',
      data: [
        {
          object: 'line_item',
          amount: subscription.unitAmount,
          period: { start: subscription.periodStart, end: subscription.periodEnd },
        },
        // Since basil an item's line names it under `parent.invoice_item_details` and carries its metadata.
        ...taken.map((item) => ({
          id: id('il'),
          object: 'line_item',
          amount: item.amount,
          currency: item.currency,
          description: item.description,
          metadata: item.metadata,
          period: { start: item.date, end: item.date },
          parent: {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: item.id,
              proration: false,
              proration_details: { credited_items: null },
              subscription: item.subscription,
            },
            subscription_item_details: null,
          },
        })),
      ],
    },
  };
}

/** A new customer and an active subscription for a completed subscription-mode session. */
export function startSubscription(
  session: { customer: string | null; amount_total: number },
  form: Record<string, string>,
  now: number,
): FakeSubscription {
  const interval = form['line_items[0][price_data][recurring][interval]'] === 'year' ? 'year' : 'month';
  return {
    id: id('sub'),
    customer: session.customer ?? id('cus'),
    status: 'active',
    interval,
    unitAmount: session.amount_total,
    metadata: formObject(form, 'subscription_data[metadata]'),
    cancelAtPeriodEnd: false,
    created: now,
    canceledAt: null,
    endedAt: null,
    periodStart: now,
    periodEnd: addPeriod(now, interval),
    cancellationComment: null,
  };
}

/**
 * `GET`/`POST /v1/subscriptions/:id` (cancel_at_period_end, cancellation_details[comment]) and
 * `POST /v1/billing_portal/sessions`; null when the request is for something else.
 */
export function answerBillingRequest(
  request: { method: string; path: string; form: Record<string, string> },
  state: { subscriptions: Map<string, FakeSubscription>; customers: Set<string>; now: () => number },
): { status: number; body: string } | null {
  const found = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
  if (found?.[1]) {
    const subscription = state.subscriptions.get(decodeURIComponent(found[1]));
    if (!subscription) {
      return {
        status: 404,
        body: stripeError('invalid_request_error', `No such subscription: '${found[1]}'`, 'id'),
      };
    }
    if (request.method === 'POST') {
      const cancel = request.form.cancel_at_period_end;
      if (cancel !== undefined) {
        if (subscription.status === 'canceled') {
          return {
            status: 400,
            body: stripeError(
              'invalid_request_error',
              'A canceled subscription can only update its cancellation_details and metadata.',
            ),
          };
        }
        subscription.cancelAtPeriodEnd = cancel === 'true';
        subscription.canceledAt = subscription.cancelAtPeriodEnd ? state.now() : null;
      }
      const comment = request.form['cancellation_details[comment]'];
      if (comment !== undefined) subscription.cancellationComment = comment;
    }
    return { status: 200, body: JSON.stringify(subscriptionJson(subscription)) };
  }
  if (request.method === 'POST' && request.path === '/v1/billing_portal/sessions') {
    const customer = request.form.customer;
    if (!customer) {
      return {
        status: 400,
        body: stripeError('invalid_request_error', 'Missing required param: customer.', 'customer'),
      };
    }
    if (!state.customers.has(customer)) {
      return {
        status: 404,
        body: stripeError('invalid_request_error', `No such customer: '${customer}'`, 'customer'),
      };
    }
    const session = id('bps');
    return {
      status: 200,
      body: JSON.stringify({
        id: session,
        object: 'billing_portal.session',
        customer,
        return_url: request.form.return_url ?? null,
        url: `https://billing.stripe.com/p/session/test_${session.slice(4)}`,
        created: state.now(),
        livemode: false,
      }),
    };
  }
  return null;
}
