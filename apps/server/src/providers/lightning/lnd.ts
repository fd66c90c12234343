import { AppError } from '../../platform/app-error';
import type { InvoiceState, IssuedInvoice, LightningProvider, NewInvoice } from './types';

const states = ['OPEN', 'SETTLED', 'CANCELED', 'ACCEPTED'] as const;

const base64ToHex = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? Buffer.from(value, 'base64').toString('hex') : '';

/**
 * LND through its REST gateway (protojson: snake_case, bytes as base64, 64-bit integers as strings), with the
 * macaroon in `Grpc-Metadata-macaroon`: AddInvoice (POST /v1/invoices) and LookupInvoice
 * (GET /v1/invoice/{r_hash_str}, the hash in hex).
 */
export class LndLightning implements LightningProvider {
  readonly name = 'lnd';
  readonly sandbox = false;

  constructor(private readonly options: { restUrl: string; macaroon: string; timeoutMs?: number }) {}

  private async call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Response> {
    try {
      return await fetch(`${this.options.restUrl}${path}`, {
        method: init.method,
        headers: {
          'Grpc-Metadata-macaroon': this.options.macaroon,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new AppError(
        'UNAVAILABLE',
        `The Lightning node could not be reached: ${(error as Error).message}`,
      );
    }
  }

  async createInvoice(invoice: NewInvoice): Promise<IssuedInvoice> {
    const response = await this.call('/v1/invoices', {
      method: 'POST',
      body: { value: String(invoice.amountSats), memo: invoice.memo, expiry: String(invoice.expirySeconds) },
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof body.payment_request !== 'string') {
      const reason = typeof body.message === 'string' ? body.message : `status ${response.status}`;
      throw new AppError('UNAVAILABLE', `The Lightning node refused the invoice: ${reason}`);
    }
    return {
      paymentRequest: body.payment_request,
      paymentHash: base64ToHex(body.r_hash),
      expiresAt: new Date(Date.now() + invoice.expirySeconds * 1000),
    };
  }

  async lookupInvoice(paymentHash: string): Promise<InvoiceState | null> {
    const response = await this.call(`/v1/invoice/${encodeURIComponent(paymentHash)}`, { method: 'GET' });
    if (response.status === 404) return null;
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // LND answers an unknown hash with a gRPC NotFound mapped to 404, older versions with 500 "unable to locate".
    if (!response.ok) {
      if (typeof body.message === 'string' && /unable to locate|not found/i.test(body.message)) return null;
      throw new AppError(
        'UNAVAILABLE',
        `The Lightning node could not look up the invoice (status ${response.status})`,
      );
    }
    const state = states.find((value) => value === body.state) ?? 'OPEN';
    return {
      state,
      preimage: state === 'SETTLED' ? base64ToHex(body.r_preimage) || null : null,
      amountPaidSats: Number(body.amt_paid_sat ?? 0),
    };
  }
}
