import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bolt11 from 'bolt11';

export interface FakeLnurlServer {
  /** host:port, the domain part of its Lightning addresses (`name@host:port`). */
  host: string;
  url: string;
  /** The invoices issued, with their preimages, by payment hash. */
  invoices: Map<string, { paymentRequest: string; preimage: string; amountMsat: number; user: string }>;
  /** How the next callback misbehaves: an invoice for another amount, one without the metadata's hash, or an error. */
  misbehave(next: 'wrong-amount' | 'wrong-hash' | 'error' | null): void;
  close(): Promise<void>;
}

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** LUD-01's bech32 `lnurl1…` of a URL (no length limit). */
export function encodeLnurl(url: string): string {
  const bytes = Buffer.from(url, 'utf8');
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  const prefix = 'lnurl';
  const codes = Array.from(prefix, (c) => c.charCodeAt(0));
  const values = [
    ...codes.map((code) => code >> 5),
    0,
    ...codes.map((code) => code & 31),
    ...words,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    generators.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  checksum ^= 1;
  const check = [0, 1, 2, 3, 4, 5].map((index) => (checksum >>> (5 * (5 - index))) & 31);
  return `${prefix}1${[...words, ...check].map((word) => charset[word]).join('')}`;
}

/**
 * A Lightning address service on loopback (LUD-06 and LUD-16): `GET /.well-known/lnurlp/{user}` answers a pay
 * request (1 to 1,000,000 sats, metadata with text/plain and text/identifier), and its callback
 * `GET /lnurlp/{user}/callback?amount=<msat>` answers `{ pr, routes: [] }` with a real BOLT11 invoice, signed by
 * the service's node key, whose description hash is sha256 of the metadata string. Unknown users get an ERROR.
 */
export async function startFakeLnurlServer(options: { users?: string[] } = {}): Promise<FakeLnurlServer> {
  const users = new Set(options.users ?? ['alice', 'bob']);
  const nodeKey = randomBytes(32).toString('hex');
  const invoices: FakeLnurlServer['invoices'] = new Map();
  let next: 'wrong-amount' | 'wrong-hash' | 'error' | null = null;
  let host = '';
  const metadataOf = (user: string) =>
    JSON.stringify([
      ['text/plain', `Payment to ${user}`],
      ['text/identifier', `${user}@${host}`],
    ]);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const wellKnown = /^\/\.well-known\/lnurlp\/([^/]+)$/.exec(url.pathname);
    if (wellKnown?.[1]) {
      const user = wellKnown[1];
      if (!users.has(user)) {
        send(404, { status: 'ERROR', reason: `Unable to find user ${user}` });
        return;
      }
      send(200, {
        tag: 'payRequest',
        callback: `http://${host}/lnurlp/${user}/callback`,
        minSendable: 1000,
        maxSendable: 1_000_000_000,
        metadata: metadataOf(user),
        commentAllowed: 0,
      });
      return;
    }
    const callback = /^\/lnurlp\/([^/]+)\/callback$/.exec(url.pathname);
    if (callback?.[1] && users.has(callback[1])) {
      const user = callback[1];
      const amountMsat = Number(url.searchParams.get('amount'));
      const mode = next;
      next = null;
      if (mode === 'error') {
        send(200, { status: 'ERROR', reason: 'The recipient wallet is offline' });
        return;
      }
      if (!Number.isSafeInteger(amountMsat) || amountMsat < 1000) {
        send(200, { status: 'ERROR', reason: 'amount is out of range' });
        return;
      }
      const preimage = randomBytes(32);
      const paymentHash = createHash('sha256').update(preimage).digest('hex');
      const metadata = mode === 'wrong-hash' ? `${metadataOf(user)} ` : metadataOf(user);
      const millisatoshis = String(mode === 'wrong-amount' ? amountMsat + 1000 : amountMsat);
      const unsigned = bolt11.encode({
        millisatoshis,
        timestamp: Math.floor(Date.now() / 1000),
        tags: [
          { tagName: 'payment_hash', data: paymentHash },
          { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
          {
            tagName: 'purpose_commit_hash',
            data: createHash('sha256').update(metadata, 'utf8').digest('hex'),
          },
          { tagName: 'expire_time', data: 600 },
        ],
      });
      const paymentRequest = bolt11.sign(unsigned, nodeKey).paymentRequest ?? '';
      invoices.set(paymentHash, { paymentRequest, preimage: preimage.toString('hex'), amountMsat, user });
      send(200, { pr: paymentRequest, routes: [] });
      return;
    }
    send(404, { status: 'ERROR', reason: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: `http://${host}`,
    invoices,
    misbehave: (mode) => {
      next = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
