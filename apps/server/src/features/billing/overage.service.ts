import type { Db } from '../../platform/database';
import { createLedger, priceBeyondIncluded, unitsToUsd, type Ledger, type ProductItems } from '../ledger';
import { markPeriodSettled, periodUsage, pricePlanItems, unsettledPeriodKeys } from './overage.repo';

/** Marks a period whose usage the plan covered in full: no transfer, nothing left to charge. */
const COVERED_BY_PLAN = '00000000-0000-0000-0000-000000000000';

export interface OverageLine {
  usageKey: string;
  /** Units used in the period and those the plan included. */
  used: number;
  included: number;
  amount: bigint;
}

export interface PeriodOverage {
  periodKey: string;
  amount: bigint;
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
      used: row.used,
      included,
      amount: priceBeyondIncluded(item.pricing, included, 0, row.used),
    });
  }
  return lines;
}

/**
 * At a renewal: every ended billing period of the organization (before `newPeriodStart`) whose usage is not
 * charged yet is charged once, as one wallet debit per period keyed `overage:<organization>:<period>`. Usage was
 * delivered, so the wallet may go below zero by it; what it cannot pay shows as a negative balance a top-up
 * settles. Run again (a replayed renewal event), it posts nothing twice.
 */
export async function chargeRenewalOverage(
  db: Db,
  organizationId: number,
  newPeriodStart: Date,
  ledger: Ledger = createLedger(db),
): Promise<PeriodOverage[]> {
  const newKey = `period:${newPeriodStart.toISOString().slice(0, 10)}`;
  const ended = await unsettledPeriodKeys(db, organizationId, newKey);
  const results: PeriodOverage[] = [];
  for (const key of ended) {
    const lines = await rateEndedPeriod(db, organizationId, key);
    const amount = lines.reduce((sum, line) => sum + line.amount, 0n);
    let transferId: string | null = null;
    let replayed = false;
    if (amount > 0n) {
      const transfer = await ledger.transfer({
        idempotencyKey: `overage:${String(organizationId)}:${key}`,
        from: { kind: 'wallet', accountId: organizationId },
        to: { kind: 'platform', name: 'usage' },
        amount,
        kind: 'usage',
        reason: `Usage beyond the plan, billing period from ${key.slice('period:'.length)}`,
        metadata: {
          periodKey: key,
          lines: lines.map((line) => ({
            usageKey: line.usageKey,
            used: line.used,
            included: line.included,
            amountUsd: unitsToUsd(line.amount),
          })),
        },
        overdraft: amount,
      });
      transferId = transfer.transferId;
      replayed = transfer.replayed;
    }
    // The period's usage is settled: by the overage debit, or as covered by the plan (a transfer of nothing).
    await markPeriodSettled(db, organizationId, key, transferId ?? COVERED_BY_PLAN);
    results.push({ periodKey: key, amount, lines, transferId, replayed });
  }
  return results;
}
