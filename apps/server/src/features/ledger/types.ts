import { AppError } from '../../platform/app-error';

export type PlatformAccountName =
  | 'card_clearing'
  | 'card_receivable'
  | 'card_deferred'
  | 'lightning_clearing'
  | 'revenue'
  | 'refunds'
  | 'rewards'
  | 'usage'
  | 'payouts';

/**
 * `card_receivable` goes negative by what subscriptions' next card invoices still owe (overage put on them);
 * `card_deferred` holds the resold part of it until the invoice is paid and the sellers get their shares.
 */
export const platformAccountNames: readonly PlatformAccountName[] = [
  'card_clearing',
  'card_receivable',
  'card_deferred',
  'lightning_clearing',
  'revenue',
  'refunds',
  'rewards',
  'usage',
  'payouts',
];

export type LedgerAccountRef =
  { kind: 'wallet'; accountId: number } | { kind: 'platform'; name: PlatformAccountName };

export type TransferKind =
  | 'top_up'
  | 'usage'
  | 'refund'
  | 'reward'
  | 'credit_back'
  | 'correction'
  | 'payment'
  | 'payout'
  | 'fee'
  | 'wholesale';

export const transferKinds: readonly TransferKind[] = [
  'top_up',
  'usage',
  'refund',
  'reward',
  'credit_back',
  'correction',
  'payment',
  'payout',
  'fee',
  'wholesale',
];

export interface TransferInput {
  /** Same key twice posts once; the second call returns the first transfer with replayed: true. */
  idempotencyKey: string;
  from: LedgerAccountRef;
  to: LedgerAccountRef;
  /** Units (nano-dollars), > 0. */
  amount: bigint;
  kind: TransferKind;
  /** Shown to people on the transaction line. */
  reason: string;
  /** e.g. { provider: 'stripe', checkoutSessionId }, { sats, satToUsd }. */
  metadata?: Record<string, unknown>;
  /**
   * Units a wallet `from` may go below its credit limit: only for usage already delivered (a call's minute), so a
   * running conversation is charged and then ended once the grace is spent. Omitted: none.
   */
  overdraft?: bigint;
}

export interface TransferResult {
  transferId: string;
  replayed: boolean;
}

/** One line of a wallet's history: the wallet's side of a posted transfer. */
export interface LedgerLine {
  /** The entry id: the cursor `before` takes. */
  id: string;
  transferId: string;
  kind: string;
  reason: string;
  /** Signed units: positive came in, negative went out. */
  amount: bigint;
  balanceAfter: bigint;
  counterparty: LedgerAccountRef;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface HistoryOptions {
  limit: number;
  before?: string;
  kinds?: string[];
}

export interface Ledger {
  /** Throws InsufficientFunds (402) when `from` is a wallet without enough available balance and credit limit. */
  transfer(input: TransferInput): Promise<TransferResult>;
  /**
   * Posts the transfers together (all or none, one database transaction), each under its own idempotency key: a
   * usage event's charge and the margins of the sellers it passes through. A repeat answers them replayed.
   */
  transferSet(legs: TransferInput[]): Promise<TransferResult[]>;
  balance(account: LedgerAccountRef): Promise<bigint>;
  history(accountId: number, options: HistoryOptions): Promise<LedgerLine[]>;
  /** Two-phase: holds the amount on `from` (counted against its available balance) without moving it. */
  hold(input: TransferInput): Promise<TransferResult>;
  /** Posts a held transfer (moves the money); posting twice is a no-op answering replayed: true. */
  postPending(transferId: string): Promise<TransferResult>;
  /** Releases a held transfer; voiding twice is a no-op answering replayed: true. */
  voidPending(transferId: string): Promise<TransferResult>;
  /** Balance minus holds: what `from` can still spend (before its credit limit). */
  available(account: LedgerAccountRef): Promise<bigint>;
  /** The transfer written under an idempotency key, if any (a retry answers as the first call did). */
  transferByKey(idempotencyKey: string): Promise<{
    transferId: string;
    amount: bigint;
    status: 'posted' | 'pending' | 'voided';
    metadata: Record<string, unknown>;
  } | null>;
}

/** The wallet cannot pay the amount (a 402 at the HTTP edge). */
export class InsufficientFunds extends AppError {
  constructor(
    readonly account: LedgerAccountRef,
    readonly needed: bigint,
    readonly availableUnits: bigint,
  ) {
    super('PAYMENT_REQUIRED', 'The wallet balance is too low for this amount', {
      needed: needed.toString(),
      available: availableUnits.toString(),
    });
    this.name = 'InsufficientFunds';
  }
}

/** An idempotency key reused with a different transfer body (a 409). */
export class IdempotencyConflict extends AppError {
  constructor(key: string) {
    super('CONFLICT', `The idempotency key "${key}" was already used for a different transfer`);
    this.name = 'IdempotencyConflict';
  }
}

export function describeRef(ref: LedgerAccountRef): string {
  return ref.kind === 'wallet' ? `wallet:${ref.accountId}` : `platform:${ref.name}`;
}
