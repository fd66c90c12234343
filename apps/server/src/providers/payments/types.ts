/** What a checkout is for; the webhook credits by it. */
export type CheckoutPurpose = 'wallet_top_up' | 'payment_link';

export type BillingInterval = 'month' | 'year';

export interface CheckoutRequest {
  /** Derived from our own ids, so a retried request opens the same session. */
  idempotencyKey: string;
  /** Integer cents. */
  amountCents: number;
  currency: 'usd';
  /** The line the payer sees on the checkout page. */
  description: string;
  /** The account credited when the payment completes. */
  accountId: number;
  purpose: CheckoutPurpose;
  /** May hold `{CHECKOUT_SESSION_ID}`, replaced with the session's id. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the payer enters their card. */
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountCents: number;
  currency: string;
  description: string;
  accountId: number | null;
  purpose: CheckoutPurpose | null;
  successUrl: string;
  cancelUrl: string;
  /** `payment` for wallet top-ups and payment links, `subscription` for plans. */
  mode: 'payment' | 'subscription' | 'setup';
  /** Set once a subscription-mode session completes. */
  subscriptionId: string | null;
  customerId: string | null;
}

/** A webhook event whose signature checked out; only what money-in acts on is read from it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The checkout session of `checkout.session.*` events. */
  session: CheckoutSession | null;
  /** When the provider created the event (epoch seconds): later reports win over earlier ones. */
  created: number;
  /** The subscription of `customer.subscription.*` events. */
  subscription: SubscriptionSnapshot | null;
  /** The invoice of `invoice.*` events. */
  invoice: InvoiceSnapshot | null;
}

/** Card payments: hosted checkout sessions, subscriptions and the signed events that report them. */
export interface PaymentsProvider extends SubscriptionsProvider {
  readonly name: string;
  readonly sandbox: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Null when the provider has no such session. */
  getCheckout(id: string): Promise<CheckoutSession | null>;
  /**
   * Verifies `Stripe-Signature` over the raw body (tolerance 300 s) and parses the event; throws
   * `WebhookSignatureError` when it is missing, tampered or stale.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** A plan's subscription checkout: a recurring price of the plan's amount per term. */
export interface SubscriptionCheckoutRequest {
  idempotencyKey: string;
  /** The organization that subscribes. */
  accountId: number;
  productPlanId: string;
  /** The line the payer sees: the plan's name and term. */
  description: string;
  term: BillingInterval;
  /** Integer cents per term. */
  amountCents: number;
  /** The organization's customer at the provider, when it has one already. */
  customerId: string | null;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider reports it; the organization and plan travel in its metadata. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  accountId: number | null;
  productPlanId: string | null;
  term: BillingInterval | null;
  cancelAtPeriodEnd: boolean;
  /** Epoch seconds. */
  created: number;
  canceledAt: number | null;
  endedAt: number | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  card: { brand: string; last4: string } | null;
}

export interface InvoiceSnapshot {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  accountId: number | null;
  status: string;
  amountDueCents: number;
  amountPaidCents: number;
  currency: string;
  attemptCount: number;
  /** Epoch seconds of the next automatic retry; null once the retries are over. */
  nextPaymentAttempt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  hostedUrl: string | null;
  /** `subscription_create`, `subscription_cycle` (a renewal), … */
  billingReason: string | null;
  /** The invoice items it bills (a period's overage put on it): each line's item, amount and the item's metadata. */
  items: InvoiceItemLine[];
}

export interface InvoiceItemLine {
  invoiceItemId: string;
  amountCents: number;
  metadata: Record<string, string>;
}

/** Plans: subscription checkouts, cancellation at the period's end and the customer's billing portal. */
export interface SubscriptionsProvider {
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /** Sets the subscription to end at its period's end; the reason is kept with the provider. */
  cancelAtPeriodEnd(
    subscriptionId: string,
    reason: { comment: string; idempotencyKey: string; known?: SubscriptionSnapshot },
  ): Promise<SubscriptionSnapshot>;
  createPortalSession(input: {
    customerId: string;
    accountId: number;
    returnUrl: string;
  }): Promise<{ id: string; url: string }>;
  /**
   * Adds a one-off line (a period's overage) to the subscription's next invoice; the same idempotency key adds
   * it once however often it is sent.
   */
  addInvoiceItem(item: InvoiceItemRequest): Promise<{ id: string }>;
}

/** A line for the subscription's next invoice, in integer cents. */
export interface InvoiceItemRequest {
  idempotencyKey: string;
  customerId: string;
  subscriptionId: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  metadata: Record<string, string>;
}

export class WebhookSignatureError extends Error {}

/** Stripe's default tolerance for the signature's timestamp. */
export const webhookToleranceSeconds = 300;
