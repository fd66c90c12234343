import { queryRows, sql, type Db } from '@switchboard/db';

/** Sums of entries per ledger account and of all entries: what the balances must equal (audits and tests). */
export async function auditLedger(
  db: Db,
): Promise<{ total: bigint; mismatches: number; negativeWallets: number }> {
  const [row] = await queryRows<{ total: string | null; mismatches: string; negative: string }>(
    db,
    sql`SELECT
          (SELECT COALESCE(SUM(amount), 0)::text FROM ledger_entries) AS total,
          (SELECT count(*)::text FROM ledger_accounts a
             WHERE a.balance <> COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.ledger_account_id = a.id), 0)) AS mismatches,
          (SELECT count(*)::text FROM ledger_accounts
             WHERE kind = 'wallet' AND balance - pending_out + credit_limit < 0) AS negative`,
  );
  return {
    total: BigInt(row?.total ?? '0'),
    mismatches: Number(row?.mismatches ?? 0),
    negativeWallets: Number(row?.negative ?? 0),
  };
}
