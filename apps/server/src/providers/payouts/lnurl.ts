import { createHash } from 'node:crypto';
import bolt11 from 'bolt11';
import { AppError } from '../../platform/app-error';
import { decodeInvoice } from '../lightning/decode-invoice';
import { ProviderUnreachable, type LightningPayout } from './types';

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    generators.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum;
}

/** Bech32 without BIP-173's 90-character limit (LUD-01): the decoded bytes, or null when it is not bech32. */
export function decodeBech32(input: string): { prefix: string; bytes: Buffer } | null {
  const text = input.toLowerCase();
  const separator = text.lastIndexOf('1');
  if (separator < 1 || separator + 7 > text.length) return null;
  const prefix = text.slice(0, separator);
  const data: number[] = [];
  for (const char of text.slice(separator + 1)) {
    const value = charset.indexOf(char);
    if (value < 0) return null;
    data.push(value);
  }
  const codes = Array.from(prefix, (c) => c.charCodeAt(0));
  const expanded = [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
  if (polymod([...expanded, ...data]) !== 1) return null;
  let accumulator = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const value of data.slice(0, -6)) {
    accumulator = (accumulator << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
  }
  return { prefix, bytes: Buffer.from(bytes) };
}

const addressField = { field: 'address' };
const badAddress = () =>
  new AppError(
    'VALIDATION_FAILED',
    'address: is not a Lightning address (name@example.com) or an LNURL (lnurl1…)',
    addressField,
  );

const isLoopback = (host: string) => /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(host);

/** Where a Lightning address's pay request is read: LUD-16 `user@host`, else a LUD-06 bech32 `lnurl1…`. */
export function payRequestUrl(input: string, options: { loopbackHttp: boolean }): URL {
  const address = input.trim().replace(/^lightning:/i, '');
  const lud16 =
    /^([a-z0-9._-]{1,64})@([a-z0-9.-]+\.[a-z0-9-]+|localhost|127\.\d+\.\d+\.\d+)(:\d{1,5})?$/i.exec(address);
  if (lud16) {
    const [, user = '', host = '', port = ''] = lud16;
    const hostPort = `${host.toLowerCase()}${port}`;
    const plain = hostPort.endsWith('.onion') || (options.loopbackHttp && isLoopback(hostPort));
    return new URL(`${plain ? 'http' : 'https'}://${hostPort}/.well-known/lnurlp/${user.toLowerCase()}`);
  }
  if (/^lnurl1[0-9a-z]+$/i.test(address)) {
    const decoded = decodeBech32(address);
    if (decoded?.prefix !== 'lnurl') throw badAddress();
    let url: URL;
    try {
      url = new URL(decoded.bytes.toString('utf8'));
    } catch {
      throw badAddress();
    }
    const allowed =
      url.protocol === 'https:' ||
      (url.protocol === 'http:' &&
        (url.hostname.endsWith('.onion') || (options.loopbackHttp && isLoopback(url.host))));
    if (!allowed) throw new AppError('VALIDATION_FAILED', 'address: the LNURL must use https', addressField);
    return url;
  }
  throw badAddress();
}

async function getJson(url: URL, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new ProviderUnreachable(`${url.host} could not be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (body?.status === 'ERROR') {
    const reason = typeof body.reason === 'string' ? body.reason : 'no reason given';
    throw new AppError(
      'BAD_REQUEST',
      `address: the Lightning address's service refused: ${reason}`,
      addressField,
    );
  }
  if (!response.ok || !body) {
    throw new AppError(
      'BAD_REQUEST',
      `address: the Lightning address's service answered status ${response.status}`,
      addressField,
    );
  }
  return body;
}

/**
 * LNURL-pay (LUD-06, LUD-16): reads the pay request, checks the amount against minSendable/maxSendable, asks the
 * callback for an invoice, and checks the invoice's amount and description hash (sha256 of the metadata string as
 * received) before anything is paid.
 */
export async function requestLnurlInvoice(
  address: string,
  amountMsat: number,
  options: { loopbackHttp: boolean; timeoutMs?: number },
): Promise<LightningPayout> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const payRequest = await getJson(payRequestUrl(address, options), timeoutMs);
  const { callback, minSendable, maxSendable, metadata, tag } = payRequest;
  if (tag !== 'payRequest' || typeof callback !== 'string' || typeof metadata !== 'string') {
    throw new AppError('BAD_REQUEST', 'address: does not answer an LNURL pay request', addressField);
  }
  const min = Number(minSendable);
  const max = Number(maxSendable);
  if (!(amountMsat >= min && amountMsat <= max)) {
    const sats = (msat: number) => Math.ceil(msat / 1000).toLocaleString('en-US');
    throw new AppError(
      'BAD_REQUEST',
      `amountUsd: this Lightning address takes ${sats(min)} to ${sats(max)} sats; ${sats(amountMsat)} sats is outside that`,
      { field: 'amountUsd' },
    );
  }
  let callbackUrl: URL;
  try {
    callbackUrl = new URL(callback);
  } catch {
    throw new AppError('BAD_REQUEST', 'address: its pay request has no valid callback', addressField);
  }
  callbackUrl.searchParams.set('amount', String(amountMsat));
  const answer = await getJson(callbackUrl, timeoutMs);
  if (typeof answer.pr !== 'string') {
    throw new AppError('BAD_REQUEST', 'address: its service answered no invoice', addressField);
  }
  const invoice = decodeInvoice(answer.pr);
  const raw = bolt11.decode(invoice.paymentRequest);
  const expectedHash = createHash('sha256').update(metadata, 'utf8').digest('hex');
  const invoiceMsat = raw.millisatoshis === null ? null : Number(raw.millisatoshis);
  if (invoiceMsat !== amountMsat) {
    throw new AppError(
      'BAD_REQUEST',
      'address: its service issued an invoice for a different amount',
      addressField,
    );
  }
  if (raw.tagsObject.purpose_commit_hash !== expectedHash) {
    throw new AppError(
      'BAD_REQUEST',
      'address: its invoice does not commit to the pay request (description hash mismatch)',
      addressField,
    );
  }
  if (invoice.expiresAt.getTime() < Date.now()) {
    throw new AppError('BAD_REQUEST', 'address: its service issued an expired invoice', addressField);
  }
  return { paymentRequest: invoice.paymentRequest, paymentHash: invoice.paymentHash, amountMsat };
}
