import { queryRows, sql, type Db } from '@switchboard/db';

/** Something an organization holds and pays for each month: a phone number or an agent (FACTS §9.1 recurring). */
export interface MonthlyItem {
  kind: 'number' | 'agent';
  /** phone_numbers.id or the agent's account id. */
  itemId: number;
  /** The agent account that holds the number, or the agent itself. */
  agentAccountId: number;
  usageKey: 'us-number' | 'byo-number' | 'agents';
  /** The number in E.164, or the agent's name. */
  label: string;
}

/** The ledger and usage-charge key of an item's month: `monthly:number:17:2026-11`. */
export const monthlyEventKey = (item: Pick<MonthlyItem, 'kind' | 'itemId'>, period: string) =>
  `monthly:${item.kind}:${String(item.itemId)}:${period}`;

interface ItemRow {
  kind: 'number' | 'agent';
  itemId: number;
  agentAccountId: number;
  usageKey: MonthlyItem['usageKey'];
  label: string | null;
}

/**
 * Items held during `period` with no posted charge for it yet: numbers not released, agents not deleted. A charge
 * already recorded as owed (rated, no transfer) is listed again, so the sweep tries to collect it.
 */
export async function itemsDue(db: Db, period: string, accountId?: number): Promise<MonthlyItem[]> {
  const only = accountId === undefined ? sql`` : sql` AND a.id = ${accountId}`;
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT * FROM (
          SELECT 'number' AS kind, n.id AS "itemId", n.account_id AS "agentAccountId",
                 CASE WHEN n.kind = 'byo' THEN 'byo-number' ELSE 'us-number' END AS "usageKey", n.number AS label
          FROM phone_numbers n JOIN accounts a ON a.id = n.account_id
          WHERE n.released_at IS NULL AND a.deleted_at IS NULL${only}
          UNION ALL
          SELECT 'agent', a.id, a.id, 'agents',
                 COALESCE(a.details->>'agentName', a.details->>'accountName', a.username)
          FROM accounts a
          WHERE a.account_type = 'agent' AND a.deleted_at IS NULL${only}
        ) items
        WHERE NOT EXISTS (
          SELECT 1 FROM usage_charges c
          WHERE c.event_key = 'monthly:' || items.kind || ':' || items."itemId"::text || ':' || ${period}
            AND (c.transfer_id IS NOT NULL OR c.amount = 0)
        )
        ORDER BY kind, "itemId"`,
  );
  return rows.map((row) => ({ ...row, label: row.label ?? `#${String(row.itemId)}` }));
}

export interface OwedCharge {
  eventKey: string;
  agentAccountId: number;
  usageKey: string;
  billingMonth: string;
}

/** Monthly charges recorded as owed (rated, never posted) from months before `period`, oldest first. */
export async function owedFromEarlierMonths(db: Db, period: string): Promise<OwedCharge[]> {
  return queryRows<OwedCharge>(
    db,
    sql`SELECT event_key AS "eventKey", account_id AS "agentAccountId", usage_key AS "usageKey",
               billing_month AS "billingMonth"
        FROM usage_charges
        WHERE event_key LIKE 'monthly:%' AND transfer_id IS NULL AND amount > 0 AND billing_month < ${period}
        ORDER BY billing_month, id`,
  );
}

/** The monthly charges a paying organization still owes (rated, never posted), oldest first. */
export async function owedByPayer(
  db: Db,
  payerAccountId: number,
): Promise<(OwedCharge & { amount: bigint })[]> {
  const rows = await queryRows<OwedCharge & { amount: string }>(
    db,
    sql`SELECT event_key AS "eventKey", account_id AS "agentAccountId", usage_key AS "usageKey",
               billing_month AS "billingMonth", amount::text AS amount
        FROM usage_charges
        WHERE payer_account_id = ${payerAccountId} AND event_key LIKE 'monthly:%' AND transfer_id IS NULL
          AND amount > 0
        ORDER BY billing_month, id`,
  );
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount) }));
}

/** The item an owed charge was for, read whether or not it is still held (it was held in that month). */
export async function itemOfKey(db: Db, eventKey: string): Promise<MonthlyItem | null> {
  const match = /^monthly:(number|agent):(\d+):/.exec(eventKey);
  if (!match) return null;
  const kind = match[1] as MonthlyItem['kind'];
  const itemId = Number(match[2]);
  const [row] = await queryRows<{ agentAccountId: number; usageKey: MonthlyItem['usageKey']; label: string }>(
    db,
    kind === 'number'
      ? sql`SELECT account_id AS "agentAccountId", number AS label,
              CASE WHEN kind = 'byo' THEN 'byo-number' ELSE 'us-number' END AS "usageKey"
            FROM phone_numbers WHERE id = ${itemId}`
      : sql`SELECT id AS "agentAccountId", 'agents' AS "usageKey",
              COALESCE(details->>'agentName', details->>'accountName', username) AS label
            FROM accounts WHERE id = ${itemId}`,
  );
  return row ? { kind, itemId, ...row } : null;
}

/** The still-due month of the held number `number`, if any. */
export async function itemsDueForNumber(db: Db, period: string, number: string): Promise<MonthlyItem[]> {
  const [held] = await queryRows<{ accountId: number }>(
    db,
    sql`SELECT account_id AS "accountId" FROM phone_numbers WHERE number = ${number} AND released_at IS NULL`,
  );
  if (!held) return [];
  return (await itemsDue(db, period, held.accountId)).filter(
    (row) => row.kind === 'number' && row.label === number,
  );
}
