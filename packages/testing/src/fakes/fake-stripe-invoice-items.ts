import { createHash, randomBytes } from 'node:crypto';
import { formObject, stripeError } from './fake-stripe-wire';

/** A pending invoice item as Stripe answers it; `invoice` is set once an invoice took it. */
export interface FakeInvoiceItem {
  id: string;
  object: 'invoiceitem';
  customer: string;
  subscription: string | null;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  invoice: string | null;
  date: number;
  livemode: false;
}

export interface InvoiceItemState {
  subscriptions: Map<string, { customer: string }>;
  customers: Set<string>;
  items: FakeInvoiceItem[];
  /** Idempotency-Key → the first answer and a hash of its parameters. */
  idempotent: Map<string, { hash: string; status: number; body: string }>;
  now: () => number;
}

const invalid = (message: string, param?: string) => ({
  status: 400,
  body: stripeError('invalid_request_error', message, param),
});

function createItem(form: Record<string, string>, state: InvoiceItemState) {
  const { customer, amount, currency, subscription } = form;
  if (!customer) return invalid('Missing required param: customer.', 'customer');
  if (!state.customers.has(customer)) return invalid(`No such customer: '${customer}'`, 'customer');
  if (!currency) return invalid('Missing required param: currency.', 'currency');
  if (amount === undefined || !/^-?\d+$/.test(amount)) return invalid('Invalid integer: amount', 'amount');
  if (subscription !== undefined) {
    const found = state.subscriptions.get(subscription);
    if (found?.customer !== customer)
      return invalid(`No such subscription: '${subscription}'`, 'subscription');
  }
  const item: FakeInvoiceItem = {
    id: `ii_${randomBytes(12).toString('hex')}`,
    object: 'invoiceitem',
    customer,
    subscription: subscription ?? null,
    amount: Number(amount),
    currency,
    description: form.description ?? null,
    metadata: formObject(form, 'metadata'),
    invoice: null,
    date: state.now(),
    livemode: false,
  };
  state.items.push(item);
  return { status: 200, body: JSON.stringify(item) };
}

/**
 * `POST /v1/invoiceitems` (customer, amount in minor units, currency, description, subscription, metadata; a reused
 * Idempotency-Key replays the first answer, or 400 idempotency_error with other parameters) and
 * `GET /v1/invoiceitems?customer=&pending=`; null when the request is for something else.
 */
export function answerInvoiceItemRequest(
  request: {
    method: string;
    path: string;
    query: URLSearchParams;
    form: Record<string, string>;
    text: string;
  },
  idempotencyKey: string | undefined,
  state: InvoiceItemState,
): { status: number; body: string } | null {
  if (request.path !== '/v1/invoiceitems') return null;
  if (request.method === 'GET') {
    const customer = request.query.get('customer');
    const pending = request.query.get('pending');
    const data = state.items.filter(
      (item) =>
        (!customer || item.customer === customer) &&
        (pending === null || (pending === 'true') === (item.invoice === null)),
    );
    return {
      status: 200,
      body: JSON.stringify({ object: 'list', url: '/v1/invoiceitems', has_more: false, data }),
    };
  }
  if (request.method !== 'POST') return null;
  const hash = createHash('sha256').update(request.text).digest('hex');
  const previous = idempotencyKey ? state.idempotent.get(idempotencyKey) : undefined;
  if (previous && previous.hash !== hash) {
    return {
      status: 400,
      body: stripeError(
        'idempotency_error',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      ),
    };
  }
  if (previous) return previous;
  const result = createItem(request.form, state);
  // Stripe keeps the answer of a request that ran, not one refused by validation.
  if (idempotencyKey && result.status === 200) state.idempotent.set(idempotencyKey, { hash, ...result });
  return result;
}

/** The subscription's pending items, taken by the invoice `invoiceId` (Stripe pulls them into the next invoice). */
export function takePendingItems(
  items: FakeInvoiceItem[],
  subscriptionId: string,
  invoiceId: string,
): FakeInvoiceItem[] {
  const taken = items.filter((item) => item.subscription === subscriptionId && item.invoice === null);
  for (const item of taken) item.invoice = invoiceId;
  return taken;
}
