import { randomUUID } from 'node:crypto';
import type { PayoutView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { PayoutProviders } from '../../providers/payouts/create';
import { ProviderUnreachable, type PayoutOutcome } from '../../providers/payouts/types';
import { InsufficientFunds, unitsToUsd, type Ledger, type LedgerAccountRef } from '../ledger';
import type { ExchangeRates } from '../wallet/exchange-rates';
import {
  cardCreditsSince,
  findPayoutByKey,
  insertPayout,
  notePending,
  settlePayout,
  type PayoutRow,
} from './payouts.repo';

export interface PayoutDeps {
  db: Db;
  ledger: Ledger;
  providers: PayoutProviders;
  rates: ExchangeRates;
  holdDays: number;
  /** Sandbox stand-ins answer only where the sandbox is open (never in production). */
  sandboxOpen: boolean;
}

const dayMs = 86_400_000;
const wallet = (accountId: number): LedgerAccountRef => ({ kind: 'wallet', accountId });
const payoutsAccount: LedgerAccountRef = { kind: 'platform', name: 'payouts' };

/** What the wallet holds, what of it is card money inside its hold, and what can leave now. */
export async function withdrawableOf(deps: PayoutDeps, accountId: number, now = new Date()) {
  const available = await deps.ledger.available(wallet(accountId));
  const cutoff = new Date(now.getTime() - deps.holdDays * dayMs);
  const recent = deps.holdDays > 0 ? await cardCreditsSince(deps.db, accountId, cutoff) : null;
  const positive = available > 0n ? available : 0n;
  const held = recent && recent.units < positive ? recent.units : recent ? positive : 0n;
  return {
    available,
    held,
    withdrawable: positive - held,
    heldUntil: held > 0n && recent?.oldest ? new Date(recent.oldest.getTime() + deps.holdDays * dayMs) : null,
  };
}

export function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    channel: row.channel,
    destination: row.destination,
    amountUsd: unitsToUsd(row.amountUnits),
    status: row.status,
    failureReason: row.failureReason,
    sandbox: row.sandbox,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function refuseClosedSandbox(deps: PayoutDeps, provider: { sandbox: boolean }, what: string): void {
  if (provider.sandbox && !deps.sandboxOpen) {
    throw new AppError('UNAVAILABLE', `${what} payouts are not configured on this server`);
  }
}

const channelNames = { lightning: 'Lightning', paypal: 'PayPal', venmo: 'Venmo', stripe: 'Stripe' } as const;

/** Per account, one payout at a time passes the withdrawable check and takes its hold. */
const queues = new Map<number, Promise<unknown>>();
function oneAtATime<T>(accountId: number, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(accountId) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.catch(() => undefined);
  queues.set(accountId, settled);
  void settled.then(() => {
    if (queues.get(accountId) === settled) queues.delete(accountId);
  });
  return next;
}

export interface PayoutStart {
  accountId: number;
  channel: PayoutRow['channel'];
  destination: string;
  amountUnits: bigint;
  /** From the caller's Idempotency-Key; a fresh payout without one. */
  requestKey: string | undefined;
  provider: { name: string; sandbox: boolean };
  details?: Record<string, unknown>;
}

/**
 * Holds the amount (a pending ledger transfer wallet → payouts), records the payout, then asks the provider:
 * paid posts the hold, refused voids it (the money is back at once) and answers why; no answer leaves it pending
 * and it is asked again later with the same idempotency key. A request with a key already used answers the
 * first payout.
 */
export async function startPayout(
  deps: PayoutDeps,
  start: PayoutStart,
  send: (payout: PayoutRow) => Promise<PayoutOutcome>,
): Promise<PayoutRow> {
  const idempotencyKey = `payout:${start.accountId}:${start.requestKey ?? randomUUID()}`;
  const replay = await findPayoutByKey(deps.db, idempotencyKey);
  if (replay) return replay;
  const payout = await oneAtATime(start.accountId, async () => {
    const { withdrawable, held } = await withdrawableOf(deps, start.accountId);
    if (start.amountUnits > withdrawable) {
      const hold =
        held > 0n
          ? `; ${unitsToUsd(held)} USD is card-funded money still in its ${deps.holdDays}-day hold`
          : '';
      throw new AppError(
        'VALIDATION_FAILED',
        `amountUsd: is more than the withdrawable balance (${unitsToUsd(withdrawable)} USD${hold})`,
        { field: 'amountUsd' },
      );
    }
    const id = randomUUID();
    const where = `${channelNames[start.channel]} ${start.destination}`;
    try {
      const hold = await deps.ledger.hold({
        idempotencyKey: `payout:${id}`,
        from: wallet(start.accountId),
        to: payoutsAccount,
        amount: start.amountUnits,
        kind: 'payout',
        reason: `Withdrawal to ${where}`,
        metadata: { payoutId: id, channel: start.channel },
      });
      return await insertPayout(deps.db, {
        id,
        accountId: start.accountId,
        channel: start.channel,
        destination: start.destination,
        amountUnits: start.amountUnits,
        idempotencyKey,
        ledgerTransferId: hold.transferId,
        provider: start.provider.name,
        sandbox: start.provider.sandbox,
        details: start.details ?? {},
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) {
        throw new AppError('VALIDATION_FAILED', 'amountUsd: is more than the withdrawable balance', {
          field: 'amountUsd',
        });
      }
      throw error;
    }
  });
  let outcome: PayoutOutcome;
  try {
    outcome = await send(payout);
  } catch (error) {
    if (error instanceof ProviderUnreachable) {
      await notePending(deps.db, payout.id, { details: { lastError: error.message } });
      throw new AppError(
        'UNAVAILABLE',
        `${error.message}. The payout stays pending (the amount is held) and is asked about again.`,
      );
    }
    await applyOutcome(deps, payout, { state: 'failed', ref: null, reason: (error as Error).message });
    throw error;
  }
  const final = await applyOutcome(deps, payout, outcome);
  if (final.status === 'failed') {
    throw new AppError('BAD_REQUEST', final.failureReason ?? 'The payout failed', { payoutId: final.id });
  }
  return final;
}

/**
 * What the provider said, applied once: paid posts the held transfer, failed voids it (the balance is restored),
 * pending keeps the hold; a payout already paid that the provider now reports reversed or returned is credited
 * back to the wallet.
 */
export async function applyOutcome(
  deps: PayoutDeps,
  payout: PayoutRow,
  outcome: PayoutOutcome,
): Promise<PayoutRow> {
  const transferId = payout.ledgerTransferId;
  if (!transferId) throw new Error(`Payout ${payout.id} has no ledger transfer`);
  if (payout.status === 'paid' && outcome.state === 'failed') {
    await deps.ledger.transfer({
      idempotencyKey: `payout-returned:${payout.id}`,
      from: payoutsAccount,
      to: wallet(payout.accountId),
      amount: payout.amountUnits,
      kind: 'credit_back',
      reason: `Withdrawal to ${channelNames[payout.channel]} ${payout.destination} returned: ${outcome.reason}`,
      metadata: { payoutId: payout.id },
    });
    return (
      (await settlePayout(deps.db, payout.id, 'paid', 'returned', { failureReason: outcome.reason })) ??
      payout
    );
  }
  if (payout.status !== 'pending') return payout;
  if (outcome.state === 'pending') {
    await notePending(deps.db, payout.id, { providerRef: outcome.ref, details: outcome.details ?? {} });
    return { ...payout, providerRef: outcome.ref };
  }
  if (outcome.state === 'paid') {
    await deps.ledger.postPending(transferId);
    const change = { providerRef: outcome.ref, failureReason: null, details: outcome.details ?? {} };
    return (await settlePayout(deps.db, payout.id, 'pending', 'paid', change)) ?? payout;
  }
  await deps.ledger.voidPending(transferId);
  const change = { providerRef: outcome.ref, failureReason: outcome.reason, details: outcome.details ?? {} };
  return (await settlePayout(deps.db, payout.id, 'pending', 'failed', change)) ?? payout;
}
