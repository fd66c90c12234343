import {
  accounts,
  and,
  conversationLogs,
  eq,
  gte,
  lt,
  sql,
  usageEvents,
  type Db,
  type SQL,
} from '@switchboard/db';

export type ConversationLog = typeof conversationLogs.$inferSelect;
export type NewConversationLog = typeof conversationLogs.$inferInsert;
export type NewUsageEvent = typeof usageEvents.$inferInsert;

export async function findAccountForRecords(db: Db, accountId: number) {
  const [account] = await db
    .select({
      accountType: accounts.accountType,
      organizationId: accounts.organizationId,
      resellerId: accounts.resellerId,
      partnerId: accounts.partnerId,
      username: accounts.username,
      name: accounts.name,
      details: accounts.details,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account ?? null;
}

// Everything a second finalization may restate; id, uuid and createdAt stay as first written.
const rewrittenColumns = [
  'accountName',
  'agentId',
  'organizationId',
  'resellerId',
  'partnerId',
  'timestamp',
  'duration',
  'fromNumber',
  'toNumber',
  'cnam',
  'roomId',
  'direction',
  'transfer',
  'callId',
  'channel',
  'isTest',
  'appointmentBooked',
  'collectedData',
  'greetingLatencyMs',
  'turnLatenciesMs',
  'usage',
  'transcript',
  'toolCalls',
  'endedReason',
] as const satisfies readonly (keyof NewConversationLog)[];

const rewriteFromExcluded = Object.fromEntries(
  rewrittenColumns.map((key) => [key, sql.raw(`excluded."${conversationLogs[key].name}"`)]),
) as Record<(typeof rewrittenColumns)[number], SQL>;

/**
 * Inserts the log row or rewrites the one with the same uuid. Null when that uuid belongs to another account:
 * a conversation never moves between tenants.
 */
export async function upsertConversationLog(
  db: Db,
  row: NewConversationLog,
): Promise<ConversationLog | null> {
  const [written] = await db
    .insert(conversationLogs)
    .values(row)
    .onConflictDoUpdate({
      target: conversationLogs.uuid,
      set: rewriteFromExcluded,
      setWhere: eq(conversationLogs.accountId, row.accountId),
    })
    .returning();
  return written ?? null;
}

/** Appends the usage event; false when its idempotency key was already recorded. */
export async function insertUsageEvent(db: Db, event: NewUsageEvent): Promise<boolean> {
  const inserted = await db
    .insert(usageEvents)
    .values(event)
    .onConflictDoNothing({ target: usageEvents.idempotencyKey })
    .returning({ id: usageEvents.id });
  return inserted.length > 0;
}

/** Usage quantities of the account in [from, to), summed per unit. */
export async function sumUsageByUnit(
  db: Db,
  query: { accountId: number; from: Date; to: Date },
): Promise<{ unit: string; total: number }[]> {
  const rows = await db
    .select({ unit: usageEvents.unit, total: sql<string>`sum(${usageEvents.quantity})` })
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.accountId, query.accountId),
        gte(usageEvents.occurredAt, query.from),
        lt(usageEvents.occurredAt, query.to),
      ),
    )
    .groupBy(usageEvents.unit);
  return rows.map((row) => ({ unit: row.unit, total: Number(row.total) }));
}
