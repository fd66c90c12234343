import Stripe from 'stripe';
import { toInvoiceSnapshot, toSubscriptionSnapshot } from './stripe-objects';
import {
  WebhookSignatureError,
  webhookToleranceSeconds,
  type CheckoutPurpose,
  type CheckoutRequest,
  type CheckoutSession,
  type InvoiceItemRequest,
  type PaymentEvent,
  type PaymentsProvider,
  type SubscriptionCheckoutRequest,
  type SubscriptionSnapshot,
} from './types';

const purposes = ['wallet_top_up', 'payment_link'] as const satisfies readonly CheckoutPurpose[];

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  values.find((known) => known === value) ?? null;

/** Our view of a Stripe Checkout Session; the account and purpose travel in its metadata. */
export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const metadata = session.metadata ?? {};
  const accountId = Number(metadata.accountId);
  const purpose = oneOf(purposes, metadata.purpose);
  return {
    id: session.id,
    url: session.url ?? '',
    status: oneOf(['complete', 'expired'] as const, session.status) ?? 'open',
    paymentStatus: oneOf(['paid', 'no_payment_required'] as const, session.payment_status) ?? 'unpaid',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    description: metadata.description ?? '',
    accountId: Number.isSafeInteger(accountId) && accountId > 0 ? accountId : null,
    purpose,
    successUrl: session.success_url ?? '',
    cancelUrl: session.cancel_url ?? '',
    mode: oneOf(['subscription', 'setup'] as const, session.mode) ?? 'payment',
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Turns a raw webhook delivery into our event, throwing WebhookSignatureError when Stripe's check fails. */
export function parseStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): PaymentEvent {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, webhookToleranceSeconds);
  } catch (error) {
    throw new WebhookSignatureError(
      error instanceof Error ? error.message : 'The Stripe-Signature header does not match',
    );
  }
  const object = event.data.object as { object?: string };
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    session:
      object.object === 'checkout.session' ? toCheckoutSession(object as Stripe.Checkout.Session) : null,
    subscription:
      object.object === 'subscription' ? toSubscriptionSnapshot(object as Stripe.Subscription) : null,
    invoice: object.object === 'invoice' ? toInvoiceSnapshot(object as Stripe.Invoice) : null,
  };
}

/**
 * Stripe through its official SDK: Checkout Sessions (mode payment for top-ups, subscription for plans),
 * subscriptions canceled at the period's end, the customer portal, and signed webhook events.
 */
export class StripePayments implements PaymentsProvider {
  readonly name = 'stripe';
  readonly sandbox = false;
  private readonly stripe: Stripe;

  constructor(
    private readonly options: { secretKey: string; webhookSecret: string; apiUrl?: string | undefined },
  ) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: `account_${request.accountId}`,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: {
          accountId: String(request.accountId),
          purpose: request.purpose,
          description: request.description,
        },
        payment_intent_data: {
          metadata: { accountId: String(request.accountId), purpose: request.purpose },
        },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return toCheckoutSession(session);
  }

  async getCheckout(id: string): Promise<CheckoutSession | null> {
    try {
      return toCheckoutSession(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    const metadata = {
      accountId: String(request.accountId),
      productPlanId: request.productPlanId,
      term: request.term,
    };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        client_reference_id: `account_${request.accountId}`,
        ...(request.customerId
          ? { customer: request.customerId }
          : request.email
            ? { customer_email: request.email }
            : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              recurring: { interval: request.term },
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { ...metadata, description: request.description },
        subscription_data: { metadata },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return toCheckoutSession(session);
  }

  async cancelAtPeriodEnd(
    subscriptionId: string,
    reason: { comment: string; idempotencyKey: string },
  ): Promise<SubscriptionSnapshot> {
    const subscription = await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: true, cancellation_details: { comment: reason.comment.slice(0, 5000) } },
      { idempotencyKey: reason.idempotencyKey },
    );
    return toSubscriptionSnapshot(subscription);
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }) {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { id: session.id, url: session.url };
  }

  async addInvoiceItem(item: InvoiceItemRequest): Promise<{ id: string }> {
    // A pending invoice item with `subscription` is pulled into that subscription's next invoice.
    const created = await this.stripe.invoiceItems.create(
      {
        customer: item.customerId,
        subscription: item.subscriptionId,
        amount: item.amountCents,
        currency: item.currency,
        description: item.description,
        metadata: item.metadata,
      },
      { idempotencyKey: item.idempotencyKey },
    );
    return { id: created.id };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return parseStripeEvent(this.stripe, rawBody, signature, this.options.webhookSecret);
  }
}
