import { listPendingLightningPayments, findUsername, markPaymentExpired } from './pay-pages.repo';
import { settlePayPageInvoice, type PayPagesDeps } from './pay-pages.service';

/** An open invoice past its expiry by this much is given up when the node still reports it unpaid. */
const expiryGraceMs = 60_000;

/**
 * Asks the node about every pending pay-page invoice (the wallet's settlement job runs this every minute): a settled
 * one is credited less the fee, once, as when the payer's page asks; one the node cancelled, or still open well past
 * its expiry, turns expired. A node that cannot be reached leaves the invoice for the next run.
 */
export async function settlePayPageInvoices(
  deps: Omit<PayPagesDeps, 'rates' | 'cardSandbox'>,
  now: Date = new Date(),
): Promise<{ checked: number; credited: number; expired: number; failed: number }> {
  const result = { checked: 0, credited: 0, expired: 0, failed: 0 };
  for (const row of await listPendingLightningPayments(deps.db)) {
    if (row.provider !== deps.lightning.name || !row.paymentHash) continue;
    result.checked += 1;
    let state;
    try {
      state = await deps.lightning.lookupInvoice(row.paymentHash);
    } catch (error) {
      result.failed += 1;
      deps.logger.warn({ err: error, paymentHash: row.paymentHash }, 'a pay-page invoice was not checked');
      continue;
    }
    if (state?.state === 'SETTLED') {
      await settlePayPageInvoice(
        deps,
        row,
        (await findUsername(deps.db, row.accountId)) ?? String(row.accountId),
      );
      result.credited += 1;
    } else if (
      state?.state === 'CANCELED' ||
      (state?.state !== 'ACCEPTED' && (row.expiresAt?.getTime() ?? 0) + expiryGraceMs < now.getTime())
    ) {
      await markPaymentExpired(deps.db, row.id);
      result.expired += 1;
    }
  }
  return result;
}
