import { randomUUID } from 'node:crypto';
import {
  and,
  desc,
  eq,
  inArray,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  lt,
  sql,
  type Db,
  type SQL,
} from '@switchboard/db';
import { AppError } from '../../platform/app-error';
import {
  describeRef,
  IdempotencyConflict,
  InsufficientFunds,
  platformAccountNames,
  transferKinds,
  type HistoryOptions,
  type Ledger,
  type LedgerAccountRef,
  type LedgerLine,
  type PlatformAccountName,
  type TransferInput,
  type TransferResult,
} from './types';

/** A row read under a foreign key or a lock just taken is there; its absence is a broken invariant. */
function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Ledger invariant broken: a referenced ledger row is missing');
  return value;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface AccountRow {
  id: number;
  kind: string;
  accountId: number | null;
  platformName: string | null;
  balance: bigint;
  pendingOut: bigint;
  creditLimit: bigint;
}

export interface LedgerOptions {
  /** Called between the writes of a transfer; a throw aborts the transaction (tests simulate crashes with it). */
  afterWrite?: (step: 'locked' | 'written') => void | Promise<void>;
}

const maxAmount = 10n ** 17n; // a hundred million USD in nano-dollars; beyond it an amount is a mistake

function validate(input: TransferInput): void {
  if (typeof input.amount !== 'bigint' || input.amount <= 0n || input.amount > maxAmount) {
    throw new AppError(
      'VALIDATION_FAILED',
      'amount must be a positive number of units no larger than 100,000,000 USD',
    );
  }
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) {
    throw new AppError('VALIDATION_FAILED', 'idempotencyKey must be 1 to 200 characters');
  }
  if (!transferKinds.includes(input.kind))
    throw new AppError('VALIDATION_FAILED', `Unknown transfer kind "${input.kind}"`);
  if (!input.reason.trim()) throw new AppError('VALIDATION_FAILED', 'reason must not be empty');
  for (const ref of [input.from, input.to]) {
    if (ref.kind === 'platform' && !platformAccountNames.includes(ref.name)) {
      throw new AppError('VALIDATION_FAILED', `Unknown platform account "${ref.name}"`);
    }
  }
  if (input.overdraft !== undefined && (input.overdraft < 0n || input.overdraft > maxAmount)) {
    throw new AppError('VALIDATION_FAILED', 'overdraft must be between 0 and 100,000,000 USD in units');
  }
  if (sameRef(input.from, input.to))
    throw new AppError('VALIDATION_FAILED', 'from and to must be different accounts');
}

function sameRef(a: LedgerAccountRef, b: LedgerAccountRef): boolean {
  if (a.kind === 'wallet' && b.kind === 'wallet') return a.accountId === b.accountId;
  if (a.kind === 'platform' && b.kind === 'platform') return a.name === b.name;
  return false;
}

function refOf(row: Pick<AccountRow, 'kind' | 'accountId' | 'platformName'>): LedgerAccountRef {
  return row.kind === 'wallet'
    ? { kind: 'wallet', accountId: row.accountId ?? 0 }
    : { kind: 'platform', name: row.platformName as PlatformAccountName };
}

const accountColumns = {
  id: ledgerAccounts.id,
  kind: ledgerAccounts.kind,
  accountId: ledgerAccounts.accountId,
  platformName: ledgerAccounts.platformName,
  balance: ledgerAccounts.balance,
  pendingOut: ledgerAccounts.pendingOut,
  creditLimit: ledgerAccounts.creditLimit,
};

function refCondition(ref: LedgerAccountRef) {
  return ref.kind === 'wallet'
    ? eq(ledgerAccounts.accountId, ref.accountId)
    : eq(ledgerAccounts.platformName, ref.name);
}

/** The ledger account's id, created on first use; a wallet only for an account that exists. */
async function ensureAccount(tx: Db | Tx, ref: LedgerAccountRef): Promise<number> {
  const [existing] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(refCondition(ref));
  if (existing) return existing.id;
  if (ref.kind === 'wallet') {
    await tx.execute(
      sql`INSERT INTO ledger_accounts (kind, account_id)
          SELECT 'wallet', id FROM accounts WHERE id = ${ref.accountId}
          ON CONFLICT (account_id) DO NOTHING`,
    );
  } else {
    await tx.execute(
      sql`INSERT INTO ledger_accounts (kind, platform_name) VALUES ('platform', ${ref.name})
          ON CONFLICT (platform_name) DO NOTHING`,
    );
  }
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(refCondition(ref));
  if (!created)
    throw new AppError('NOT_FOUND', `Account ${ref.kind === 'wallet' ? ref.accountId : ref.name} not found`);
  return created.id;
}

/** Locks the rows in id order, so two transfers over the same pair never deadlock. */
async function lockAccounts(tx: Tx, ids: number[]): Promise<Map<number, AccountRow>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(ledgerAccounts.id)
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

function availableOf(row: AccountRow): bigint {
  return row.balance - row.pendingOut;
}

function checkFunds(row: AccountRow, amount: bigint, overdraft: bigint): void {
  if (row.kind !== 'wallet') return;
  if (availableOf(row) + row.creditLimit + overdraft < amount) {
    throw new InsufficientFunds(refOf(row), amount, availableOf(row));
  }
}

type TransferRow = typeof ledgerTransfers.$inferSelect;

async function findByKey(tx: Db | Tx, key: string): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
  return row;
}

function replayOf(existing: TransferRow, input: TransferInput, fromId: number, toId: number): TransferResult {
  const same =
    existing.fromLedgerAccountId === fromId &&
    existing.toLedgerAccountId === toId &&
    existing.amount === input.amount &&
    existing.kind === input.kind;
  if (!same) throw new IdempotencyConflict(input.idempotencyKey);
  return { transferId: existing.id, replayed: true };
}

/**
 * Writes a transfer's two entries and both balances in one statement (the rows are locked by the caller), and the
 * transfer row too when `insertTransfer` is given: one round trip per posting.
 */
async function writePosting(
  tx: Tx,
  transferId: string,
  from: AccountRow,
  to: AccountRow,
  amount: bigint,
  insertTransfer?: SQL,
): Promise<void> {
  const fromAfter = (from.balance - amount).toString();
  const toAfter = (to.balance + amount).toString();
  const units = amount.toString();
  await tx.execute(sql`
    WITH ${insertTransfer ? sql`t AS (${insertTransfer}),` : sql``}
    e AS (
      INSERT INTO ledger_entries (transfer_id, ledger_account_id, amount, balance_after)
      VALUES (${transferId}::uuid, ${from.id}, -(${units}::bigint), ${fromAfter}::bigint),
             (${transferId}::uuid, ${to.id}, ${units}::bigint, ${toAfter}::bigint))
    UPDATE ledger_accounts SET balance = CASE id WHEN ${from.id} THEN ${fromAfter}::bigint ELSE ${toAfter}::bigint END
    WHERE id IN (${from.id}, ${to.id})`);
}

type Resolve = (ref: LedgerAccountRef) => Promise<number>;

async function record(
  db: Db,
  input: TransferInput,
  phase: 'posted' | 'pending',
  options: LedgerOptions,
  resolveId: Resolve,
) {
  validate(input);
  const fromId = await resolveId(input.from);
  const toId = await resolveId(input.to);
  return db.transaction(async (tx) => {
    const locked = await lockAccounts(tx, [fromId, toId]);
    await options.afterWrite?.('locked');
    // Checked under the lock: a concurrent twin with the same key waited for it and now sees the first one.
    const existing = await findByKey(tx, input.idempotencyKey);
    if (existing) return replayOf(existing, input, fromId, toId);
    const from = present(locked.get(fromId));
    const to = present(locked.get(toId));
    checkFunds(from, input.amount, input.overdraft ?? 0n);
    const transferId = randomUUID();
    const insertTransfer = sql`
      INSERT INTO ledger_transfers
        (id, idempotency_key, kind, status, from_ledger_account_id, to_ledger_account_id, amount, reason, metadata)
      VALUES (${transferId}::uuid, ${input.idempotencyKey}, ${input.kind}, ${phase}, ${fromId}, ${toId},
        ${input.amount.toString()}::bigint, ${input.reason.trim()}, ${JSON.stringify(input.metadata ?? {})}::jsonb)`;
    if (phase === 'posted') await writePosting(tx, transferId, from, to, input.amount, insertTransfer);
    else {
      await tx.execute(insertTransfer);
      await tx
        .update(ledgerAccounts)
        .set({ pendingOut: from.pendingOut + input.amount })
        .where(eq(ledgerAccounts.id, fromId));
    }
    await options.afterWrite?.('written');
    return { transferId, replayed: false };
  });
}

/**
 * Posts several transfers as one: every leg or none, in one database transaction under locks on all the accounts
 * they touch (taken in id order). Each leg keeps its own idempotency key; a set posted before (its first key
 * found) answers every leg replayed, and a leg that differs from what was posted is a 409.
 */
async function recordSet(db: Db, legs: TransferInput[], options: LedgerOptions, resolveId: Resolve) {
  if (legs.length === 0)
    throw new AppError('VALIDATION_FAILED', 'A transfer set needs at least one transfer');
  legs.forEach(validate);
  if (new Set(legs.map((leg) => leg.idempotencyKey)).size !== legs.length)
    throw new AppError('VALIDATION_FAILED', 'Each transfer of a set needs its own idempotency key');
  const ids: (readonly [number, number])[] = [];
  for (const leg of legs) ids.push([await resolveId(leg.from), await resolveId(leg.to)] as const);
  return db.transaction(async (tx) => {
    const locked = await lockAccounts(tx, ids.flat());
    await options.afterWrite?.('locked');
    const results: TransferResult[] = [];
    if (await findByKey(tx, legs[0]?.idempotencyKey ?? '')) {
      for (const [index, leg] of legs.entries()) {
        const existing = await findByKey(tx, leg.idempotencyKey);
        const [fromId, toId] = present(ids[index]);
        if (!existing) throw new IdempotencyConflict(leg.idempotencyKey);
        results.push(replayOf(existing, leg, fromId, toId));
      }
      return results;
    }
    for (const [index, leg] of legs.entries()) {
      const [fromId, toId] = present(ids[index]);
      const from = present(locked.get(fromId));
      const to = present(locked.get(toId));
      checkFunds(from, leg.amount, leg.overdraft ?? 0n);
      const transferId = randomUUID();
      const insertTransfer = sql`
        INSERT INTO ledger_transfers
          (id, idempotency_key, kind, status, from_ledger_account_id, to_ledger_account_id, amount, reason, metadata)
        VALUES (${transferId}::uuid, ${leg.idempotencyKey}, ${leg.kind}, 'posted', ${fromId}, ${toId},
          ${leg.amount.toString()}::bigint, ${leg.reason.trim()}, ${JSON.stringify(leg.metadata ?? {})}::jsonb)`;
      await writePosting(tx, transferId, from, to, leg.amount, insertTransfer);
      // The next leg over the same account starts from the balance this one left.
      locked.set(fromId, { ...from, balance: from.balance - leg.amount });
      locked.set(toId, { ...to, balance: to.balance + leg.amount });
      results.push({ transferId, replayed: false });
    }
    await options.afterWrite?.('written');
    return results;
  });
}

async function resolve(db: Db, transferId: string, outcome: 'posted' | 'voided') {
  const [found] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
  if (!found) throw new AppError('NOT_FOUND', `Transfer ${transferId} not found`);
  return db.transaction(async (tx) => {
    const locked = await lockAccounts(tx, [found.fromLedgerAccountId, found.toLedgerAccountId]);
    const [transfer] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
    const current = present(transfer);
    if (current.status === outcome) return { transferId, replayed: true };
    if (current.status !== 'pending') {
      throw new AppError('CONFLICT', `Transfer ${transferId} is already ${current.status}`);
    }
    const from = present(locked.get(current.fromLedgerAccountId));
    const to = present(locked.get(current.toLedgerAccountId));
    const released = { ...from, pendingOut: from.pendingOut - current.amount };
    await tx
      .update(ledgerAccounts)
      .set({ pendingOut: released.pendingOut })
      .where(eq(ledgerAccounts.id, from.id));
    await tx
      .update(ledgerTransfers)
      .set({ status: outcome, resolvedAt: new Date() })
      .where(eq(ledgerTransfers.id, transferId));
    if (outcome === 'posted') await writePosting(tx, transferId, released, to, current.amount);
    return { transferId, replayed: false };
  });
}

async function readAccount(db: Db, ref: LedgerAccountRef) {
  const [row] = await db.select(accountColumns).from(ledgerAccounts).where(refCondition(ref));
  return row;
}

async function history(db: Db, accountId: number, options: HistoryOptions): Promise<LedgerLine[]> {
  const wallet = await readAccount(db, { kind: 'wallet', accountId });
  if (!wallet) return [];
  const limit = Math.min(Math.max(Math.trunc(options.limit) || 1, 1), 500);
  const before =
    options.before !== undefined && /^\d{1,18}$/.test(options.before) ? Number(options.before) : undefined;
  const conditions = [eq(ledgerEntries.ledgerAccountId, wallet.id)];
  if (before !== undefined) conditions.push(lt(ledgerEntries.id, before));
  if (options.kinds && options.kinds.length > 0)
    conditions.push(inArray(ledgerTransfers.kind, options.kinds));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      transferId: ledgerEntries.transferId,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransfers.kind,
      reason: ledgerTransfers.reason,
      metadata: ledgerTransfers.metadata,
      fromId: ledgerTransfers.fromLedgerAccountId,
      toId: ledgerTransfers.toLedgerAccountId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  const counterpartIds = [...new Set(rows.map((row) => (row.fromId === wallet.id ? row.toId : row.fromId)))];
  const counterparts =
    counterpartIds.length === 0
      ? []
      : await db
          .select(accountColumns)
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.id, counterpartIds));
  const byId = new Map(counterparts.map((row) => [row.id, refOf(row)]));
  return rows.map((row) => ({
    id: String(row.id),
    transferId: row.transferId,
    kind: row.kind,
    reason: row.reason,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    counterparty: present(byId.get(row.fromId === wallet.id ? row.toId : row.fromId)),
    metadata: row.metadata,
    createdAt: row.createdAt,
  }));
}

/** The double-entry ledger over a database (see docs/decisions/027-ledger-units-balances-and-who-pays.md). */
export function createLedger(db: Db, options: LedgerOptions = {}): Ledger {
  // Ledger accounts are never deleted, so their ids are remembered once known.
  const known = new Map<string, number>();
  const resolveId: Resolve = async (ref) => {
    const name = describeRef(ref);
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    const id = await ensureAccount(db, ref);
    known.set(name, id);
    return id;
  };
  return {
    transfer: (input) => record(db, input, 'posted', options, resolveId),
    transferSet: (legs) => recordSet(db, legs, options, resolveId),
    hold: (input) => record(db, input, 'pending', options, resolveId),
    postPending: (transferId) => resolve(db, transferId, 'posted'),
    voidPending: (transferId) => resolve(db, transferId, 'voided'),
    balance: async (ref) => (await readAccount(db, ref))?.balance ?? 0n,
    available: async (ref) => {
      const row = await readAccount(db, ref);
      return row ? availableOf(row) : 0n;
    },
    history: (accountId, historyOptions) => history(db, accountId, historyOptions),
    transferByKey: async (key) => {
      const row = await findByKey(db, key);
      return row
        ? { transferId: row.id, amount: row.amount, status: row.status, metadata: row.metadata }
        : null;
    },
  };
}
