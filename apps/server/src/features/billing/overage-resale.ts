import type { Db } from '../../platform/database';
import {
  priceBeyondIncluded,
  resaleChain,
  UNITS_PER_USD,
  unitsToUsd,
  type Ledger,
  type LedgerAccountRef,
  type ProductItems,
  type TransferInput,
  type TransferKind,
} from '../ledger';
import { pricePlanOf } from './overage.repo';

/** What a seller's wallet may go below its floor by for its cost: any amount (the usage was delivered). */
const wholesaleOverdraft = 10n ** 17n;
const UNITS_PER_CENT = UNITS_PER_USD / 100n;

/** A period's usage of one key at one plan, above the plan's included units (see overage.service.ts). */
export interface RatedLine {
  usageKey: string;
  planId: string;
  used: number;
  included: number;
  amount: bigint;
}

/**
 * One share of a period's overage: the organization's charge to the first seller (`from` null), or a seller's cost
 * to the next seller up; `to` null is the platform's `usage` account.
 */
export interface OverageShare {
  from: number | null;
  to: number | null;
  amount: bigint;
  lines: { usageKey: string; costPlanId: string | null; amountUsd: string }[];
}

/**
 * The shares of a period's overage along each line's chain of sellers (decision 048): the organization pays the
 * retail overage to the plan's seller; each seller pays its cost (its own plan's price for the same units at the
 * same positions in the tiers: from the unit after the organization's included ones to its last) to the one above,
 * up to the platform. Summed per payer and payee, in chain order. A plan of the platform's (or a seller not set up
 * for resale) gives one share: the organization to the platform, as before resale.
 */
export async function overageShares(db: Db, lines: readonly RatedLine[]): Promise<OverageShare[]> {
  const shares = new Map<string, OverageShare>();
  const add = (from: number | null, to: number | null, amount: bigint, line: OverageShare['lines'][0]) => {
    if (amount <= 0n) return;
    const key = `${String(from)}>${String(to)}`;
    const share = shares.get(key) ?? { from, to, amount: 0n, lines: [] };
    share.amount += amount;
    share.lines.push(line);
    shares.set(key, share);
  };
  const plans = new Map<string, Awaited<ReturnType<typeof pricePlanOf>>>();
  for (const line of lines) {
    if (!plans.has(line.planId)) plans.set(line.planId, await pricePlanOf(db, line.planId));
    const plan = plans.get(line.planId);
    const chain = plan
      ? await resaleChain(
          db,
          { ...plan, productItems: plan.productItems as unknown as ProductItems, source: 'own' },
          [line.usageKey],
          (item) => priceBeyondIncluded(item.pricing, line.included, 0, line.used),
        )
      : [];
    const payee = (index: number) => chain[index]?.sellerAccountId ?? null;
    add(null, payee(0), line.amount, {
      usageKey: line.usageKey,
      costPlanId: line.planId,
      amountUsd: unitsToUsd(line.amount),
    });
    chain.forEach((step, index) => {
      add(step.sellerAccountId, payee(index + 1), step.cost, {
        usageKey: step.usageKey,
        costPlanId: step.costPlanId,
        amountUsd: unitsToUsd(step.cost),
      });
    });
  }
  // The organization's shares first (a seller before the platform), then each seller's in chain order.
  return [...shares.values()].sort(
    (a, b) =>
      (a.from === null ? 0 : 1) - (b.from === null ? 0 : 1) ||
      (a.to === null ? 1 : 0) - (b.to === null ? 1 : 0),
  );
}

/** Whether any share goes to a seller: the organization's overage is resold. */
export const isResold = (shares: readonly OverageShare[]) => shares.some((share) => share.to !== null);

const roundToCent = (units: bigint) => ((units + UNITS_PER_CENT / 2n) / UNITS_PER_CENT) * UNITS_PER_CENT;

/**
 * The shares in whole cents, for money a card pays: each payer's shares rounded on their running total, so a
 * payer's cents sum to its total rounded (the organization's: the invoice item's cents) and no cent is made or
 * lost; a share that rounds to nothing is dropped. Margins are what stays between a seller's in and out.
 */
export function sharesInCents(shares: readonly OverageShare[]): OverageShare[] {
  const running = new Map<number | null, bigint>();
  const rounded: OverageShare[] = [];
  for (const share of shares) {
    const before = running.get(share.from) ?? 0n;
    const after = before + share.amount;
    running.set(share.from, after);
    const amount = roundToCent(after) - roundToCent(before);
    if (amount > 0n) rounded.push({ ...share, amount });
  }
  return rounded;
}

const wallet = (accountId: number): LedgerAccountRef => ({ kind: 'wallet', accountId });

/**
 * The shares as ledger legs under `base` (`overage:<org>:<period>` from the wallet, `overage-paid:<org>:<period>`
 * from `card_deferred`): the organization's leg is `base` + `payerSuffix`, a seller's `base:wholesale:<seller>`;
 * a payer with legs both to a seller and to the platform names the platform's with `:platform`.
 */
export function shareLegs(
  shares: readonly OverageShare[],
  options: {
    base: string;
    payerSuffix: string;
    payer: LedgerAccountRef;
    organizationId: number;
    periodKey: string;
    reason: string;
    metadata: Record<string, unknown>;
  },
): TransferInput[] {
  return shares.map((share) => {
    const twin = shares.some((other) => other !== share && other.from === share.from);
    const suffix = share.from === null ? options.payerSuffix : `:wholesale:${String(share.from)}`;
    const payer = share.from === null;
    return {
      idempotencyKey: `${options.base}${suffix}${twin && share.to === null ? ':platform' : ''}`,
      from: payer ? options.payer : wallet(share.from ?? 0),
      to: share.to === null ? { kind: 'platform', name: 'usage' } : wallet(share.to),
      amount: share.amount,
      kind: (payer ? 'usage' : 'wholesale') satisfies TransferKind,
      reason: payer ? options.reason : `Wholesale: ${options.reason}`,
      metadata: {
        ...options.metadata,
        payerAccountId: options.organizationId,
        periodKey: options.periodKey,
        ...(payer ? {} : { sellerAccountId: share.from, costLines: share.lines }),
      },
      // The payer's overdraft is the caller's; a seller owes its cost of delivered usage whatever its balance.
      ...(payer ? {} : { overdraft: wholesaleOverdraft }),
    };
  });
}

/** A card overage's split as kept in its receivable's metadata until the invoice is paid. */
interface StoredLeg {
  key: string;
  from: LedgerAccountRef;
  to: LedgerAccountRef;
  units: string;
  kind: TransferKind;
  reason: string;
}

export const storeLegs = (legs: readonly TransferInput[]): StoredLeg[] =>
  legs.map((leg) => ({
    key: leg.idempotencyKey,
    from: leg.from,
    to: leg.to,
    units: leg.amount.toString(),
    kind: leg.kind,
    reason: leg.reason,
  }));

function isRef(value: unknown): value is LedgerAccountRef {
  const ref = value as Partial<{ kind: string; accountId: unknown; name: unknown }> | null;
  return (
    (ref?.kind === 'wallet' && Number.isSafeInteger(ref.accountId)) ||
    (ref?.kind === 'platform' && typeof ref.name === 'string')
  );
}

function storedLegs(metadata: Record<string, unknown>): StoredLeg[] {
  const legs = metadata.resaleLegs;
  if (!Array.isArray(legs)) return [];
  return legs.filter(
    (leg: Partial<StoredLeg>): leg is StoredLeg =>
      typeof leg.key === 'string' &&
      isRef(leg.from) &&
      isRef(leg.to) &&
      typeof leg.units === 'string' &&
      /^\d+$/.test(leg.units) &&
      typeof leg.kind === 'string' &&
      typeof leg.reason === 'string',
  );
}

export const overageKey = (organizationId: number, periodKey: string) =>
  `overage:${String(organizationId)}:${periodKey}`;
export const overagePaidKey = (organizationId: number, periodKey: string) =>
  `overage-paid:${String(organizationId)}:${periodKey}`;

/**
 * The resale split of a card overage, read from its receivable (`overage:<org>:<period>`): the legs from
 * `card_deferred` to the sellers and the platform, in whole cents. Empty when the receivable is not posted yet or
 * its overage is not resold.
 */
export async function paidResaleLegs(
  ledger: Ledger,
  organizationId: number,
  periodKey: string,
): Promise<TransferInput[]> {
  const receivable = await ledger.transferByKey(overageKey(organizationId, periodKey));
  if (!receivable) return [];
  return storedLegs(receivable.metadata).map((leg) => ({
    idempotencyKey: leg.key,
    from: leg.from,
    to: leg.to,
    amount: BigInt(leg.units),
    kind: leg.kind,
    reason: leg.reason,
    metadata: { accountId: organizationId, periodKey, overageKey: overageKey(organizationId, periodKey) },
    ...(leg.kind === 'wholesale' ? { overdraft: wholesaleOverdraft } : {}),
  }));
}

/**
 * Posts a card overage's resale split once both its receivable and its payment are in the ledger, whichever came
 * last: one transfer set, answered replayed when posted before (with the payment, or by the other side).
 */
export async function postPaidResale(ledger: Ledger, organizationId: number, periodKey: string) {
  if (!(await ledger.transferByKey(overagePaidKey(organizationId, periodKey)))) return null;
  const legs = await paidResaleLegs(ledger, organizationId, periodKey);
  return legs.length === 0 ? null : ledger.transferSet(legs);
}
