import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import { signBolt11Invoice } from './bolt11-invoice';
import { decodeInvoice } from './decode-invoice';
import type { InvoiceState, IssuedInvoice, LightningProvider, NewInvoice } from './types';

interface HeldInvoice {
  paymentRequest: string;
  preimage: string;
  amountSats: number;
  expiresAt: Date;
  settled: boolean;
}

/**
 * The offline Lightning node: it issues real BOLT11 invoices signed by its own secp256k1 key (decodable by any
 * wallet), keeps their preimages, and settles one when it is paid from the sandbox page, revealing the preimage
 * as a real payer's wallet would.
 */
export class SandboxLightning implements LightningProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly privateKeyHex = randomBytes(32).toString('hex');
  private readonly invoices = new Map<string, HeldInvoice>();

  createInvoice(invoice: NewInvoice): Promise<IssuedInvoice> {
    const made = signBolt11Invoice({ privateKeyHex: this.privateKeyHex, ...invoice });
    const expiresAt = new Date((made.timestamp + invoice.expirySeconds) * 1000);
    this.invoices.set(made.paymentHash, {
      paymentRequest: made.paymentRequest,
      preimage: made.preimage,
      amountSats: invoice.amountSats,
      expiresAt,
      settled: false,
    });
    return Promise.resolve({ paymentRequest: made.paymentRequest, paymentHash: made.paymentHash, expiresAt });
  }

  lookupInvoice(paymentHash: string): Promise<InvoiceState | null> {
    const held = this.invoices.get(paymentHash);
    if (!held) return Promise.resolve(null);
    return Promise.resolve({
      state: held.settled ? 'SETTLED' : held.expiresAt.getTime() < Date.now() ? 'CANCELED' : 'OPEN',
      preimage: held.settled ? held.preimage : null,
      amountPaidSats: held.settled ? held.amountSats : 0,
    });
  }

  /** Pays an invoice this node issued, as a payer's wallet would; answers the preimage (the proof of payment). */
  pay(paymentRequest: string): { preimage: string; paymentHash: string; amountSats: number } {
    const decoded = decodeInvoice(paymentRequest);
    const held = this.invoices.get(decoded.paymentHash);
    if (held?.paymentRequest !== decoded.paymentRequest) {
      throw new AppError('NOT_FOUND', 'invoice: the sandbox node did not issue this invoice', {
        field: 'invoice',
      });
    }
    if (!held.settled && held.expiresAt.getTime() < Date.now()) {
      throw new AppError('CONFLICT', 'invoice: this invoice has expired', { field: 'invoice' });
    }
    held.settled = true;
    return { preimage: held.preimage, paymentHash: decoded.paymentHash, amountSats: held.amountSats };
  }
}
