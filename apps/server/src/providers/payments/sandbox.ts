import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../platform/app-error';
import { checkSandboxCard, type SandboxCard } from './sandbox-card';
import {
  cardBrand,
  invoiceObject,
  newSandboxSubscription,
  periodEnd,
  subscriptionObject,
  type SandboxSubscription,
} from './sandbox-subscriptions';
import { parseStripeEvent } from './stripe';
import type {
  CheckoutRequest,
  CheckoutSession,
  InvoiceItemRequest,
  PaymentEvent,
  PaymentsProvider,
  SubscriptionCheckoutRequest,
  SubscriptionSnapshot,
} from './types';

/** A signed event delivery, ready to post to the webhook. */
export interface SignedDelivery {
  payload: string;
  signature: string;
}

/**
 * The offline card processor: checkout sessions kept in memory, a checkout page in the app (/app/dev/checkout/:id)
 * that takes Stripe's test cards, and on payment a `checkout.session.completed` event signed the way Stripe signs
 * (with the sandbox's own secret), which the caller posts to the same webhook Stripe would. A subscription-mode
 * session also starts a subscription (`customer.subscription.created`, `invoice.paid`); renewals are run on
 * request (paid, or failed after the retries), and the billing portal is a page of the app.
 */
export class SandboxPayments implements PaymentsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly sessions = new Map<string, CheckoutSession>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly subscriptions = new Map<string, SandboxSubscription>();
  private readonly subscriptionPlans = new Map<string, { productPlanId: string; term: 'month' | 'year' }>();
  private readonly customers = new Map<number, string>();
  private readonly portals = new Map<string, { accountId: number; returnUrl: string }>();
  private readonly invoiceItems = new Map<string, string>();
  private readonly secret = `whsec_sandbox_${randomBytes(24).toString('hex')}`;
  // Only the SDK's webhook signing and verification are used; nothing leaves the process.
  private readonly stripe = new Stripe('sk_test_sandbox', { telemetry: false });

  constructor(private readonly publicUrl: string) {}

  createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const existing = this.byIdempotencyKey.get(request.idempotencyKey);
    const known = existing ? this.sessions.get(existing) : undefined;
    if (known) return Promise.resolve(known);
    const id = `cs_test_sandbox_${randomBytes(12).toString('hex')}`;
    const session: CheckoutSession = {
      id,
      url: `${this.publicUrl}/app/dev/checkout/${id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      accountId: request.accountId,
      purpose: request.purpose,
      successUrl: request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: request.cancelUrl,
      mode: 'payment',
      subscriptionId: null,
      customerId: null,
    };
    this.sessions.set(id, session);
    this.byIdempotencyKey.set(request.idempotencyKey, id);
    return Promise.resolve(session);
  }

  getCheckout(id: string): Promise<CheckoutSession | null> {
    return Promise.resolve(this.sessions.get(id) ?? null);
  }

  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    const existing = this.byIdempotencyKey.get(request.idempotencyKey);
    const known = existing ? this.sessions.get(existing) : undefined;
    if (known) return Promise.resolve(known);
    const id = `cs_test_sandbox_${randomBytes(12).toString('hex')}`;
    const session: CheckoutSession = {
      id,
      url: `${this.publicUrl}/app/dev/checkout/${id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      amountCents: request.amountCents,
      currency: 'usd',
      description: request.description,
      accountId: request.accountId,
      purpose: null,
      successUrl: request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: request.cancelUrl,
      mode: 'subscription',
      subscriptionId: null,
      customerId: request.customerId,
    };
    this.sessions.set(id, session);
    this.subscriptionPlans.set(id, { productPlanId: request.productPlanId, term: request.term });
    this.byIdempotencyKey.set(request.idempotencyKey, id);
    return Promise.resolve(session);
  }

  /**
   * Charges a test card; on success the session completes and its signed events are returned for delivery, in
   * Stripe's order (for a subscription: the checkout, the subscription, its first invoice paid).
   */
  payCheckout(id: string, card: SandboxCard): SignedDelivery[] {
    const session = this.sessions.get(id);
    if (!session) throw new AppError('NOT_FOUND', 'No sandbox checkout session has this id');
    if (session.status !== 'open') {
      throw new AppError('CONFLICT', `This checkout session is already ${session.status}`);
    }
    const check = checkSandboxCard(card);
    if (!check.ok) {
      throw new AppError(check.declined ? 'PAYMENT_REQUIRED' : 'VALIDATION_FAILED', check.message, {
        field: check.field,
      });
    }
    const plan = this.subscriptionPlans.get(id);
    if (session.mode !== 'subscription' || !plan || session.accountId === null) {
      const completed: CheckoutSession = { ...session, status: 'complete', paymentStatus: 'paid' };
      this.sessions.set(id, completed);
      return [this.sign(completed)];
    }
    const customerId =
      session.customerId ??
      this.customers.get(session.accountId) ??
      `cus_sandbox_${randomBytes(12).toString('hex')}`;
    this.customers.set(session.accountId, customerId);
    const number = card.number.replace(/[\s-]/g, '');
    const subscription = newSandboxSubscription(
      session,
      { ...plan, customerId },
      { brand: cardBrand(number), last4: number.slice(-4) },
    );
    this.subscriptions.set(subscription.id, subscription);
    const completed: CheckoutSession = {
      ...session,
      status: 'complete',
      paymentStatus: 'paid',
      subscriptionId: subscription.id,
      customerId,
    };
    this.sessions.set(id, completed);
    return [
      this.sign(completed),
      this.signEvent('customer.subscription.created', subscriptionObject(subscription)),
      this.signEvent(
        'invoice.paid',
        invoiceObject(subscription, {
          paid: true,
          attemptCount: 1,
          nextPaymentAttempt: null,
          reason: 'subscription_create',
        }),
      ),
    ];
  }

  cancelAtPeriodEnd(
    subscriptionId: string,
    reason: { comment: string; idempotencyKey: string; known?: SubscriptionSnapshot },
  ): Promise<SubscriptionSnapshot> {
    const subscription = this.subscriptionOrKnown(subscriptionId, reason.known);
    subscription.cancelAtPeriodEnd = true;
    return Promise.resolve({ ...subscription });
  }

  createPortalSession(input: { customerId: string; accountId: number; returnUrl: string }) {
    const id = `bps_sandbox_${randomBytes(12).toString('hex')}`;
    this.portals.set(id, { accountId: input.accountId, returnUrl: input.returnUrl });
    return Promise.resolve({ id, url: `${this.publicUrl}/app/dev/billing-portal/${id}` });
  }

  /** Keeps the item for the subscription's next paid invoice; a key seen before answers the first item. */
  addInvoiceItem(item: InvoiceItemRequest): Promise<{ id: string }> {
    const known = this.invoiceItems.get(item.idempotencyKey);
    if (known) return Promise.resolve({ id: known });
    const subscription = this.subscriptions.get(item.subscriptionId);
    if (subscription?.customerId !== item.customerId) {
      return Promise.reject(
        new AppError('NOT_FOUND', `The sandbox has no subscription ${item.subscriptionId} of this customer`),
      );
    }
    const id = `ii_sandbox_${randomBytes(12).toString('hex')}`;
    (subscription.pendingItems ??= []).push({
      id,
      amountCents: item.amountCents,
      description: item.description,
      metadata: item.metadata,
    });
    this.invoiceItems.set(item.idempotencyKey, id);
    return Promise.resolve({ id });
  }

  /** The account and return address of a sandbox portal session; null when unknown. */
  portalSession(id: string): { accountId: number; returnUrl: string } | null {
    return this.portals.get(id) ?? null;
  }

  /**
   * Runs the subscription's renewal now: `paid` starts the next period (invoice.paid); `failed` is the renewal
   * failing through Stripe's retries (payment_failed, past due; then the last try, unpaid).
   */
  renew(subscriptionId: string, outcome: 'paid' | 'failed', known?: SubscriptionSnapshot): SignedDelivery[] {
    const subscription = this.subscriptionOrKnown(subscriptionId, known);
    if (subscription.status === 'canceled') {
      throw new AppError('CONFLICT', 'This subscription has ended; there is nothing to renew');
    }
    if (outcome === 'paid') {
      if (subscription.status === 'active' || subscription.status === 'trialing') {
        subscription.currentPeriodStart = subscription.currentPeriodEnd;
        subscription.currentPeriodEnd = periodEnd(
          subscription.currentPeriodStart ?? 0,
          subscription.term ?? 'month',
        );
      }
      subscription.status = 'active';
      // The items added since the last invoice are on this one.
      const invoice = invoiceObject(
        subscription,
        { paid: true, attemptCount: 1, nextPaymentAttempt: null, reason: 'subscription_cycle' },
        subscription.pendingItems,
      );
      subscription.pendingItems = [];
      return [
        this.signEvent('invoice.paid', invoice),
        this.signEvent('customer.subscription.updated', subscriptionObject(subscription)),
      ];
    }
    const retryAt = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const first = invoiceObject(subscription, {
      paid: false,
      attemptCount: 1,
      nextPaymentAttempt: retryAt,
      reason: 'subscription_cycle',
    });
    subscription.status = 'past_due';
    const pastDue = this.signEvent('customer.subscription.updated', subscriptionObject(subscription));
    subscription.status = 'unpaid';
    return [
      this.signEvent('invoice.payment_failed', first),
      pastDue,
      this.signEvent('invoice.payment_failed', { ...first, attempt_count: 4, next_payment_attempt: null }),
      this.signEvent('customer.subscription.updated', subscriptionObject(subscription)),
    ];
  }

  private subscriptionOrKnown(id: string, known?: SubscriptionSnapshot): SandboxSubscription {
    const held = this.subscriptions.get(id);
    if (held) return held;
    // The sandbox forgets its subscriptions on a restart; the organization's billing data remembers them.
    if (!known) throw new AppError('NOT_FOUND', 'The sandbox has no subscription with this id');
    const restored: SandboxSubscription = { ...known, amountCents: 0, description: '' };
    this.subscriptions.set(id, restored);
    return restored;
  }

  /** The event Stripe sends when a session completes, signed now. */
  sign(session: CheckoutSession): SignedDelivery {
    return this.signEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode,
      subscription: session.subscriptionId,
      customer: session.customerId,
      url: null,
      status: session.status,
      payment_status: session.paymentStatus,
      amount_total: session.amountCents,
      currency: session.currency,
      client_reference_id: session.accountId === null ? null : `account_${session.accountId}`,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      metadata: {
        accountId: String(session.accountId ?? ''),
        purpose: session.purpose ?? '',
        description: session.description,
      },
    });
  }

  /** An event of `type` about `object`, as Stripe delivers it, signed now with the sandbox's secret. */
  signEvent(type: string, object: object): SignedDelivery {
    const payload = JSON.stringify({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: null,
      pending_webhooks: 1,
      request: null,
      data: { object },
    });
    const signature = this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
    return { payload, signature };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return parseStripeEvent(this.stripe, rawBody, signature, this.secret);
  }
}
