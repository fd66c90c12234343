import { AppError } from '../../platform/app-error';
import {
  conversationsMoney,
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
  card_deferred: 'card',
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
    conversationId?: string | undefined;
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
  const amountField = body.usdAmount === undefined ? 'satsAmount' : 'usdAmount';
  if (body.conversationId !== undefined) {
    const conversationId = body.conversationId.toLowerCase();
    return oneAtATime(conversationId, () =>
      refundConversation(deps, {
        account,
        conversationId,
        amount,
        amountField,
        reason: body.reason,
        metadata: body.satsAmount !== undefined ? { sats: body.satsAmount, satToUsd: rate?.satToUsd } : {},
        idempotencyKey,
      }),
    );
  }
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
      // Refunds of a conversation's charges come from usage and count against that conversation, not here.
      if (line.kind === 'refund') {
        if (line.counterparty.kind === 'platform' && line.counterparty.name === 'refunds')
          refunded += line.amount;
      } else if (line.amount > 0n) paidIn += line.amount;
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

/** Conversation refunds run one at a time per conversation here, so two cannot both pass the refundable check. */
const refundQueues = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = refundQueues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  refundQueues.set(key, settled);
  try {
    return await run;
  } finally {
    if (refundQueues.get(key) === settled) refundQueues.delete(key);
  }
}

/**
 * A refund from the review queue: reverses a conversation's charges (usage → the wallet it was charged to), never
 * more than it was charged less what was given back for it already (its automatic credit after a failure on our
 * side, earlier refunds). Keyed by the conversation and the Idempotency-Key (else the amount and the minute), so a
 * retry posts once.
 */
async function refundConversation(
  deps: WalletDeps,
  input: {
    account: { id: number; username: string | null };
    conversationId: string;
    amount: bigint;
    amountField: 'usdAmount' | 'satsAmount';
    reason: string | undefined;
    metadata: Record<string, unknown>;
    idempotencyKey: string | undefined;
  },
) {
  const { account, conversationId, amount, amountField } = input;
  // Without an Idempotency-Key, the same amount for the same conversation within the minute is a retry.
  const idempotencyKey = `refund:conversation:${conversationId}:${input.idempotencyKey ?? `${amount}:${Math.floor(Date.now() / 60_000)}`}`;
  // A retry of a refund already made answers as the first did, whatever was refunded since.
  const retried = await deps.ledger.transferByKey(idempotencyKey);
  if (retried) {
    return {
      success: true as const,
      message: 'The refund for the issue has been processed.',
      refundedUsd: unitsToUsd(retried.amount),
    };
  }
  const money = await conversationsMoney(deps.db, [conversationId]);
  if (money.length === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${refundFailed} conversationId: nothing was charged for this conversation`,
      { field: 'conversationId' },
    );
  }
  const charged = money.find((row) => row.payerAccountId === account.id);
  if (!charged) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${refundFailed} username: this conversation was not charged to ${account.username ?? 'this account'}`,
      { field: 'username' },
    );
  }
  const refundable = charged.charged - charged.reversed;
  if (amount > refundable) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${refundFailed} ${amountField}: is more than the ${unitsToUsd(refundable > 0n ? refundable : 0n)} USD this conversation was charged and not given back`,
      { field: amountField },
    );
  }
  await deps.ledger.transfer({
    idempotencyKey,
    from: { kind: 'platform', name: 'usage' },
    to: wallet(account.id),
    amount,
    kind: 'refund',
    reason: input.reason ? `Refund for a conversation: ${input.reason}` : 'Refund for a conversation',
    metadata: { conversationId, ...input.metadata },
  });
  return {
    success: true as const,
    message: 'The refund for the issue has been processed.',
    refundedUsd: unitsToUsd(amount),
  };
}
