import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import { signBolt11Invoice } from '../lightning/bolt11-invoice';
import { payRequestUrl, requestLnurlInvoice } from './lnurl';
import {
  ProviderUnreachable,
  type LightningPayout,
  type LightningPayoutProvider,
  type PayoutOutcome,
} from './types';

const base64ToHex = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? Buffer.from(value, 'base64').toString('hex') : '';

/**
 * Lightning addresses resolved over the network (LNURL-pay) and invoices paid by LND's SendPaymentSync
 * (`POST /v1/channels/transactions`, macaroon in `Grpc-Metadata-macaroon`): a `payment_error` is a refusal, a
 * preimage that hashes to the invoice's hash is the proof it was paid.
 */
export class LndLightningPayouts implements LightningPayoutProvider {
  readonly name = 'lnd';
  readonly sandbox = false;

  constructor(
    private readonly options: {
      restUrl: string;
      macaroon: string;
      loopbackHttp: boolean;
      timeoutMs?: number;
    },
  ) {}

  requestInvoice(address: string, amountMsat: number): Promise<LightningPayout> {
    return requestLnurlInvoice(address, amountMsat, { loopbackHttp: this.options.loopbackHttp });
  }

  async pay(invoice: LightningPayout, options: { maxFeeSats: number }): Promise<PayoutOutcome> {
    let response: Response;
    try {
      response = await fetch(`${this.options.restUrl}/v1/channels/transactions`, {
        method: 'POST',
        headers: { 'Grpc-Metadata-macaroon': this.options.macaroon, 'content-type': 'application/json' },
        body: JSON.stringify({
          payment_request: invoice.paymentRequest,
          fee_limit: { fixed: String(options.maxFeeSats) },
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      });
    } catch (error) {
      throw new ProviderUnreachable(`The Lightning node did not answer: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok && typeof body.message === 'string' && /already paid/i.test(body.message)) {
      // Sent before and its answer lost: the node's own record of that payment says how it ended.
      return this.earlierPayment(invoice);
    }
    if (!response.ok) {
      const reason = typeof body.message === 'string' ? body.message : `status ${response.status}`;
      return { state: 'failed', ref: invoice.paymentHash, reason: `The Lightning node refused: ${reason}` };
    }
    if (typeof body.payment_error === 'string' && body.payment_error !== '') {
      return {
        state: 'failed',
        ref: invoice.paymentHash,
        reason: `Lightning payment failed: ${body.payment_error}`,
      };
    }
    const preimage = base64ToHex(body.payment_preimage);
    const proven =
      createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex') === invoice.paymentHash;
    if (!proven) {
      throw new ProviderUnreachable('The Lightning node answered without a valid proof of payment');
    }
    const route = (body.payment_route ?? {}) as Record<string, unknown>;
    return {
      state: 'paid',
      ref: invoice.paymentHash,
      details: { preimage, feeSats: Number(route.total_fees ?? 0) },
    };
  }

  /** The node's record of an invoice it paid before (ListPayments): paid with its preimage, failed, or in flight. */
  private async earlierPayment(invoice: LightningPayout): Promise<PayoutOutcome> {
    let listed: { payments?: Record<string, unknown>[] };
    try {
      const response = await fetch(
        `${this.options.restUrl}/v1/payments?include_incomplete=true&reversed=true&max_payments=1000`,
        {
          headers: { 'Grpc-Metadata-macaroon': this.options.macaroon },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
        },
      );
      if (!response.ok) throw new Error(`status ${response.status}`);
      listed = (await response.json()) as typeof listed;
    } catch (error) {
      throw new ProviderUnreachable(
        `The Lightning node's payments could not be read: ${(error as Error).message}`,
      );
    }
    const payment = (listed.payments ?? []).find(
      (each) => each.payment_hash === invoice.paymentHash && each.status === 'SUCCEEDED',
    );
    const preimage = typeof payment?.payment_preimage === 'string' ? payment.payment_preimage : '';
    const proven =
      preimage !== '' &&
      createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex') === invoice.paymentHash;
    if (!proven) {
      throw new ProviderUnreachable(
        'The Lightning node says the invoice is paid but shows no proof of it yet',
      );
    }
    return { state: 'paid', ref: invoice.paymentHash, details: { preimage } };
  }
}

/**
 * The offline stand-in: any well-formed Lightning address or LNURL resolves to a sandbox pay request (1 sat to
 * 1 BTC) with a real signed invoice; paying it succeeds, unless the address contains "fail", which the sandbox
 * recipient's node refuses as a real route failure would.
 */
export class SandboxLightningPayouts implements LightningPayoutProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly privateKeyHex = randomBytes(32).toString('hex');
  private readonly preimages = new Map<string, { preimage: string; fails: boolean }>();

  requestInvoice(address: string, amountMsat: number): Promise<LightningPayout> {
    payRequestUrl(address, { loopbackHttp: true });
    if (amountMsat < 1000 || amountMsat > 100_000_000_000) {
      throw new AppError('BAD_REQUEST', 'amountUsd: the sandbox Lightning address takes 1 sat to 1 BTC', {
        field: 'amountUsd',
      });
    }
    const made = signBolt11Invoice({
      privateKeyHex: this.privateKeyHex,
      amountSats: Math.ceil(amountMsat / 1000),
      memo: `Sandbox payout to ${address.trim()}`,
      expirySeconds: 600,
    });
    this.preimages.set(made.paymentHash, { preimage: made.preimage, fails: /fail/i.test(address) });
    return Promise.resolve({
      paymentRequest: made.paymentRequest,
      paymentHash: made.paymentHash,
      amountMsat,
    });
  }

  pay(invoice: LightningPayout): Promise<PayoutOutcome> {
    const held = this.preimages.get(invoice.paymentHash);
    if (!held || held.fails) {
      return Promise.resolve({
        state: 'failed',
        ref: invoice.paymentHash,
        reason: 'Lightning payment failed: no route to the recipient (sandbox)',
      });
    }
    return Promise.resolve({
      state: 'paid',
      ref: invoice.paymentHash,
      details: { preimage: held.preimage, feeSats: 0 },
    });
  }
}
