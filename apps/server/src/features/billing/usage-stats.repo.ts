import { queryRows, sql, type Db, type SQL } from '@switchboard/db';
import type { UsageFrequency } from '@switchboard/contract';

/** Whose usage a report covers: an agent account's own, or every payer below an organization, reseller or partner. */
export interface UsageScope {
  accountId: number;
  accountType: 'partner' | 'reseller' | 'organization' | 'agent';
}

export interface UsageRow {
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  bucket: string;
  usageKey: string;
  quantity: number;
  /** What the organization was charged, in ledger units (nano-dollars). */
  amount: bigint;
}

/** The rated usage of the scope: agent accounts by their own id, every other account by the payers below it. */
function scopeFilter(scope: UsageScope): SQL {
  switch (scope.accountType) {
    case 'agent':
      return sql`uc.account_id = ${scope.accountId}`;
    case 'organization':
      return sql`uc.payer_account_id = ${scope.accountId}`;
    case 'reseller':
      return sql`(uc.payer_account_id = ${scope.accountId} OR uc.payer_account_id IN
        (SELECT id FROM accounts WHERE reseller_id = ${scope.accountId}))`;
    case 'partner':
      return sql`(uc.payer_account_id = ${scope.accountId} OR uc.payer_account_id IN
        (SELECT id FROM accounts WHERE partner_id = ${scope.accountId}))`;
  }
}

/**
 * The scope's rated usage between `from` (inclusive) and `to` (exclusive), summed per bucket and usage key. Usage
 * is what the ledger rated (`usage_charges`): voice in minutes, tokens, messages, and the monthly numbers.
 */
export async function usageByBucket(
  db: Db,
  scope: UsageScope,
  range: { from: Date; to: Date },
  frequency: UsageFrequency,
): Promise<UsageRow[]> {
  const unit = sql.raw(`'${frequency}'`);
  const rows = await queryRows<{ bucket: string; usage_key: string; quantity: string; amount: string }>(
    db,
    sql`SELECT to_char(date_trunc(${unit}, uc.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
               uc.usage_key, SUM(uc.quantity)::text AS quantity, SUM(uc.amount)::text AS amount
        FROM usage_charges uc
        WHERE ${scopeFilter(scope)}
          AND uc.created_at >= ${range.from.toISOString()} AND uc.created_at < ${range.to.toISOString()}
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((row) => ({
    bucket: row.bucket,
    usageKey: row.usage_key,
    quantity: Number(row.quantity),
    amount: BigInt(row.amount),
  }));
}

/** What the scope was charged between `from` and `to`, in ledger units. */
export async function chargedBetween(
  db: Db,
  scope: UsageScope,
  range: { from: Date; to: Date },
): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`SELECT COALESCE(SUM(uc.amount), 0)::text AS total FROM usage_charges uc
        WHERE ${scopeFilter(scope)}
          AND uc.created_at >= ${range.from.toISOString()} AND uc.created_at < ${range.to.toISOString()}`,
  );
  return BigInt(row?.total ?? '0');
}
