export interface NewInvoice {
  amountSats: number;
  memo: string;
  expirySeconds: number;
}

export interface IssuedInvoice {
  /** The BOLT11 payment request. */
  paymentRequest: string;
  /** Hex SHA-256 of the preimage. */
  paymentHash: string;
  expiresAt: Date;
}

export interface InvoiceState {
  state: 'OPEN' | 'SETTLED' | 'CANCELED' | 'ACCEPTED';
  /** Hex preimage, once settled. */
  preimage: string | null;
  amountPaidSats: number;
}

/** A Lightning node that issues invoices for wallet top-ups and reports when they are paid. */
export interface LightningProvider {
  readonly name: string;
  readonly sandbox: boolean;
  createInvoice(invoice: NewInvoice): Promise<IssuedInvoice>;
  /** Null when the node does not know the hash. */
  lookupInvoice(paymentHash: string): Promise<InvoiceState | null>;
}
