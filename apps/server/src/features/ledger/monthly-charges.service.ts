import type { Db } from '../../platform/database';
import { resolvePlan } from './pricing/plans.repo';
import { priceUnits } from './pricing/rating';
import { InsufficientFunds, type Ledger } from './types';
import {
  itemOfKey,
  itemsDue,
  itemsDueForNumber,
  monthlyEventKey,
  owedByPayer,
  owedFromEarlierMonths,
  type MonthlyItem,
} from './monthly-charges.repo';
import { markCharged, payerOf, rateOnce } from './usage-charges.repo';

/** The calendar month (UTC) a moment falls in: `2026-11`. */
export const billingPeriod = (at: Date) => at.toISOString().slice(0, 7);

const monthAndYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-11` → "November 2026". */
export function periodName(period: string): string {
  return monthAndYear.format(new Date(`${period}-01T00:00:00Z`));
}

/** `+14155550101` → "+1 415 555 0101" (North American numbers); other numbers stay in E.164. */
export function spokenNumber(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+1 ${match[1] ?? ''} ${match[2] ?? ''} ${match[3] ?? ''}` : e164;
}

/** The transaction line: "Phone number +1 415 555 0101, November 2026", "Agent Front desk, November 2026". */
export function describeMonthlyItem(item: Pick<MonthlyItem, 'usageKey' | 'label'>, period: string): string {
  const what =
    item.usageKey === 'agents'
      ? `Agent ${item.label}`
      : `${item.usageKey === 'byo-number' ? 'Brought phone number' : 'Phone number'} ${spokenNumber(item.label)}`;
  return `${what}, ${periodName(period)}`;
}

/** charged: posted now or before; owed: rated but the wallet could not pay; unmetered: no plan prices it. */
export type MonthlyChargeOutcome = 'charged' | 'owed' | 'unmetered';

/**
 * Charges an item's month once, from the paying organization's wallet, at the plan's price for the nth such item
 * of the month (tiers count the organization's numbers or agents). The rating is stored first (usage_charges, key
 * `monthly:<kind>:<id>:<period>`); the debit's idempotency key is the same, so a rerun, a second process or a crash
 * between the two posts nothing twice. A wallet that cannot pay is never taken below its credit limit: the charge
 * stays recorded as owed and a later sweep collects it.
 */
export async function chargeMonthlyItem(
  db: Db,
  ledger: Ledger,
  item: MonthlyItem,
  period: string,
): Promise<MonthlyChargeOutcome> {
  const payer = await payerOf(db, item.agentAccountId);
  if (payer === null) return 'unmetered';
  const plan = await resolvePlan(db, payer);
  const product = plan?.productItems[item.usageKey];
  if (!plan || !product) return 'unmetered';
  const eventKey = monthlyEventKey(item, period);
  const row = await rateOnce(
    db,
    {
      eventKey,
      accountId: item.agentAccountId,
      payerAccountId: payer,
      usageKey: item.usageKey,
      quantity: 1,
      planId: plan.id,
      conversationId: null,
      billingMonth: period,
    },
    (used) => priceUnits(product.pricing, used, 1),
  );
  if (row.transferId || row.amount <= 0n) return 'charged';
  try {
    const { transferId } = await ledger.transfer({
      idempotencyKey: eventKey,
      from: { kind: 'wallet', accountId: row.payerAccountId },
      to: { kind: 'platform', name: 'revenue' },
      amount: row.amount,
      kind: 'fee',
      reason: describeMonthlyItem(item, period),
      metadata: {
        usageKey: item.usageKey,
        item: item.kind,
        itemId: item.itemId,
        agentAccountId: item.agentAccountId,
        period,
        planId: row.planId,
      },
    });
    await markCharged(db, eventKey, transferId);
    return 'charged';
  } catch (error) {
    if (error instanceof InsufficientFunds) return 'owed';
    throw error;
  }
}

export interface MonthlySweepResult {
  period: string;
  charged: number;
  owed: number;
  unmetered: number;
}

/**
 * The daily sweep: charges every held number and agent for the month of `now` that has no posted charge for it,
 * and tries again to collect what earlier months left owed. Safe to run any number of times, in any process.
 */
export async function sweepMonthlyCharges(
  db: Db,
  ledger: Ledger,
  now: Date = new Date(),
): Promise<MonthlySweepResult> {
  const period = billingPeriod(now);
  const result: MonthlySweepResult = { period, charged: 0, owed: 0, unmetered: 0 };
  const count = (outcome: MonthlyChargeOutcome) => (result[outcome] += 1);
  for (const owed of await owedFromEarlierMonths(db, period)) {
    const item = await itemOfKey(db, owed.eventKey);
    if (item) count(await chargeMonthlyItem(db, ledger, item, owed.billingMonth));
  }
  for (const item of await itemsDue(db, period)) count(await chargeMonthlyItem(db, ledger, item, period));
  return result;
}

/**
 * The first month, charged when a number is bought or an agent created (the whole month, not prorated). A failure
 * here never undoes the purchase: the daily sweep charges what is still due.
 */
export async function chargeFirstMonth(
  db: Db,
  ledger: Ledger,
  item: { kind: 'number'; number: string } | { kind: 'agent'; agentAccountId: number },
  now: Date = new Date(),
): Promise<MonthlyChargeOutcome | null> {
  const period = billingPeriod(now);
  const due =
    item.kind === 'agent'
      ? (await itemsDue(db, period, item.agentAccountId)).filter((row) => row.kind === 'agent')
      : await itemsDueForNumber(db, period, item.number);
  const [first] = due;
  return first ? chargeMonthlyItem(db, ledger, first, period) : null;
}

export interface OwedMonthlyCharge {
  reason: string;
  amount: bigint;
  billingMonth: string;
}

/** What an organization's wallet still owes for its numbers and agents, each line as the wallet would show it. */
export async function owedMonthlyCharges(db: Db, payerAccountId: number): Promise<OwedMonthlyCharge[]> {
  const owed: OwedMonthlyCharge[] = [];
  for (const row of await owedByPayer(db, payerAccountId)) {
    const item = await itemOfKey(db, row.eventKey);
    owed.push({
      reason: item
        ? describeMonthlyItem(item, row.billingMonth)
        : `Monthly charge, ${periodName(row.billingMonth)}`,
      amount: row.amount,
      billingMonth: row.billingMonth,
    });
  }
  return owed;
}

/**
 * Collects what an organization owes, oldest first, as far as its wallet now reaches (after a top-up). Each charge
 * posts under its own idempotency key, so this and the daily sweep never post one twice.
 */
export async function collectOwedCharges(
  db: Db,
  ledger: Ledger,
  payerAccountId: number,
): Promise<{ charged: number; owed: number }> {
  const result = { charged: 0, owed: 0 };
  for (const row of await owedByPayer(db, payerAccountId)) {
    const item = await itemOfKey(db, row.eventKey);
    if (!item) continue;
    const outcome = await chargeMonthlyItem(db, ledger, item, row.billingMonth);
    if (outcome === 'charged') result.charged += 1;
    else if (outcome === 'owed') result.owed += 1;
  }
  return result;
}
