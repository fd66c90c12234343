import { AppError } from '../../platform/app-error';
import {
  owedMonthlyCharges,
  unitsToUsd,
  usdToUnits,
  walletStanding,
  type LedgerAccountRef,
  type LedgerLine,
} from '../ledger';
import { unitsOfSats } from './money';
import { findAccountByUsername, listUnclaimedRewards, markRewardsClaimed } from './wallet.repo';
import type { WalletDeps } from './wallet-deps';

const wallet = (accountId: number): LedgerAccountRef => ({ kind: 'wallet', accountId });

const counterpartyNames: Record<string, string> = {
  card_clearing: 'card',
  lightning_clearing: 'lightning',
  revenue: 'revenue',
  refunds: 'refunds',
  rewards: 'rewards',
  usage: 'usage',
};

function transactionView(line: LedgerLine) {
  return {
    id: line.id,
    kind: line.kind,
    reason: line.reason,
    amountUsd: unitsToUsd(line.amount),
    balanceAfterUsd: unitsToUsd(line.balanceAfter),
    counterparty:
      line.counterparty.kind === 'platform'
        ? (counterpartyNames[line.counterparty.name] ?? line.counterparty.name)
        : `account ${line.counterparty.accountId}`,
    createdAt: line.createdAt.toISOString(),
  };
}

export async function recentTransactions(
  deps: WalletDeps,
  accountId: number,
  query: { limit?: number | undefined; before?: string | undefined; kinds?: string | undefined },
) {
  const limit = query.limit ?? 50;
  const lines = await deps.ledger.history(accountId, {
    limit,
    ...(query.before && { before: query.before }),
    ...(query.kinds && { kinds: query.kinds.split(',').map((kind) => kind.trim()) }),
  });
  const balance = await deps.ledger.balance(wallet(accountId));
  return {
    success: true as const,
    balanceUsd: unitsToUsd(balance),
    transactions: lines.map(transactionView),
    nextBefore: lines.length === limit ? (lines.at(-1)?.id ?? null) : null,
  };
}

const spendingKinds = ['usage', 'fee'];

export async function getWallet(deps: WalletDeps, accountId: number, days = 30) {
  const since = new Date(Date.now() - (days - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const byDay = new Map<string, bigint>();
  for (let day = new Date(since); day.getTime() <= Date.now(); day = new Date(day.getTime() + 86_400_000)) {
    byDay.set(day.toISOString().slice(0, 10), 0n);
  }
  // Pages back through the window's spending; a busy account has many small usage lines.
  let before: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const lines = await deps.ledger.history(accountId, {
      limit: 500,
      kinds: spendingKinds,
      ...(before && { before }),
    });
    for (const line of lines) {
      if (line.createdAt < since) break;
      const date = line.createdAt.toISOString().slice(0, 10);
      byDay.set(date, (byDay.get(date) ?? 0n) - line.amount);
    }
    const last = lines.at(-1);
    if (lines.length < 500 || !last || last.createdAt < since) break;
    before = last.id;
  }
  const rewards = await listUnclaimedRewards(deps.db, accountId);
  const owed = await owedMonthlyCharges(deps.db, accountId);
  const standing = await walletStanding(deps.db, accountId);
  return {
    success: true as const,
    balanceUsd: unitsToUsd(await deps.ledger.balance(wallet(accountId))),
    unclaimedRewardsUsd: unitsToUsd(rewards.reduce((sum, reward) => sum + reward.amountUnits, 0n)),
    spendingByDay: [...byDay].map(([date, units]) => ({ date, usd: unitsToUsd(units) })),
    admission: standing.admitted
      ? { takingConversations: true, reason: null, payerAccountId: null }
      : { takingConversations: false, reason: standing.reason, payerAccountId: standing.payerAccountId },
    owed: {
      totalUsd: unitsToUsd(owed.reduce((sum, charge) => sum + charge.amount, 0n)),
      charges: owed.map((charge) => ({
        reason: charge.reason,
        amountUsd: unitsToUsd(charge.amount),
        billingMonth: charge.billingMonth,
      })),
    },
  };
}

/** Rewards → the wallet, each reward once (its id is the ledger's idempotency key). */
export async function claimRewards(deps: WalletDeps, accountId: number, claim: 'all' | number) {
  const rewards = await listUnclaimedRewards(deps.db, accountId, claim === 'all' ? undefined : claim);
  if (claim !== 'all' && rewards.length === 0) {
    throw new AppError('NOT_FOUND', 'claim: this account has no unclaimed reward with this id', {
      field: 'claim',
    });
  }
  let claimed = 0n;
  for (const reward of rewards) {
    await deps.ledger.transfer({
      idempotencyKey: `reward:${reward.id}`,
      from: { kind: 'platform', name: 'rewards' },
      to: wallet(accountId),
      amount: reward.amountUnits,
      kind: 'reward',
      reason: reward.reason,
      metadata: { rewardId: reward.id, ...reward.metadata },
    });
    claimed += reward.amountUnits;
  }
  await markRewardsClaimed(
    deps.db,
    rewards.map((reward) => reward.id),
  );
  return {
    success: true as const,
    claimed: rewards.length,
    claimedUsd: unitsToUsd(claimed),
    balanceUsd: unitsToUsd(await deps.ledger.balance(wallet(accountId))),
  };
}

const refundFailed = 'Something went wrong.';

/**
 * A super admin's refund into a person's account wallet (refunds → wallet). It may not exceed what the account
 * paid in (card and Lightning top-ups and payments received) less what was refunded before.
 */
export async function issueRefundToUser(
  deps: WalletDeps,
  body: {
    username: string;
    usdAmount?: number | undefined;
    satsAmount?: number | undefined;
    reason?: string | undefined;
  },
  idempotencyKey: string | undefined,
) {
  const account = await findAccountByUsername(deps.db, body.username);
  if (!account)
    throw new AppError('NOT_FOUND', `${refundFailed} username: no account has this username`, {
      field: 'username',
    });
  const rate = body.satsAmount === undefined ? null : await deps.rates.current();
  const amount =
    body.usdAmount !== undefined
      ? usdToUnits(body.usdAmount.toFixed(2))
      : unitsOfSats(body.satsAmount ?? 0, rate?.satToUsd ?? 0);
  let paidIn = 0n;
  let refunded = 0n;
  let before: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const lines = await deps.ledger.history(account.id, {
      limit: 500,
      kinds: ['top_up', 'payment', 'refund'],
      ...(before && { before }),
    });
    for (const line of lines) {
      if (line.kind === 'refund') refunded += line.amount;
      else if (line.amount > 0n) paidIn += line.amount;
    }
    if (lines.length < 500) break;
    before = lines.at(-1)?.id;
  }
  if (amount > paidIn - refunded) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${refundFailed} ${body.usdAmount === undefined ? 'satsAmount' : 'usdAmount'}: is more than the ${unitsToUsd(paidIn - refunded)} USD this account paid in and was not refunded`,
      { field: body.usdAmount === undefined ? 'satsAmount' : 'usdAmount' },
    );
  }
  await deps.ledger.transfer({
    // A retry (the same Idempotency-Key, or the same refund within the minute) posts once.
    idempotencyKey: `refund:${idempotencyKey ?? `${account.id}:${amount}:${Math.floor(Date.now() / 60_000)}`}`,
    from: { kind: 'platform', name: 'refunds' },
    to: wallet(account.id),
    amount,
    kind: 'refund',
    reason: body.reason ? `Refund: ${body.reason}` : 'Refund',
    metadata: {
      ...(body.satsAmount !== undefined && { sats: body.satsAmount, satToUsd: rate?.satToUsd }),
    },
  });
  return {
    success: true as const,
    message: 'The refund for the issue has been processed.',
    refundedUsd: unitsToUsd(amount),
  };
}
