import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePayPalItemStatus =
  'PENDING' | 'SUCCESS' | 'FAILED' | 'UNCLAIMED' | 'RETURNED' | 'REVERSED' | 'BLOCKED' | 'ONHOLD';

interface FakeBatch {
  payoutBatchId: string;
  senderBatchId: string;
  batchStatus: 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED';
  itemId: string;
  itemStatus: FakePayPalItemStatus;
  item: Record<string, unknown>;
  error: { name: string; message: string } | null;
}

export interface FakePayPalServer {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  batches: Map<string, FakeBatch>;
  /** The next create-batch request is answered with a dropped connection, as a timeout would look. */
  dropNextCreate(): void;
  /** While on, reading a batch answers 503 (PayPal's outage), as it does until switched off. */
  failReads(on: boolean): void;
  /** Moves the batch's item to a status, as PayPal does as it pays (or fails, or later returns) it. */
  setItemStatus(
    payoutBatchId: string,
    status: FakePayPalItemStatus,
    error?: { name: string; message: string },
  ): void;
  /** Posts a signed PAYMENT.PAYOUTS-ITEM.* event for the batch to the webhook, as PayPal delivers it. */
  deliverItemEvent(
    payoutBatchId: string,
    eventType: string,
    webhookUrl: string,
    options?: { forged?: boolean },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const id = (length = 13) => randomBytes(16).toString('hex').toUpperCase().slice(0, length);

/**
 * PayPal's REST API for Payouts on loopback: OAuth2 client credentials (`POST /v1/oauth2/token` with Basic auth),
 * `POST /v1/payments/payouts` (Bearer; PayPal-Request-Id replays the first answer; a reused sender_batch_id is
 * refused with DUPLICATE_SENDER_BATCH_ID), `GET /v1/payments/payouts/{id}` with its item, and
 * `POST /v1/notifications/verify-webhook-signature`, which confirms only the deliveries this fake signed. A
 * receiver containing "declined" comes back FAILED (RECEIVER_UNREGISTERED) when read, as PayPal validates later.
 */
export async function startFakePayPalServer(): Promise<FakePayPalServer> {
  const clientId = `client-${id()}`;
  const clientSecret = `secret-${id()}`;
  const webhookId = `WH-${id()}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const batches = new Map<string, FakeBatch>();
  const bySenderId = new Map<string, string>();
  const replies = new Map<string, { status: number; body: string }>();
  const requests: FakePayPalServer['requests'] = [];
  let dropNext = false;
  let readsFail = false;

  const batchJson = (batch: FakeBatch) => ({
    batch_header: {
      payout_batch_id: batch.payoutBatchId,
      batch_status: batch.batchStatus,
      sender_batch_header: { sender_batch_id: batch.senderBatchId },
    },
    items: [
      {
        payout_item_id: batch.itemId,
        transaction_status: batch.itemStatus,
        payout_batch_id: batch.payoutBatchId,
        payout_item: batch.item,
        ...(batch.error && { errors: batch.error }),
      },
    ],
  });

  const createBatch = (body: Record<string, unknown>): { status: number; body: string } => {
    const header = (body.sender_batch_header ?? {}) as Record<string, unknown>;
    const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    const item = items[0];
    const senderBatchId = typeof header.sender_batch_id === 'string' ? header.sender_batch_id : '';
    const invalid = (field: string, issue: string) => ({
      status: 400,
      body: JSON.stringify({
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        details: [{ field, location: 'body', issue }],
      }),
    });
    if (!senderBatchId) return invalid('sender_batch_header.sender_batch_id', 'MISSING_REQUIRED_PARAMETER');
    if (!item || typeof item.receiver !== 'string')
      return invalid('items[0].receiver', 'MISSING_REQUIRED_PARAMETER');
    const amount = (item.amount ?? {}) as Record<string, unknown>;
    if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
      return invalid('items[0].amount.value', 'INVALID_PARAMETER_SYNTAX');
    }
    const existing = bySenderId.get(senderBatchId);
    if (existing) {
      return {
        status: 400,
        body: JSON.stringify({
          name: 'USER_BUSINESS_ERROR',
          message: 'Batch with given sender_batch_id already exists',
          details: [{ issue: 'DUPLICATE_SENDER_BATCH_ID' }],
          links: [{ href: `/v1/payments/payouts/${existing}`, rel: 'self', method: 'GET' }],
        }),
      };
    }
    const batch: FakeBatch = {
      payoutBatchId: id(),
      senderBatchId,
      batchStatus: 'PENDING',
      itemId: id(),
      itemStatus: 'PENDING',
      item,
      error: null,
    };
    if (item.receiver.includes('declined')) {
      batch.itemStatus = 'FAILED';
      batch.batchStatus = 'SUCCESS';
      batch.error = { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' };
    }
    batches.set(batch.payoutBatchId, batch);
    bySenderId.set(senderBatchId, batch.payoutBatchId);
    return { status: 201, body: JSON.stringify({ batch_header: batchJson(batch).batch_header, links: [] }) };
  };

  const signatureOf = (transmissionId: string, time: string, eventId: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${eventId}`)
      .digest('base64');

  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (chunk: Buffer) => parts.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = Buffer.concat(parts).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        // form bodies (the token request) stay text
      }
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
      const answer = (status: number, json: string) => {
        response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': id(10) });
        response.end(json);
      };
      if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== basic || !text.includes('grant_type=client_credentials')) {
          answer(
            401,
            JSON.stringify({ error: 'invalid_client', error_description: 'Client Authentication failed' }),
          );
          return;
        }
        const token = `A21AA${id(24)}`;
        tokens.add(token);
        answer(
          200,
          JSON.stringify({
            scope: 'https://uri.paypal.com/services/payments/payouts',
            access_token: token,
            token_type: 'Bearer',
            app_id: 'APP-FAKE',
            expires_in: 32400,
            nonce: id(20),
          }),
        );
        return;
      }
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(bearer)) {
        answer(401, JSON.stringify({ name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' }));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/payments/payouts') {
        const requestId = request.headers['paypal-request-id'];
        const previous = typeof requestId === 'string' ? replies.get(requestId) : undefined;
        const result = previous ?? createBatch(body as Record<string, unknown>);
        if (typeof requestId === 'string' && !previous && result.status < 500) replies.set(requestId, result);
        if (dropNext) {
          // The batch was created; only the answer is lost.
          dropNext = false;
          request.socket.destroy();
          return;
        }
        answer(result.status, result.body);
        return;
      }
      const found = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && found?.[1] && readsFail) {
        answer(503, JSON.stringify({ name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' }));
        return;
      }
      if (request.method === 'GET' && found?.[1]) {
        const batch = batches.get(decodeURIComponent(found[1]));
        if (batch) answer(200, JSON.stringify(batchJson(batch)));
        else
          answer(
            404,
            JSON.stringify({ name: 'RESOURCE_NOT_FOUND', message: 'The requested resource was not found' }),
          );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        const input = body as Record<string, unknown>;
        const event = (input.webhook_event ?? {}) as { id?: unknown };
        const expected = signatureOf(
          String(input.transmission_id),
          String(input.transmission_time),
          String(event.id),
        );
        const ok = input.webhook_id === webhookId && input.transmission_sig === expected;
        answer(200, JSON.stringify({ verification_status: ok ? 'SUCCESS' : 'FAILURE' }));
        return;
      }
      answer(
        404,
        JSON.stringify({ name: 'NOT_FOUND', message: `No route ${request.method} ${url.pathname}` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const batchOrThrow = (payoutBatchId: string) => {
    const batch = batches.get(payoutBatchId);
    if (!batch) throw new Error(`The fake PayPal has no batch ${payoutBatchId}`);
    return batch;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    webhookId,
    requests,
    batches,
    dropNextCreate: () => {
      dropNext = true;
    },
    failReads: (on) => {
      readsFail = on;
    },
    setItemStatus(payoutBatchId, status, error) {
      const batch = batchOrThrow(payoutBatchId);
      batch.itemStatus = status;
      batch.batchStatus = 'SUCCESS';
      batch.error = error ?? null;
    },
    async deliverItemEvent(payoutBatchId, eventType, webhookUrl, options = {}) {
      const batch = batchOrThrow(payoutBatchId);
      const event = {
        id: `WH-${id(17)}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: eventType,
        resource: batchJson(batch).items[0],
      };
      const transmissionId = randomBytes(16).toString('hex');
      const time = new Date().toISOString();
      const signature = options.forged ? 'forged' : signatureOf(transmissionId, time, event.id);
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `http://127.0.0.1:${port}/v1/notifications/certs/CERT-FAKE`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
        body: JSON.stringify(event),
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
