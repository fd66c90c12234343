import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { LightningProvider } from '../../providers/lightning/types';
import type { Ledger } from '../ledger';
import { creditInvoice } from './lightning.service';
import { expireInvoice, listPendingInvoices } from './wallet.repo';

/** An open invoice past its expiry by this much is given up when the node still reports it unpaid. */
const expiryGraceMs = 60_000;

export interface SettlementResult {
  checked: number;
  credited: number;
  expired: number;
  /** Invoices the node could not be asked about this time (tried again on the next run). */
  failed: number;
}

/**
 * Asks the node about every pending invoice: a settled one is credited once (the same `lightning:<payment hash>`
 * transfer the wallet page and the preimage proof use), one the node cancelled, or still open well past its expiry,
 * is marked expired. A node that cannot be reached leaves the invoice pending for the next run.
 */
export async function settleLightningInvoices(
  deps: { db: Db; ledger: Ledger; lightning: LightningProvider; logger: FastifyBaseLogger },
  now: Date = new Date(),
): Promise<SettlementResult> {
  const result: SettlementResult = { checked: 0, credited: 0, expired: 0, failed: 0 };
  const pending = await listPendingInvoices(deps.db, deps.lightning.name);
  for (const row of pending) {
    result.checked += 1;
    let state;
    try {
      state = await deps.lightning.lookupInvoice(row.paymentHash);
    } catch (error) {
      result.failed += 1;
      deps.logger.warn({ err: error, paymentHash: row.paymentHash }, 'a Lightning invoice was not checked');
      continue;
    }
    if (state?.state === 'SETTLED') {
      await creditInvoice(deps, row, 'node');
      result.credited += 1;
    } else if (
      state?.state === 'CANCELED' ||
      (state?.state !== 'ACCEPTED' && row.expiresAt.getTime() + expiryGraceMs < now.getTime())
    ) {
      await expireInvoice(deps.db, row.id);
      result.expired += 1;
    }
  }
  return result;
}
