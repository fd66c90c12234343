import type { Db } from '../../platform/database';
import type { SubscriptionsProvider } from '../../providers/payments/types';
import {
  createLedger,
  priceBeyondIncluded,
  UNITS_PER_USD,
  unitsToUsd,
  type Ledger,
  type ProductItems,
  type TransferResult,
} from '../ledger';
import {
  isResold,
  overageKey,
  overagePaidKey,
  overageShares,
  postPaidResale,
  shareLegs,
  sharesInCents,
  storeLegs,
  type OverageShare,
} from './overage-resale';
import { markPeriodSettled, periodUsage, pricePlanItems, unsettledPeriodKeys } from './overage.repo';

/** Marks a period whose usage the plan covered in full: no transfer, nothing left to charge. */
const COVERED_BY_PLAN = '00000000-0000-0000-0000-000000000000';

export interface OverageLine {
  usageKey: string;
  /** The plan the usage was rated at (its seller is paid the overage, decision 064). */
  planId: string;
  /** Units used in the period and those the plan included. */
  used: number;
  included: number;
  amount: bigint;
}

/** The card subscription whose next invoice takes the overage, instead of the wallet. */
export interface CardInvoice {
  payments: Pick<SubscriptionsProvider, 'addInvoiceItem'>;
  provider: string;
  customerId: string;
  subscriptionId: string;
}

const UNITS_PER_CENT = UNITS_PER_USD / 100n;

export interface PeriodOverage {
  periodKey: string;
  amount: bigint;
  /** What was put on the card invoice (the amount to the nearest cent); null when the wallet was debited. */
  invoiceItem: { id: string; amountCents: number } | null;
  lines: OverageLine[];
  transferId: string | null;
  replayed: boolean;
}

/**
 * Rates one ended period's usage of a subscribed organization: per usage key, the units above the plan's
 * included amount, priced with the tiers counted from the period's first unit.
 */
export async function rateEndedPeriod(
  db: Db,
  organizationId: number,
  periodKey: string,
): Promise<OverageLine[]> {
  const plans = new Map<string, ProductItems>();
  const lines: OverageLine[] = [];
  for (const row of await periodUsage(db, organizationId, periodKey)) {
    if (!plans.has(row.planId)) {
      plans.set(row.planId, (await pricePlanItems(db, row.planId)) as unknown as ProductItems);
    }
    const item = plans.get(row.planId)?.[row.usageKey];
    if (!item) continue;
    const included = item.included ?? 0;
    lines.push({
      usageKey: row.usageKey,
      planId: row.planId,
      used: row.used,
      included,
      amount: priceBeyondIncluded(item.pricing, included, 0, row.used),
    });
  }
  return lines;
}

const overageMetadata = (periodKey: string, lines: OverageLine[]) => ({
  periodKey,
  lines: lines.map((line) => ({
    usageKey: line.usageKey,
    used: line.used,
    included: line.included,
    amountUsd: unitsToUsd(line.amount),
  })),
});

const describePeriod = (periodKey: string) =>
  `Usage beyond the plan, billing period from ${periodKey.slice('period:'.length)}`;

/**
 * The period's overage as an invoice item on the subscription's next invoice (in cents, to the nearest one), and
 * the same amount owed by `card_receivable`, both under the period's key: to the platform's usage account, or,
 * resold, to `card_deferred` with the sellers' split (in cents) kept on the transfer until the invoice is paid
 * (decision 064). Null when it rounds to no cent.
 */
async function chargeOnInvoice(
  ledger: Ledger,
  card: CardInvoice,
  organizationId: number,
  periodKey: string,
  lines: OverageLine[],
  shares: OverageShare[],
): Promise<{ transfer: TransferResult; item: { id: string; amountCents: number } } | null> {
  const amount = lines.reduce((sum, line) => sum + line.amount, 0n);
  const amountCents = Number((amount + UNITS_PER_CENT / 2n) / UNITS_PER_CENT);
  if (amountCents === 0) return null;
  const idempotencyKey = overageKey(organizationId, periodKey);
  const description = describePeriod(periodKey);
  // The provider first: should the ledger fail, the replayed renewal sends the same key and adds nothing more.
  const item = await card.payments.addInvoiceItem({
    idempotencyKey,
    customerId: card.customerId,
    subscriptionId: card.subscriptionId,
    amountCents,
    currency: 'usd',
    description,
    metadata: { accountId: String(organizationId), periodKey },
  });
  // Posted before (the period's mark lost): the first posting and its split stand, whatever the plans are now.
  const known = await ledger.transferByKey(idempotencyKey);
  const resaleLegs = isResold(shares)
    ? storeLegs(
        shareLegs(sharesInCents(shares), {
          base: overagePaidKey(organizationId, periodKey),
          payerSuffix: ':retail',
          payer: { kind: 'platform', name: 'card_deferred' },
          organizationId,
          periodKey,
          reason: `${description}, paid by card`,
          metadata: {},
        }),
      )
    : null;
  const transfer = known
    ? { transferId: known.transferId, replayed: true }
    : await ledger.transfer({
        idempotencyKey,
        from: { kind: 'platform', name: 'card_receivable' },
        to: { kind: 'platform', name: resaleLegs ? 'card_deferred' : 'usage' },
        amount: BigInt(amountCents) * UNITS_PER_CENT,
        kind: 'usage',
        reason: description,
        metadata: {
          ...overageMetadata(periodKey, lines),
          accountId: organizationId,
          provider: card.provider,
          subscriptionId: card.subscriptionId,
          invoiceItemId: item.id,
          amountCents,
          ratedUsd: unitsToUsd(amount),
          ...(resaleLegs ? { resaleLegs } : {}),
        },
      });
  // Paid already (its payment arrived first): the split is posted now, once.
  await postPaidResale(ledger, organizationId, periodKey);
  return { transfer, item: { id: item.id, amountCents } };
}

/**
 * The period's overage from the organization's wallet: to the platform's usage account, or, resold, to its seller
 * with each seller's cost to the next one up, in one transfer set (decision 064). Posted before (the period's mark
 * lost), the first posting stands.
 */
async function chargeWallet(
  ledger: Ledger,
  organizationId: number,
  periodKey: string,
  lines: OverageLine[],
  shares: OverageShare[],
): Promise<TransferResult> {
  const idempotencyKey = overageKey(organizationId, periodKey);
  const known = await ledger.transferByKey(idempotencyKey);
  if (known) return { transferId: known.transferId, replayed: true };
  const legs = shareLegs(shares, {
    base: idempotencyKey,
    payerSuffix: '',
    payer: { kind: 'wallet', accountId: organizationId },
    organizationId,
    periodKey,
    reason: describePeriod(periodKey),
    metadata: overageMetadata(periodKey, lines),
  });
  // Usage was delivered: the organization's legs may take its wallet below zero by their amount.
  const [first] = await ledger.transferSet(
    legs.map((leg) => (leg.kind === 'usage' ? { ...leg, overdraft: leg.amount } : leg)),
  );
  if (!first) throw new Error('An overage above zero posts at least one transfer');
  return first;
}

/**
 * At a renewal: every ended billing period of the organization (before `newPeriodStart`) whose usage is not
 * charged yet is charged once, keyed `overage:<organization>:<period>`: on the card subscription's next invoice
 * when `card` is given, else from the wallet. Usage was delivered, so the wallet may go below zero by it; what it
 * cannot pay shows as a negative balance a top-up settles. Resold usage pays each seller its margin (decision
 * 064). Run again (a replayed renewal event), it posts and invoices nothing twice.
 */
export async function chargeRenewalOverage(
  db: Db,
  organizationId: number,
  newPeriodStart: Date,
  ledger: Ledger = createLedger(db),
  card: CardInvoice | null = null,
): Promise<PeriodOverage[]> {
  const newKey = `period:${newPeriodStart.toISOString().slice(0, 10)}`;
  const ended = await unsettledPeriodKeys(db, organizationId, newKey);
  const results: PeriodOverage[] = [];
  for (const key of ended) {
    const lines = await rateEndedPeriod(db, organizationId, key);
    const amount = lines.reduce((sum, line) => sum + line.amount, 0n);
    let transferId: string | null = null;
    let replayed = false;
    let invoiceItem: PeriodOverage['invoiceItem'] = null;
    if (amount > 0n) {
      const shares = await overageShares(db, lines);
      if (card) {
        const charged = await chargeOnInvoice(ledger, card, organizationId, key, lines, shares);
        transferId = charged?.transfer.transferId ?? null;
        replayed = charged?.transfer.replayed ?? false;
        invoiceItem = charged?.item ?? null;
      } else {
        ({ transferId, replayed } = await chargeWallet(ledger, organizationId, key, lines, shares));
      }
    }
    // The period's usage is settled: by the overage debit, or as covered by the plan (a transfer of nothing).
    await markPeriodSettled(db, organizationId, key, transferId ?? COVERED_BY_PLAN);
    results.push({ periodKey: key, amount, invoiceItem, lines, transferId, replayed });
  }
  return results;
}
