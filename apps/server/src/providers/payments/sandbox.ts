import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../platform/app-error';
import { checkSandboxCard, type SandboxCard } from './sandbox-card';
import { parseStripeEvent } from './stripe';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentsProvider } from './types';

/** A signed `checkout.session.completed` delivery, ready to post to the webhook. */
export interface SignedDelivery {
  payload: string;
  signature: string;
}

/**
 * The offline card processor: checkout sessions kept in memory, a checkout page in the app (/app/dev/checkout/:id)
 * that takes Stripe's test cards, and on payment a `checkout.session.completed` event signed the way Stripe signs
 * (with the sandbox's own secret), which the caller posts to the same webhook Stripe would.
 */
export class SandboxPayments implements PaymentsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly sessions = new Map<string, CheckoutSession>();
  private readonly byIdempotencyKey = new Map<string, string>();
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
    };
    this.sessions.set(id, session);
    this.byIdempotencyKey.set(request.idempotencyKey, id);
    return Promise.resolve(session);
  }

  getCheckout(id: string): Promise<CheckoutSession | null> {
    return Promise.resolve(this.sessions.get(id) ?? null);
  }

  /** Charges a test card; on success the session completes and its signed event is returned for delivery. */
  payCheckout(id: string, card: SandboxCard): SignedDelivery {
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
    const completed: CheckoutSession = { ...session, status: 'complete', paymentStatus: 'paid' };
    this.sessions.set(id, completed);
    return this.sign(completed);
  }

  /** The event Stripe sends when a session completes, signed now. */
  sign(session: CheckoutSession): SignedDelivery {
    const payload = JSON.stringify({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: null,
      pending_webhooks: 1,
      request: null,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
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
        },
      },
    });
    const signature = this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
    return { payload, signature };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return parseStripeEvent(this.stripe, rawBody, signature, this.secret);
  }
}
