import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase, type ClonedDatabase } from '@switchboard/testing';
import { accounts, queryRows, sql } from '@switchboard/db';
import { createLedger, InsufficientFunds, type Ledger, type LedgerAccountRef } from './index';

/**
 * Random batches of concurrent transfers (top-ups, spends, wallet-to-wallet moves, replayed keys, crashes midway)
 * against the real ledger, with the invariants checked after every batch.
 */
const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1000);
const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? Date.now() % 2_147_483_647);

type Command =
  | { type: 'topUp'; wallet: number; amount: number }
  | { type: 'spend'; wallet: number; amount: number }
  | { type: 'move'; from: number; to: number; amount: number }
  | { type: 'replay'; of: number }
  | { type: 'crash'; wallet: number; amount: number; at: 'locked' | 'written' };

const wallet = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 50 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('topUp' as const), wallet, amount }),
  fc.record({ type: fc.constant('spend' as const), wallet, amount }),
  fc.record({ type: fc.constant('move' as const), from: wallet, to: wallet, amount }),
  fc.record({ type: fc.constant('replay' as const), of: fc.nat(20) }),
  fc.record({
    type: fc.constant('crash' as const),
    wallet,
    amount,
    at: fc.constantFrom('locked' as const, 'written' as const),
  }),
);
const scenario = fc.array(fc.array(command, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 });

describe('the ledger under random concurrent operations', () => {
  let database: ClonedDatabase;
  let ledger: Ledger;
  let walletIds: number[];
  beforeAll(async () => {
    database = await cloneDatabase(inject('databaseTemplate'));
    ledger = createLedger(database.db);
    const rows = await database.db
      .insert(accounts)
      .values([0, 1, 2].map((index) => ({ accountType: 'organization' as const, username: `prop-${index}` })))
      .returning({ id: accounts.id });
    walletIds = rows.map((row) => row.id);
  });
  afterAll(() => database.close());

  it(`keeps debits equal to credits, balances equal to entries, no overdraft and no duplicate (${runs} runs)`, async () => {
    const started = performance.now();
    const db = database.db;
    const ref = (index: number): LedgerAccountRef => ({ kind: 'wallet', accountId: walletIds[index] ?? 0 });
    const card: LedgerAccountRef = { kind: 'platform', name: 'card_clearing' };
    const usage: LedgerAccountRef = { kind: 'platform', name: 'usage' };
    let failures = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (batches) => {
        // Accounts stay (they are never deleted); their journal and balances start over.
        await db.execute(sql`
          WITH entries AS (DELETE FROM ledger_entries), transfers AS (DELETE FROM ledger_transfers)
          UPDATE ledger_accounts SET balance = 0, pending_out = 0`);
        const issued: Parameters<Ledger['transfer']>[0][] = [];
        const posted = new Map<string, { transferId: string; input: Parameters<Ledger['transfer']>[0] }>();
        const fresh = new Set<string>();
        let counter = 0;
        for (const batch of batches) {
          const attempts = batch.map(async (step) => {
            const key = `k${String(counter++)}`;
            if (step.type === 'crash') {
              const input = {
                idempotencyKey: key,
                from: card,
                to: ref(step.wallet),
                amount: BigInt(step.amount),
                kind: 'top_up' as const,
                reason: 'Top-up',
              };
              issued.push(input);
              const crashing = createLedger(db, {
                afterWrite: (at) => {
                  if (at === step.at) throw new Error('simulated crash');
                },
              });
              // A replay of this key in the same batch may have posted it first: then it answers the replay.
              const outcome = await crashing.transfer(input).then(
                (result) => result,
                (error: unknown) => error,
              );
              if (outcome instanceof Error) expect(outcome.message).toBe('simulated crash');
              else expect(outcome).toMatchObject({ replayed: true });
              return;
            }
            const input =
              step.type === 'replay'
                ? issued[step.of % Math.max(issued.length, 1)]
                : step.type === 'topUp'
                  ? { idempotencyKey: key, from: card, to: ref(step.wallet), amount: BigInt(step.amount) }
                  : step.type === 'spend'
                    ? { idempotencyKey: key, from: ref(step.wallet), to: usage, amount: BigInt(step.amount) }
                    : step.from === step.to
                      ? undefined
                      : {
                          idempotencyKey: key,
                          from: ref(step.from),
                          to: ref(step.to),
                          amount: BigInt(step.amount),
                        };
            if (!input) return;
            const full = { kind: 'correction' as const, reason: 'Random', ...input };
            if (step.type !== 'replay') issued.push(full);
            try {
              const result = await ledger.transfer(full);
              // Calls with one key may resolve in any order: all name one transfer, and exactly one posted it.
              const earlier = posted.get(full.idempotencyKey);
              if (earlier) expect(result.transferId).toBe(earlier.transferId);
              else posted.set(full.idempotencyKey, { transferId: result.transferId, input: full });
              if (!result.replayed) {
                expect(fresh.has(full.idempotencyKey)).toBe(false);
                fresh.add(full.idempotencyKey);
              }
            } catch (error) {
              if (!(error instanceof InsufficientFunds)) throw error;
              failures += 1;
            }
          });
          await Promise.all(attempts);
          // Invariants after every batch, read in one query.
          const [facts] = await queryRows<{
            total: string;
            mismatches: number;
            negative: number;
            unbalanced: number;
            keys: string[] | null;
            balances: Record<string, string> | null;
          }>(
            db,
            sql`SELECT
                  (SELECT COALESCE(SUM(amount), 0)::text FROM ledger_entries) AS total,
                  (SELECT count(*)::int FROM ledger_accounts a WHERE a.balance <>
                     COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.ledger_account_id = a.id), 0)) AS mismatches,
                  (SELECT count(*)::int FROM ledger_accounts
                     WHERE kind = 'wallet' AND balance - pending_out + credit_limit < 0) AS negative,
                  (SELECT count(*)::int FROM (SELECT transfer_id FROM ledger_entries GROUP BY transfer_id
                     HAVING count(*) <> 2 OR SUM(amount) <> 0) t) AS unbalanced,
                  (SELECT array_agg(idempotency_key ORDER BY idempotency_key) FROM ledger_transfers) AS keys,
                  (SELECT json_object_agg(account_id::text, balance::text) FROM ledger_accounts WHERE kind = 'wallet') AS balances`,
          );
          expect(facts).toMatchObject({ total: '0', mismatches: 0, negative: 0, unbalanced: 0 });
          expect(facts?.keys ?? []).toEqual([...posted.keys()].sort());
          expect([...fresh].sort()).toEqual([...posted.keys()].sort());
          const expected = new Map<number, bigint>();
          for (const { input } of posted.values()) {
            if (input.from.kind === 'wallet')
              expected.set(input.from.accountId, (expected.get(input.from.accountId) ?? 0n) - input.amount);
            if (input.to.kind === 'wallet')
              expected.set(input.to.accountId, (expected.get(input.to.accountId) ?? 0n) + input.amount);
          }
          for (const id of walletIds) {
            expect(BigInt(facts?.balances?.[String(id)] ?? '0')).toBe(expected.get(id) ?? 0n);
          }
        }
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // eslint-disable-next-line no-console -- the run count and seed belong in the run's output
    console.log(`ledger property: ${runs} runs, seed ${seed}, ${failures} refused for funds, ${seconds} s`);
  }, 600_000);
});
