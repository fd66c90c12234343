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
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64');

/**
 * LND's REST gateway on loopback (plain HTTP): `POST /v1/invoices` issues a real BOLT11 invoice signed by the
 * fake node's key, `GET /v1/invoice/{r_hash_str}` looks one up by hex hash, both with protojson's shapes (bytes
 * in base64, 64-bit integers as strings) and refused without the macaroon header.
 */
export async function startFakeLndServer(): Promise<FakeLndServer> {
  const macaroon = randomBytes(32).toString('hex');
  const nodeKey = randomBytes(32).toString('hex');
  const invoices = new Map<string, FakeInvoice>();
  const requests: FakeLndServer['requests'] = [];
  let addIndex = 0;

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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
