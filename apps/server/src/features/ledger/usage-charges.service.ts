import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database';
import type { Admission, BalanceGate, UsageToCharge } from '../../runtime/ports/balance-gate';
import { publishRealtimeEvent } from '../realtime/realtime.service';
import { createLedger } from './ledger.repo';
import { resolvePlan } from './pricing/plans.repo';
import { priceBeyondIncluded, priceUnits } from './pricing/rating';
import { resaleChain } from './pricing/resale';
import { InsufficientFunds, type Ledger, type LedgerAccountRef, type TransferInput } from './types';
import { unitsToUsd, usdToUnits } from './units';
import {
  conversationCharges,
  markCharged,
  organizationOf,
  payerOf,
  rateOnce,
  servingSubscriptionOf,
  spendable,
  usedBefore,
} from './usage-charges.repo';

/** What a seller's wallet may go below its floor by for wholesale: any amount (the usage was delivered). */
const wholesaleOverdraft = 10n ** 17n;

export interface UsageChargeResult {
  /** Units debited (0 when the account has no plan or the plan does not price this key). */
  charged: bigint;
  /** The paying wallet's spendable amount after the charge; null when nothing is metered for the account. */
  spendable: bigint | null;
  payerAccountId: number | null;
}

const billingMonth = (at: Date) => at.toISOString().slice(0, 7);

const networkNames: Record<string, string> = {
  pstn: 'Phone call',
  sip: 'SIP call',
  client: 'Browser or app',
  sms: 'SMS',
  mms: 'MMS',
};

/** The transaction line a person reads: "Phone call, inbound · 2 minutes", "Model tokens in (gpt4oMini) · 120 tokens". */
export function describeUsage(usageKey: string, quantity: number, unit: string): string {
  const count = `${quantity.toLocaleString('en-US')} ${quantity === 1 ? unit : `${unit}s`}`;
  const [head = usageKey, direction, base] = usageKey.split('-');
  let what = usageKey;
  if (base === 'voice' || base === 'message') {
    const network = networkNames[head] ?? head;
    what =
      base === 'voice'
        ? `${network === 'Browser or app' ? 'Browser or app call' : network}, ${direction ?? ''}`
        : `${network === 'Browser or app' ? 'Chat' : network} message ${direction === 'inbound' ? 'received' : 'sent'}`;
  } else if (base === 'tokens' || base === 'cachedTokens') {
    what = `Model tokens ${direction === 'output' ? 'out' : 'in'}${base === 'cachedTokens' ? ', cached' : ''} (${head})`;
  }
  return `${what} · ${count}`;
}

/**
 * Rates a usage event at the paying account's plan (tiers counted from the month's usage so far) and debits the
 * paying wallet, once per event key. Usage already delivered may take the wallet below zero by `overdraft`.
 */
export async function chargeUsage(
  db: Db,
  ledger: Ledger,
  usage: UsageToCharge & { occurredAt?: Date },
  overdraft: bigint,
): Promise<UsageChargeResult> {
  const payer = await payerOf(db, usage.agentAccountId);
  if (payer === null) return { charged: 0n, spendable: null, payerAccountId: null };
  const plan = await resolvePlan(db, payer);
  // The first of the event's keys the plan prices (a model's own token price, else its family's, else the default).
  const usageKey = [usage.usageKey, ...(usage.alternatives ?? [])].find((key) => plan?.productItems[key]);
  const item = usageKey === undefined ? undefined : plan?.productItems[usageKey];
  if (!plan || !item || usageKey === undefined || usage.quantity <= 0)
    return { charged: 0n, spendable: null, payerAccountId: payer };
  // A subscribed organization's usage is rated into its billing period, the plan's included units free, and
  // charged at the renewal as overage (billing/overage.service.ts) rather than as it happens.
  const subscription = await servingSubscriptionOf(db, payer);
  const deferred = subscription !== null && subscription.planId === plan.id;
  const row = await rateOnce(
    db,
    {
      eventKey: usage.eventKey,
      accountId: usage.agentAccountId,
      payerAccountId: payer,
      usageKey,
      quantity: usage.quantity,
      planId: plan.id,
      conversationId: usage.conversationId,
      billingMonth: deferred ? subscription.periodKey : billingMonth(usage.occurredAt ?? new Date()),
    },
    (used) =>
      deferred
        ? priceBeyondIncluded(item.pricing, item.included ?? 0, used, usage.quantity)
        : priceUnits(item.pricing, used, usage.quantity),
  );
  if (row.billingMonth.startsWith('period:')) {
    return { charged: 0n, spendable: await spendable(db, payer), payerAccountId: payer };
  }
  if (!row.transferId) {
    const reason = describeUsage(usageKey, row.quantity, item.unit);
    const metadata = {
      usageKey,
      quantity: row.quantity,
      planId: plan.id,
      agentAccountId: usage.agentAccountId,
      conversationId: usage.conversationId,
      eventKey: usage.eventKey,
    };
    // Resold usage (decision 048): each seller's wholesale cost, priced at the same units as the retail charge.
    const used = plan.ownerAccountId === null ? 0 : await usedBefore(db, row);
    const chain = await resaleChain(db, plan, [usageKey, ...(usage.alternatives ?? [])], (sellerItem) =>
      priceUnits(sellerItem.pricing, used, row.quantity),
    );
    const payee = (index: number): LedgerAccountRef => {
      const seller = chain[index];
      return seller
        ? { kind: 'wallet', accountId: seller.sellerAccountId }
        : { kind: 'platform', name: 'usage' };
    };
    const legs: TransferInput[] = [];
    if (row.amount > 0n)
      legs.push({
        idempotencyKey: `usage:${usage.eventKey}`,
        from: { kind: 'wallet', accountId: payer },
        to: payee(0),
        amount: row.amount,
        kind: 'usage',
        reason,
        metadata,
        // Usage already delivered posts while the wallet is within the grace; the caller then ends the call.
        overdraft: overdraft + row.amount,
      });
    chain.forEach((step, index) => {
      if (step.cost <= 0n) return;
      legs.push({
        idempotencyKey: `usage:${usage.eventKey}:wholesale:${String(step.sellerAccountId)}`,
        from: { kind: 'wallet', accountId: step.sellerAccountId },
        to: payee(index + 1),
        amount: step.cost,
        kind: 'wholesale',
        reason: `Wholesale: ${reason}`,
        metadata: {
          ...metadata,
          retailUsd: unitsToUsd(index === 0 ? row.amount : (chain[index - 1]?.cost ?? 0n)),
          costPlanId: step.costPlanId,
          costUsageKey: step.usageKey,
          payerAccountId: payer,
        },
        // The seller owes its cost of usage already delivered: it is never refused, whatever its balance.
        overdraft: wholesaleOverdraft,
      });
    });
    if (legs.length > 0) {
      const [first] = await ledger.transferSet(legs);
      if (first) await markCharged(db, usage.eventKey, first.transferId);
    }
  }
  return { charged: row.amount, spendable: await spendable(db, payer), payerAccountId: payer };
}

export type WalletStanding = { admitted: true } | { admitted: false; reason: string; payerAccountId: number };

/**
 * Whether the wallet that pays for an account's conversations lets new ones start: metered (a priced plan) and
 * empty or overdrawn is a no, unless a subscription covers the usage and the wallet is merely at zero. The gate
 * asks it before each conversation; the wallet screen asks it to tell people why their agents went quiet.
 */
export async function walletStanding(db: Db, accountId: number): Promise<WalletStanding> {
  const payer = await payerOf(db, accountId);
  if (payer === null || !(await resolvePlan(db, payer))) return { admitted: true };
  const left = await spendable(db, payer);
  // A subscription covers its included usage: an empty (not overdrawn) wallet still takes conversations.
  if (left > 0n || (left === 0n && (await servingSubscriptionOf(db, payer)) !== null))
    return { admitted: true };
  return {
    admitted: false,
    reason: `The wallet is empty (${unitsToUsd(left)} USD): add funds to take conversations`,
    payerAccountId: payer,
  };
}

export interface BalanceGateDeps {
  db: Db;
  logger: FastifyBaseLogger;
  /** BALANCE_GRACE_USD. */
  graceUsd: string;
  ledger?: Ledger;
}

/** The runtime's balance gate on the ledger and the price catalogue. */
export function createBalanceGate(deps: BalanceGateDeps): BalanceGate {
  const { db, logger } = deps;
  const ledger = deps.ledger ?? createLedger(db);
  const grace = usdToUnits(deps.graceUsd);

  async function announce(payer: number, state: 'empty' | 'exhausted', conversationId: string) {
    await publishRealtimeEvent(db, {
      kind: 'wallet',
      accountId: payer,
      organizationId: await organizationOf(db, payer),
      ids: { state, conversationId },
    }).catch((error: unknown) => logger.warn({ err: error }, 'the wallet event was not announced'));
  }

  return {
    async admit(agentAccountId): Promise<Admission> {
      const standing = await walletStanding(db, agentAccountId);
      if (standing.admitted) return { admitted: true };
      await announce(standing.payerAccountId, 'empty', '');
      return { admitted: false, reason: standing.reason };
    },

    async charge(usage) {
      try {
        const result = await chargeUsage(db, ledger, usage, grace);
        if (result.spendable !== null && result.payerAccountId !== null && result.spendable < -grace) {
          await announce(result.payerAccountId, 'exhausted', usage.conversationId);
          return 'exhausted';
        }
        return 'ok';
      } catch (error) {
        if (error instanceof InsufficientFunds) {
          const payer = await payerOf(db, usage.agentAccountId);
          if (payer !== null) await announce(payer, 'exhausted', usage.conversationId);
          return 'exhausted';
        }
        logger.error({ err: error, usage: usage.usageKey }, 'usage was not charged');
        return 'ok';
      }
    },

    async creditBack({ agentAccountId, conversationId, reason }) {
      const payer = await payerOf(db, agentAccountId);
      if (payer === null) return;
      const charged = await conversationCharges(db, conversationId, payer);
      if (charged <= 0n) return;
      await ledger.transfer({
        idempotencyKey: `credit-back:${conversationId}`,
        from: { kind: 'platform', name: 'usage' },
        to: { kind: 'wallet', accountId: payer },
        amount: charged,
        kind: 'credit_back',
        reason: `Credit for a conversation that failed on our side: ${reason}`,
        metadata: { conversationId, agentAccountId },
      });
    },
  };
}
