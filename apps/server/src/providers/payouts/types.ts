/** A provider's answer to a payout: paid now, still in progress (a webhook or a poll decides), or refused. */
export type PayoutOutcome =
  | { state: 'paid'; ref: string; details?: Record<string, unknown> }
  | { state: 'pending'; ref: string; details?: Record<string, unknown> }
  | { state: 'failed'; ref: string | null; reason: string; details?: Record<string, unknown> };

/** A Lightning address resolved by LNURL-pay and the invoice its service issued for the amount. */
export interface LightningPayout {
  /** The BOLT11 invoice, already checked against the amount and the metadata's hash. */
  paymentRequest: string;
  paymentHash: string;
  amountMsat: number;
}

/** Resolves Lightning addresses and pays the invoices they answer with. */
export interface LightningPayoutProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** LUD-16 `user@host` or a LUD-06 `lnurl1…`: the pay request, checked, and the invoice for the amount. */
  requestInvoice(address: string, amountMsat: number): Promise<LightningPayout>;
  pay(invoice: LightningPayout, options: { maxFeeSats: number }): Promise<PayoutOutcome>;
}

export interface PayPalPayoutRequest {
  /** sender_batch_id: the same payout sent twice is one batch. */
  batchId: string;
  wallet: 'PAYPAL' | 'VENMO';
  /** An email for PayPal; a US mobile number or a Venmo handle for Venmo. */
  receiver: string;
  recipientType: 'EMAIL' | 'PHONE' | 'USER_HANDLE';
  /** Decimal USD string, whole cents. */
  amountUsd: string;
  note: string;
}

/** PayPal Payouts: a one-item batch per payout, read back until it is final. */
export interface PayPalPayoutProvider {
  readonly name: string;
  readonly sandbox: boolean;
  send(request: PayPalPayoutRequest): Promise<PayoutOutcome>;
  /** The batch's item as PayPal reports it now. */
  check(batchRef: string): Promise<PayoutOutcome>;
  /** True when PayPal confirms it sent the webhook delivery (its signature checks out). */
  verifyWebhook(headers: Record<string, string | undefined>, body: unknown): Promise<boolean>;
}

/** Stripe Connect Express: onboarding links, readiness and transfers to the connected account. */
export interface ConnectProvider {
  readonly name: string;
  readonly sandbox: boolean;
  createAccount(input: { accountId: number; email: string | null; idempotencyKey: string }): Promise<string>;
  onboardingLink(input: {
    connectedAccountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<string>;
  readiness(connectedAccountId: string): Promise<ConnectedAccountState>;
  transfer(input: {
    connectedAccountId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<PayoutOutcome>;
}

export interface ConnectedAccountState {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  chargesEnabled: boolean;
  currentlyDue: string[];
}

/** A provider that could not be asked, or did not answer in time: the payout's fate is not known yet. */
export class ProviderUnreachable extends Error {}
