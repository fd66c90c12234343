import { accounts, and, eq, queryRows, sql, usageCharges, type Db } from '@switchboard/db';

export type UsageChargeRow = typeof usageCharges.$inferSelect;

/** The account whose wallet pays: an agent account's organization; any other account itself. */
export async function payerOf(db: Db, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({
      type: accounts.accountType,
      organizationId: accounts.organizationId,
      parentId: accounts.parentId,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  if (row.type !== 'agent') return accountId;
  return row.organizationId ?? row.parentId ?? accountId;
}

/**
 * Rates and records a usage event once per key, under a lock on the paying account so two events never both see
 * the same used-so-far. `price` gets the month's quantity used before this event. Answers the stored row (the
 * first one when the key was already rated).
 */
export async function rateOnce(
  db: Db,
  event: Omit<typeof usageCharges.$inferInsert, 'amount' | 'transferId' | 'id' | 'createdAt'>,
  price: (used: number) => bigint,
): Promise<UsageChargeRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM accounts WHERE id = ${event.payerAccountId} FOR UPDATE`);
    const [existing] = await tx.select().from(usageCharges).where(eq(usageCharges.eventKey, event.eventKey));
    if (existing) return existing;
    const [used] = await queryRows<{ used: string }>(
      tx,
      sql`SELECT COALESCE(SUM(quantity), 0)::text AS used FROM usage_charges
          WHERE payer_account_id = ${event.payerAccountId} AND usage_key = ${event.usageKey}
            AND billing_month = ${event.billingMonth}`,
    );
    const [row] = await tx
      .insert(usageCharges)
      .values({ ...event, amount: price(Number(used?.used ?? 0)) })
      .returning();
    if (!row) throw new Error('The usage charge was not stored');
    return row;
  });
}

/** Units the payer used of the row's key in its billing month before it: where the row sits in the tiers. */
export async function usedBefore(db: Db, row: UsageChargeRow): Promise<number> {
  const [used] = await queryRows<{ used: string }>(
    db,
    sql`SELECT COALESCE(SUM(quantity), 0)::text AS used FROM usage_charges
        WHERE payer_account_id = ${row.payerAccountId} AND usage_key = ${row.usageKey}
          AND billing_month = ${row.billingMonth} AND id < ${row.id}`,
  );
  return Number(used?.used ?? 0);
}

export async function markCharged(db: Db, eventKey: string, transferId: string): Promise<void> {
  await db.update(usageCharges).set({ transferId }).where(eq(usageCharges.eventKey, eventKey));
}

/** What a conversation's usage was charged to the payer, in units (posted debits only). */
export async function conversationCharges(
  db: Db,
  conversationId: string,
  payerAccountId: number,
): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM usage_charges
        WHERE conversation_id = ${conversationId} AND payer_account_id = ${payerAccountId}
          AND transfer_id IS NOT NULL`,
  );
  return BigInt(row?.total ?? '0');
}

/** The wallet's spendable amount: balance minus holds plus its credit limit; 0 for a wallet never used. */
export async function spendable(db: Db, accountId: number): Promise<bigint> {
  const [row] = await queryRows<{ spendable: string }>(
    db,
    sql`SELECT (balance - pending_out + credit_limit)::text AS spendable FROM ledger_accounts
        WHERE kind = 'wallet' AND account_id = ${accountId}`,
  );
  return BigInt(row?.spendable ?? '0');
}

export async function organizationOf(db: Db, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ organizationId: accounts.organizationId })
    .from(accounts)
    .where(and(eq(accounts.id, accountId)));
  return row?.organizationId ?? null;
}

/**
 * The paying organization's subscription while it serves (active, trialing or past due) with the plan it is
 * charged at: its usage is then rated into the period (`period:<first day>`) and charged at the renewal.
 */
export async function servingSubscriptionOf(
  db: Db,
  payerAccountId: number,
): Promise<{ planId: string; periodKey: string } | null> {
  const [row] = await queryRows<{ plan_id: string | null; period_start: string | null }>(
    db,
    sql`SELECT product_plan_id AS plan_id, to_char(current_period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS period_start
        FROM organization_billing
        WHERE account_id = ${payerAccountId} AND status IN ('active', 'trialing', 'past_due')`,
  );
  if (!row?.plan_id || !row.period_start) return null;
  return { planId: row.plan_id, periodKey: `period:${row.period_start}` };
}

export interface ConversationMoney {
  conversationId: string;
  payerAccountId: number;
  /** What its usage was charged to the payer (posted debits). */
  charged: bigint;
  /** What was given back for it: the automatic credit after a failure on our side, and refunds naming it. */
  reversed: bigint;
}

/**
 * The money of each conversation, per wallet it was charged to: charged and given back. A conversation nothing was
 * charged for has no row.
 */
export async function conversationsMoney(
  db: Db,
  conversationIds: readonly string[],
): Promise<ConversationMoney[]> {
  if (conversationIds.length === 0) return [];
  const ids = sql.join(
    conversationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    conversation_id: string;
    payer: number | string;
    charged: string;
    reversed: string;
  }>(
    db,
    sql`SELECT c.conversation_id, c.payer_account_id AS payer, SUM(c.amount)::text AS charged,
          COALESCE((SELECT SUM(t.amount) FROM ledger_transfers t
                    JOIN ledger_accounts w ON w.id = t.to_ledger_account_id
                    WHERE t.status = 'posted' AND t.kind IN ('credit_back', 'refund')
                      AND t.metadata->>'conversationId' = c.conversation_id
                      AND w.kind = 'wallet' AND w.account_id = c.payer_account_id), 0)::text AS reversed
        FROM usage_charges c
        WHERE c.conversation_id IN (${ids}) AND c.transfer_id IS NOT NULL
        GROUP BY c.conversation_id, c.payer_account_id`,
  );
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    payerAccountId: Number(row.payer),
    charged: BigInt(row.charged),
    reversed: BigInt(row.reversed),
  }));
}
