import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceSnapshot } from '../../providers/payments/types';
import { UNITS_PER_USD, type Ledger, type TransferInput, type TransferResult } from '../ledger';
import { overageKey, overagePaidKey, paidResaleLegs, postPaidResale } from './overage-resale';

const UNITS_PER_CENT = UNITS_PER_USD / 100n;
const periodKeyPattern = /^period:\d{4}-\d{2}-\d{2}$/;

export interface SettledOverage {
  periodKey: string;
  invoiceItemId: string;
  amountCents: number;
  transferId: string;
  replayed: boolean;
}

/**
 * A paid card invoice: each of its lines that is one of our overage items (its metadata names this organization
 * and a billing period) settles what `card_receivable` was owed for that period, from `card_clearing`, once per
 * period (`overage-paid:<organization>:<period>`) however often, late or early the invoice's events arrive. The
 * amount is the line's, in cents: the same as the receivable's, both made from the one invoice item. A resold
 * overage's split (kept on its receivable) is posted with the payment: only money received pays the sellers.
 */
export async function settlePaidOverage(
  deps: { ledger: Ledger; logger: FastifyBaseLogger; provider: string },
  organizationId: number,
  invoice: InvoiceSnapshot,
): Promise<SettledOverage[]> {
  const settled: SettledOverage[] = [];
  for (const line of invoice.items) {
    const { periodKey, accountId } = line.metadata;
    if (!periodKey || !periodKeyPattern.test(periodKey) || accountId === undefined) continue;
    if (accountId !== String(organizationId)) {
      deps.logger.warn(
        { invoiceId: invoice.id, invoiceItemId: line.invoiceItemId, accountId },
        'a paid invoice carries an overage item of another organization; it settles nothing',
      );
      continue;
    }
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents <= 0) continue;
    const key = overagePaidKey(organizationId, periodKey);
    // Settled before (a replayed or re-sent event, or a second item for the period): the first payment stands.
    const known = await deps.ledger.transferByKey(key);
    const payment: TransferInput = {
      idempotencyKey: key,
      from: { kind: 'platform', name: 'card_clearing' },
      to: { kind: 'platform', name: 'card_receivable' },
      amount: BigInt(line.amountCents) * UNITS_PER_CENT,
      kind: 'payment',
      reason: `Usage beyond the plan paid by card, billing period from ${periodKey.slice('period:'.length)}`,
      metadata: {
        accountId: organizationId,
        periodKey,
        provider: deps.provider,
        invoiceId: invoice.id,
        invoiceItemId: line.invoiceItemId,
        amountCents: line.amountCents,
        overageKey: overageKey(organizationId, periodKey),
      },
    };
    let transfer: TransferResult = { transferId: known?.transferId ?? '', replayed: true };
    if (!known) {
      // Resold (decision 064): the payment and the sellers' shares kept on the receivable post as one set.
      const split = await paidResaleLegs(deps.ledger, organizationId, periodKey);
      const [posted] = await deps.ledger.transferSet([payment, ...split]);
      if (!posted) throw new Error('A transfer set answers each of its transfers');
      transfer = posted;
    }
    // The receivable posted meanwhile (or the set of a crash half-way between two events): its split, once.
    await postPaidResale(deps.ledger, organizationId, periodKey);
    settled.push({
      periodKey,
      invoiceItemId: line.invoiceItemId,
      amountCents: line.amountCents,
      ...transfer,
    });
  }
  return settled;
}
