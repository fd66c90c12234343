import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bolt11 from 'bolt11';

interface FakeInvoice {
  memo: string;
  rPreimage: Buffer;
  rHash: Buffer;
  value: number;
  paymentRequest: string;
  creationDate: number;
  expiry: number;
  addIndex: number;
  state: 'OPEN' | 'SETTLED' | 'CANCELED';
  settleDate: number;
}

export interface FakeLndServer {
  url: string;
  macaroon: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  /** Settles an invoice as if it had been paid; answers its preimage in hex. */
  settle(paymentHashHex: string): string;
  /** The payments this node sent (SendPaymentSync), in order. */
  payments: { paymentHash: string; amountMsat: number; feeLimitSats: number | null; succeeded: boolean }[];
  /** A node this one has a route to: invoices it issued (by payment hash) can be paid, revealing the preimage. */
  reach(payee: { invoices: Map<string, { preimage: string; amountMsat: number }> }): void;
  /** The next payment fails at the router with this payment_error (e.g. `no_route`, a timeout). */
  failNextPayment(paymentError: string): void;
  /** The next payment is made, then the connection is cut before its answer. */
  dropNextPaymentAnswer(): void;
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64');

/**
 * LND's REST gateway on loopback (plain HTTP): `POST /v1/invoices` issues a real BOLT11 invoice signed by the
 * fake node's key, `GET /v1/invoice/{r_hash_str}` looks one up by hex hash, both with protojson's shapes (bytes
 * in base64, 64-bit integers as strings) and refused without the macaroon header. `POST /v1/channels/transactions`
 * (SendPaymentSync) pays invoices of the nodes it was told it can reach, answering the preimage.
 */
export async function startFakeLndServer(): Promise<FakeLndServer> {
  const macaroon = randomBytes(32).toString('hex');
  const nodeKey = randomBytes(32).toString('hex');
  const invoices = new Map<string, FakeInvoice>();
  const requests: FakeLndServer['requests'] = [];
  const payments: FakeLndServer['payments'] = [];
  const payees: Parameters<FakeLndServer['reach']>[0][] = [];
  let nextFailure: string | null = null;
  let dropNextAnswer = false;
  const preimages = new Map<string, string>();
  let addIndex = 0;

  /** SendPaymentSync: a failure is HTTP 200 with payment_error, an invoice already paid is a gRPC error. */
  const sendPayment = (body: Record<string, unknown>): { status: number; body: unknown } => {
    let decoded: bolt11.PaymentRequestObject & { tagsObject: bolt11.TagsObject };
    try {
      decoded = bolt11.decode(typeof body.payment_request === 'string' ? body.payment_request : '');
    } catch {
      return { status: 500, body: { code: 2, message: 'invalid payment request', details: [] } };
    }
    const paymentHash = decoded.tagsObject.payment_hash ?? '';
    const amountMsat = Number(decoded.millisatoshis ?? 0);
    const fee = (body.fee_limit as { fixed?: string } | undefined)?.fixed;
    const feeLimitSats = fee === undefined ? null : Number(fee);
    if (payments.some((payment) => payment.paymentHash === paymentHash && payment.succeeded)) {
      return { status: 500, body: { code: 2, message: 'invoice is already paid', details: [] } };
    }
    const failure = nextFailure;
    nextFailure = null;
    const held = payees.map((payee) => payee.invoices.get(paymentHash)).find(Boolean);
    const paymentError = failure ?? (held ? '' : 'unable to find a path to destination');
    payments.push({ paymentHash, amountMsat, feeLimitSats, succeeded: paymentError === '' });
    const hash = b64(Buffer.from(paymentHash, 'hex'));
    if (paymentError !== '' || !held) {
      return {
        status: 200,
        body: { payment_error: paymentError, payment_preimage: '', payment_route: null, payment_hash: hash },
      };
    }
    const route = {
      total_time_lock: 144,
      total_fees: '1',
      total_amt: String(Math.ceil(amountMsat / 1000) + 1),
      hops: [],
      total_fees_msat: '1000',
      total_amt_msat: String(amountMsat + 1000),
    };
    preimages.set(paymentHash, held.preimage);
    const preimage = b64(Buffer.from(held.preimage, 'hex'));
    return {
      status: 200,
      body: { payment_error: '', payment_preimage: preimage, payment_route: route, payment_hash: hash },
    };
  };

  const view = (invoice: FakeInvoice) => ({
    memo: invoice.memo,
    r_preimage: invoice.state === 'SETTLED' ? b64(invoice.rPreimage) : '',
    r_hash: b64(invoice.rHash),
    value: String(invoice.value),
    value_msat: String(invoice.value * 1000),
    settled: invoice.state === 'SETTLED',
    creation_date: String(invoice.creationDate),
    settle_date: String(invoice.settleDate),
    payment_request: invoice.paymentRequest,
    expiry: String(invoice.expiry),
    add_index: String(invoice.addIndex),
    amt_paid_sat: String(invoice.state === 'SETTLED' ? invoice.value : 0),
    amt_paid_msat: String(invoice.state === 'SETTLED' ? invoice.value * 1000 : 0),
    state: invoice.state,
    htlcs: [],
    is_keysend: false,
  });

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers['grpc-metadata-macaroon'] !== macaroon) {
        answer(401, {
          code: 16,
          message: 'verification failed: signature mismatch after caveat verification',
          details: [],
        });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/invoices') {
        const body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>;
        const value = Number(body.value ?? 0);
        if (!Number.isSafeInteger(value) || value < 0) {
          answer(400, { code: 3, message: 'invalid value', details: [] });
          return;
        }
        const rPreimage = randomBytes(32);
        const rHash = createHash('sha256').update(rPreimage).digest();
        const expiry = Number(body.expiry ?? 86400);
        const memo = typeof body.memo === 'string' ? body.memo : '';
        const creationDate = Math.floor(Date.now() / 1000);
        const unsigned = bolt11.encode({
          satoshis: value,
          timestamp: creationDate,
          tags: [
            { tagName: 'payment_hash', data: rHash.toString('hex') },
            { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
            { tagName: 'description', data: memo },
            { tagName: 'expire_time', data: expiry },
          ],
        });
        const paymentRequest = bolt11.sign(unsigned, nodeKey).paymentRequest ?? '';
        addIndex += 1;
        const invoice: FakeInvoice = {
          memo,
          rPreimage,
          rHash,
          value,
          paymentRequest,
          creationDate,
          expiry,
          addIndex,
          state: 'OPEN',
          settleDate: 0,
        };
        invoices.set(rHash.toString('hex'), invoice);
        answer(200, {
          r_hash: b64(rHash),
          payment_request: paymentRequest,
          add_index: String(addIndex),
          payment_addr: b64(randomBytes(32)),
        });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/channels/transactions') {
        const sent = sendPayment(
          JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>,
        );
        if (dropNextAnswer) {
          dropNextAnswer = false;
          request.socket.destroy();
          return;
        }
        answer(sent.status, sent.body);
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v1/payments') {
        // ListPayments: newest last, the preimage in hex as lnrpc.Payment has it.
        const listed = payments.map((payment, index) => ({
          payment_hash: payment.paymentHash,
          value_msat: String(payment.amountMsat),
          payment_preimage: preimages.get(payment.paymentHash) ?? '',
          status: payment.succeeded ? 'SUCCEEDED' : 'FAILED',
          payment_index: String(index + 1),
          failure_reason: payment.succeeded ? 'FAILURE_REASON_NONE' : 'FAILURE_REASON_NO_ROUTE',
        }));
        answer(200, { payments: listed, first_index_offset: '1', last_index_offset: String(listed.length) });
        return;
      }
      const lookup = /^\/v1\/invoice\/([0-9a-fA-F]+)$/.exec(url.pathname);
      if (request.method === 'GET' && lookup?.[1]) {
        const invoice = invoices.get(lookup[1].toLowerCase());
        if (invoice) answer(200, view(invoice));
        else answer(404, { code: 5, message: 'there are no existing invoices', details: [] });
        return;
      }
      answer(404, { code: 5, message: 'Not Found', details: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    macaroon,
    requests,
    settle(paymentHashHex) {
      const invoice = invoices.get(paymentHashHex);
      if (!invoice) throw new Error(`The fake LND has no invoice ${paymentHashHex}`);
      invoice.state = 'SETTLED';
      invoice.settleDate = Math.floor(Date.now() / 1000);
      return invoice.rPreimage.toString('hex');
    },
    payments,
    reach(payee) {
      payees.push(payee);
    },
    failNextPayment(paymentError) {
      nextFailure = paymentError;
    },
    dropNextPaymentAnswer() {
      dropNextAnswer = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
