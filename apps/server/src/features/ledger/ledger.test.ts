import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { cloneDatabase, type ClonedDatabase } from '@switchboard/testing';
import { accounts, ledgerEntries, ledgerTransfers, eq } from '@switchboard/db';
import {
  auditLedger,
  createLedger,
  IdempotencyConflict,
  InsufficientFunds,
  unitsToUsd,
  usdToUnits,
  type Ledger,
} from './index';

const usd = usdToUnits;

describe('the ledger', () => {
  let database: ClonedDatabase;
  let ledger: Ledger;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    database = await cloneDatabase(inject('databaseTemplate'));
    ledger = createLedger(database.db);
    const rows = await database.db
      .insert(accounts)
      .values([
        { accountType: 'organization', username: 'ledger-alice' },
        { accountType: 'organization', username: 'ledger-bob' },
      ])
      .returning({ id: accounts.id });
    [alice, bob] = rows.map((row) => row.id) as [number, number];
  });
  afterAll(() => database.close());

  const wallet = (accountId: number) => ({ kind: 'wallet' as const, accountId });
  const card = { kind: 'platform' as const, name: 'card_clearing' as const };
  const usage = { kind: 'platform' as const, name: 'usage' as const };

  it('converts USD strings to nano-dollar units and back exactly', () => {
    expect(usdToUnits('12.34')).toBe(12_340_000_000n);
    expect(usdToUnits('0.000000001')).toBe(1n);
    expect(unitsToUsd(12_340_000_000n)).toBe('12.34');
    expect(unitsToUsd(1n)).toBe('0.000000001');
    expect(unitsToUsd(-1_500_000_000n)).toBe('-1.50');
    for (const bad of ['0.0000000001', 'NaN', '-1', '1e3', '', '1.2.3'])
      expect(() => usdToUnits(bad)).toThrow();
  });

  it('posts a top-up once per idempotency key and keeps balances equal to their entries', async () => {
    const input = {
      idempotencyKey: 'topup-1',
      from: card,
      to: wallet(alice),
      amount: usd('10'),
      kind: 'top_up' as const,
      reason: 'Card top-up',
      metadata: { provider: 'stripe' },
    };
    const first = await ledger.transfer(input);
    const second = await ledger.transfer(input);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ transferId: first.transferId, replayed: true });
    expect(await ledger.balance(wallet(alice))).toBe(usd('10'));
    expect(await ledger.balance(card)).toBe(-usd('10'));
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferId, first.transferId));
    expect(entries.map((entry) => entry.amount).reduce((a, b) => a + b, 0n)).toBe(0n);
    await expect(ledger.transfer({ ...input, amount: usd('11') })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    expect(await auditLedger(database.db)).toEqual({ total: 0n, mismatches: 0, negativeWallets: 0 });
  });

  it('refuses to overdraw a wallet and leaves nothing behind', async () => {
    const before = await database.db.select().from(ledgerTransfers);
    const attempt = ledger.transfer({
      idempotencyKey: 'too-much',
      from: wallet(alice),
      to: usage,
      amount: usd('10.000000001'),
      kind: 'usage',
      reason: 'Call minutes',
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(attempt).rejects.toMatchObject({ status: 402 });
    expect(await database.db.select().from(ledgerTransfers)).toHaveLength(before.length);
    expect(await ledger.balance(wallet(alice))).toBe(usd('10'));
  });

  it('serializes concurrent debits on one wallet so exactly the affordable ones post', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        ledger.transfer({
          idempotencyKey: `race-${index}`,
          from: wallet(alice),
          to: usage,
          amount: usd('1'),
          kind: 'usage',
          reason: 'Call minutes',
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(2);
    expect(await ledger.balance(wallet(alice))).toBe(0n);
    expect((await auditLedger(database.db)).mismatches).toBe(0);
  });

  it('answers history newest first with signed amounts, cursors and kind filters', async () => {
    const lines = await ledger.history(alice, { limit: 5 });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({
      kind: 'usage',
      amount: -usd('1'),
      balanceAfter: 0n,
      counterparty: usage,
    });
    const older = await ledger.history(alice, { limit: 50, before: lines[4]?.id });
    expect(older).toHaveLength(6);
    expect(older.at(-1)).toMatchObject({
      kind: 'top_up',
      amount: usd('10'),
      reason: 'Card top-up',
      counterparty: card,
    });
    expect(await ledger.history(alice, { limit: 50, kinds: ['top_up'] })).toHaveLength(1);
    expect(await ledger.history(bob, { limit: 50 })).toEqual([]);
  });

  it('holds, posts and voids two-phase transfers against the available balance', async () => {
    await ledger.transfer({
      idempotencyKey: 'bob-topup',
      from: card,
      to: wallet(bob),
      amount: usd('5'),
      kind: 'top_up',
      reason: 'Card top-up',
    });
    const payout = { from: wallet(bob), to: card, kind: 'payout' as const, reason: 'Payout to PayPal' };
    const held = await ledger.hold({ ...payout, idempotencyKey: 'payout-1', amount: usd('3') });
    expect(await ledger.available(wallet(bob))).toBe(usd('2'));
    await expect(
      ledger.transfer({ ...payout, idempotencyKey: 'payout-2', amount: usd('3') }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await ledger.postPending(held.transferId)).toEqual({
      transferId: held.transferId,
      replayed: false,
    });
    expect(await ledger.postPending(held.transferId)).toEqual({
      transferId: held.transferId,
      replayed: true,
    });
    expect(await ledger.balance(wallet(bob))).toBe(usd('2'));
    const voided = await ledger.hold({ ...payout, idempotencyKey: 'payout-3', amount: usd('2') });
    await ledger.voidPending(voided.transferId);
    await expect(ledger.postPending(voided.transferId)).rejects.toMatchObject({ status: 409 });
    expect(await ledger.available(wallet(bob))).toBe(usd('2'));
    expect(await auditLedger(database.db)).toEqual({ total: 0n, mismatches: 0, negativeWallets: 0 });
  });

  it('rejects bad transfers with a clear 4xx', async () => {
    const base = { idempotencyKey: 'bad', from: card, to: wallet(bob), kind: 'top_up' as const, reason: 'x' };
    await expect(ledger.transfer({ ...base, amount: 0n })).rejects.toMatchObject({ status: 400 });
    await expect(ledger.transfer({ ...base, amount: -1n })).rejects.toMatchObject({ status: 400 });
    await expect(ledger.transfer({ ...base, to: card, amount: 1n })).rejects.toMatchObject({ status: 400 });
    await expect(ledger.transfer({ ...base, to: wallet(999_999_999), amount: 1n })).rejects.toMatchObject({
      status: 404,
    });
  });
});
