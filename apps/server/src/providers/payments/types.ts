/** What a checkout is for; the webhook credits by it. */
export type CheckoutPurpose = 'wallet_top_up' | 'payment_link';

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
}

/** A webhook event whose signature checked out; only what money-in acts on is read from it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The checkout session of `checkout.session.*` events. */
  session: CheckoutSession | null;
}

/** Card payments: hosted checkout sessions and the signed events that report them paid. */
export interface PaymentsProvider {
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

export class WebhookSignatureError extends Error {}

/** Stripe's default tolerance for the signature's timestamp. */
export const webhookToleranceSeconds = 300;
