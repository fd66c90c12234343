import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerBillingRequest,
  invoiceJson,
  startSubscription,
  stripeError,
  stripeSignature,
  subscriptionJson,
  type FakeCheckoutSession,
  type FakeSubscription,
} from './fake-stripe-billing';
import { createFakeStripeConnect, type FakeStripeConnect } from './fake-stripe-connect';
import {
  answerInvoiceItemRequest,
  type FakeInvoiceItem,
  type InvoiceItemState,
} from './fake-stripe-invoice-items';
import { payOpenInvoice, renewalEvents, type FakeInvoice } from './fake-stripe-renewals';

export { stripeSignature, type FakeCheckoutSession };

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body with bracketed keys kept flat, e.g. `line_items[0][price_data][unit_amount]`. */
  form: Record<string, string>;
}

export interface SignedStripeEvent {
  payload: string;
  /** The Stripe-Signature header: t=<seconds>,v1=<hex HMAC-SHA256 of `${t}.${payload}`>. */
  signature: string;
}

export interface FakeStripeServer {
  url: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** Marks the session paid and returns its `checkout.session.completed` event, signed with `secret`. */
  completeSession(id: string, options: { secret: string; timestamp?: number }): SignedStripeEvent;
  subscriptions: Map<string, FakeSubscription>;
  /** Invoice items added (`POST /v1/invoiceitems`); a paid renewal's invoice takes its subscription's pending ones. */
  invoiceItems: FakeInvoiceItem[];
  /**
   * Completes a subscription-mode session as Stripe does: a customer and an active subscription, and the signed
   * `checkout.session.completed`, `customer.subscription.created` and `invoice.paid` events.
   */
  completeSubscriptionCheckout(id: string, options: { secret: string }): SignedStripeEvent[];
  /**
   * The subscription's renewal: `paid` (invoice.paid, next period), `retrying` (a failed payment with a retry
   * scheduled, past due) or `failed` (the last retry failed, unpaid).
   */
  renewSubscription(
    id: string,
    outcome: 'paid' | 'retrying' | 'failed',
    options: { secret: string },
  ): SignedStripeEvent[];
  /** Renewal invoices by id; one that failed stays open until `payInvoice`. */
  invoices: Map<string, FakeInvoice>;
  /** The open invoice paid now (the customer pays it, or a retry succeeds): `invoice.paid` for it, lines and all. */
  payInvoice(id: string, options: { secret: string }): SignedStripeEvent[];
  /** The subscription ends now (`customer.subscription.deleted`). */
  endSubscription(id: string, options: { secret: string }): SignedStripeEvent;
  /** The subscription's current state as a `customer.subscription.updated` event. */
  subscriptionUpdated(id: string, options: { secret: string }): SignedStripeEvent;
  /** Posts signed events to the webhook in order, as Stripe delivers them. */
  deliver(events: SignedStripeEvent[], webhookUrl: string): Promise<{ status: number; body: string }[]>;
  /** Completes the session and posts the signed event to the webhook the way Stripe delivers it. */
  deliverCompletion(
    id: string,
    options: { webhookUrl: string; secret: string; timestamp?: number },
  ): Promise<{ status: number; body: string }>;
  /** Connected accounts, their onboarding and transfers. */
  connect: FakeStripeConnect;
  /** The next `count` answers to `path` are lost: the request is carried out, then the connection is cut. */
  dropResponses(path: string, count: number): void;
  close(): Promise<void>;
}

/**
 * Stripe's API on loopback, as the stripe SDK speaks it (form-encoded bodies, bearer key, Idempotency-Key):
 * `POST /v1/checkout/sessions` (validated like Stripe: mode, a line item with currency and integer unit_amount,
 * success and cancel URLs; a reused idempotency key replays the first answer, or 400 idempotency_error when the
 * parameters differ), `GET /v1/checkout/sessions/:id`, and a test hook that completes a session by signing its
 * `checkout.session.completed` event. Subscription mode needs a recurring price; completing such a session starts a
 * subscription (`/v1/subscriptions/:id` reads and cancels it at the period's end) and the customer's billing portal
 * (`POST /v1/billing_portal/sessions`). Event `created` times only move forward, one second per event at least.
 * Connect (accounts, account links, transfers) is in fake-stripe-connect.ts; every POST honours Idempotency-Key.
 */
export async function startFakeStripeServer(options: { apiKey: string }): Promise<FakeStripeServer> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const idempotent = new Map<string, { hash: string; status: number; body: string }>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Set<string>();
  const invoices = new Map<string, FakeInvoice>();
  const forms = new Map<string, Record<string, string>>();
  const items: InvoiceItemState = {
    subscriptions,
    customers,
    items: [],
    idempotent: new Map(),
    now: () => nextCreated(),
  };
  let lastCreated = 0;
  const nextCreated = () => (lastCreated = Math.max(Math.floor(Date.now() / 1000), lastCreated + 1));

  const createSession = (form: Record<string, string>): { status: number; body: string } => {
    const missing = (param: string) => ({
      status: 400,
      body: stripeError('invalid_request_error', `Missing required param: ${param}.`, param),
    });
    if (!form.mode) return missing('mode');
    if (!['payment', 'setup', 'subscription'].includes(form.mode)) {
      return { status: 400, body: stripeError('invalid_request_error', 'Invalid mode', 'mode') };
    }
    const currency = form['line_items[0][price_data][currency]'];
    const unitAmount = form['line_items[0][price_data][unit_amount]'];
    if (!currency) return missing('line_items[0][price_data][currency]');
    if (!unitAmount || !/^\d+$/.test(unitAmount) || Number(unitAmount) < 50) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          "The Checkout Session's total amount due must add up to at least $0.50 usd",
          'line_items[0][price_data][unit_amount]',
        ),
      };
    }
    if (!form.success_url) return missing('success_url');
    const interval = form['line_items[0][price_data][recurring][interval]'];
    if (form.mode === 'subscription' && !['day', 'week', 'month', 'year'].includes(interval ?? '')) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          'You must provide at least one recurring price in `subscription` mode when using prices.',
          'line_items',
        ),
      };
    }
    if (form.customer && !customers.has(form.customer)) {
      return {
        status: 400,
        body: stripeError('invalid_request_error', `No such customer: '${form.customer}'`, 'customer'),
      };
    }
    const quantity = Number(form['line_items[0][quantity]'] ?? '1');
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: form.mode,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(unitAmount) * quantity,
      currency,
      client_reference_id: form.client_reference_id ?? null,
      success_url: form.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id),
      cancel_url: form.cancel_url ?? null,
      metadata,
      created: Math.floor(Date.now() / 1000),
      customer: form.customer ?? null,
      subscription: null,
    };
    sessions.set(id, session);
    forms.set(id, form);
    return { status: 200, body: JSON.stringify(session) };
  };

  const connect = createFakeStripeConnect();
  const drops = new Map<string, number>();
  const route = (method: string, url: URL, form: Record<string, string>, text: string, key?: string) => {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const item = answerInvoiceItemRequest({ method, path, query: url.searchParams, form, text }, key, items);
    if (item) return item;
    const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && found?.[1]) {
      const session = sessions.get(decodeURIComponent(found[1]));
      if (session) return { status: 200, body: JSON.stringify(session) };
      const message = `No such checkout.session: '${found[1]}'`;
      return { status: 404, body: stripeError('invalid_request_error', message, 'session') };
    }
    const now = () => Math.floor(Date.now() / 1000);
    return (
      answerBillingRequest({ method, path, form }, { subscriptions, customers, now }) ??
      connect.answer({ method, path, form }) ?? {
        status: 404,
        body: stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
      }
    );
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? '';
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push({ method, path: url.pathname, headers: request.headers, form });
      const answer = (status: number, body: string) => {
        const dropping = drops.get(url.pathname) ?? 0;
        if (dropping > 0) {
          drops.set(url.pathname, dropping - 1);
          request.socket.destroy();
          return;
        }
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        response.end(body);
      };
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
        answer(401, stripeError('invalid_request_error', 'Invalid API Key provided'));
        return;
      }
      // Stripe replays a POST's first answer to the same Idempotency-Key, and refuses it with other parameters.
      const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
      const hash = createHash('sha256').update(text).digest('hex');
      const previous = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (previous && previous.hash !== hash) {
        const message =
          'Keys for idempotent requests can only be used with the same parameters they were first used with.';
        answer(400, stripeError('idempotency_error', message));
        return;
      }
      const result = previous ?? route(method, url, form, text, typeof key === 'string' ? key : undefined);
      if (typeof key === 'string' && !previous && result.status < 500)
        idempotent.set(key, { hash, ...result });
      answer(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const completeSession: FakeStripeServer['completeSession'] = (id, signing) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`The fake Stripe has no session ${id}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    const created = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: null,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: { object: session },
    });
    return { payload, signature: stripeSignature(payload, signing.secret, signing.timestamp ?? created) };
  };

  const signEvent = (type: string, object: object, secret: string): SignedStripeEvent => {
    const created = nextCreated();
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: null,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    return { payload, signature: stripeSignature(payload, secret, Math.floor(Date.now() / 1000)) };
  };
  const subscriptionOf = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`The fake Stripe has no subscription ${id}`);
    return subscription;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    invoiceItems: items.items,
    invoices,
    completeSession,
    completeSubscriptionCheckout(id, { secret }) {
      const session = sessions.get(id);
      const form = forms.get(id);
      if (session?.mode !== 'subscription' || !form) throw new Error(`${id} is no subscription checkout`);
      const subscription = startSubscription(session, form, Math.floor(Date.now() / 1000));
      subscriptions.set(subscription.id, subscription);
      customers.add(subscription.customer);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: subscription.customer,
        subscription: subscription.id,
      });
      return [
        signEvent('checkout.session.completed', session, secret),
        signEvent('customer.subscription.created', subscriptionJson(subscription), secret),
        signEvent(
          'invoice.paid',
          invoiceJson(subscription, {
            paid: true,
            attemptCount: 1,
            nextPaymentAttempt: null,
            reason: 'subscription_create',
          }),
          secret,
        ),
      ];
    },
    renewSubscription(id, outcome, { secret }) {
      const events = renewalEvents(
        subscriptionOf(id),
        outcome,
        items.items,
        invoices,
        Math.floor(Date.now() / 1000),
      );
      return events.map(([type, object]) => signEvent(type, object, secret));
    },
    payInvoice(id, { secret }) {
      const invoice = invoices.get(id);
      const events = payOpenInvoice(
        invoice,
        subscriptionOf(invoice?.parent.subscription_details.subscription ?? ''),
      );
      return events.map(([type, object]) => signEvent(type, object, secret));
    },
    endSubscription(id, { secret }) {
      const subscription = subscriptionOf(id);
      subscription.status = 'canceled';
      subscription.endedAt = Math.floor(Date.now() / 1000);
      subscription.canceledAt ??= subscription.endedAt;
      return signEvent('customer.subscription.deleted', subscriptionJson(subscription), secret);
    },
    subscriptionUpdated(id, { secret }) {
      return signEvent('customer.subscription.updated', subscriptionJson(subscriptionOf(id)), secret);
    },
    async deliver(events, webhookUrl) {
      const answers: { status: number; body: string }[] = [];
      for (const event of events) {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': event.signature,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: event.payload,
        });
        answers.push({ status: response.status, body: await response.text() });
      }
      return answers;
    },
    async deliverCompletion(id, delivery) {
      const event = completeSession(id, delivery);
      const response = await fetch(delivery.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': event.signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: event.payload,
      });
      return { status: response.status, body: await response.text() };
    },
    connect,
    dropResponses(path, count) {
      drops.set(path, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
