import {
  accounts,
  and,
  asc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sipCalls,
  sipIpWhitelist,
  sipMessages,
  sipOutboundRoutes,
  type Db,
} from '@switchboard/db';

export type WhitelistRow = typeof sipIpWhitelist.$inferSelect;
export type SipMessageRow = typeof sipMessages.$inferSelect;

export async function listWhitelistRows(db: Db, accountId: number): Promise<WhitelistRow[]> {
  return db
    .select()
    .from(sipIpWhitelist)
    .where(eq(sipIpWhitelist.accountId, accountId))
    .orderBy(asc(sipIpWhitelist.createdAt), asc(sipIpWhitelist.id));
}

/** Null when the account already has the entry (the unique index decides). */
export async function insertWhitelistRow(
  db: Db,
  values: { accountId: number; ip: string; label: string },
): Promise<WhitelistRow | null> {
  const [row] = await db.insert(sipIpWhitelist).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteWhitelistRow(db: Db, accountId: number, ip: string): Promise<boolean> {
  const rows = await db
    .delete(sipIpWhitelist)
    .where(and(eq(sipIpWhitelist.accountId, accountId), eq(sipIpWhitelist.ip, ip)))
    .returning({ id: sipIpWhitelist.id });
  return rows.length > 0;
}

/** The entries of any of the accounts (an agent account and those above it). */
export async function whitelistOf(db: Db, accountIds: number[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ ip: sipIpWhitelist.ip })
    .from(sipIpWhitelist)
    .where(inArray(sipIpWhitelist.accountId, accountIds));
  return rows.map((row) => row.ip);
}

export async function listRouteRows(db: Db, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ route: sipOutboundRoutes.route })
    .from(sipOutboundRoutes)
    .where(eq(sipOutboundRoutes.accountId, accountId))
    .orderBy(asc(sipOutboundRoutes.createdAt), asc(sipOutboundRoutes.id));
  return rows.map((row) => row.route);
}

export async function insertRouteRow(db: Db, accountId: number, route: string): Promise<boolean> {
  const rows = await db
    .insert(sipOutboundRoutes)
    .values({ accountId, route })
    .onConflictDoNothing()
    .returning({ id: sipOutboundRoutes.id });
  return rows.length > 0;
}

export async function deleteRouteRow(db: Db, accountId: number, route: string): Promise<boolean> {
  const rows = await db
    .delete(sipOutboundRoutes)
    .where(and(eq(sipOutboundRoutes.accountId, accountId), eq(sipOutboundRoutes.route, route)))
    .returning({ id: sipOutboundRoutes.id });
  return rows.length > 0;
}

/** The agent account a Request-URI names (its username, or its number in E.164), with the accounts above it. */
export async function findSipAgent(
  db: Db,
  by: { username: string } | { phoneNumber: string },
): Promise<{ id: number; username: string; treeIds: number[] } | null> {
  const [row] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      organizationId: accounts.organizationId,
      resellerId: accounts.resellerId,
      partnerId: accounts.partnerId,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.accountType, 'agent'),
        isNull(accounts.deletedAt),
        eq(accounts.enabled, true),
        'username' in by
          ? eq(accounts.username, by.username.toLowerCase())
          : eq(accounts.vidaPhoneNumber, by.phoneNumber),
      ),
    )
    .limit(1);
  if (!row) return null;
  const above = [row.organizationId, row.resellerId, row.partnerId].filter((id): id is number => id !== null);
  return { id: row.id, username: row.username, treeIds: [row.id, ...above] };
}

export async function insertSipCall(db: Db, values: typeof sipCalls.$inferInsert): Promise<number> {
  const [row] = await db.insert(sipCalls).values(values).returning({ id: sipCalls.id });
  if (!row) throw new Error('the SIP call was not recorded');
  return row.id;
}

export async function updateSipCall(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof sipCalls.$inferInsert, 'status' | 'endReason' | 'conversationUuid' | 'endedAt'>
  >,
): Promise<void> {
  await db.update(sipCalls).set(values).where(eq(sipCalls.id, id));
}

export async function insertSipMessages(db: Db, rows: (typeof sipMessages.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(sipMessages).values(rows);
}

/** Captured messages of calls to the given accounts, oldest first. */
export async function listSipMessages(
  db: Db,
  filter: { accountIds: number[]; sipCallId?: string; from?: Date; to?: Date; limit: number },
): Promise<SipMessageRow[]> {
  if (filter.accountIds.length === 0) return [];
  return db
    .select()
    .from(sipMessages)
    .where(
      and(
        inArray(sipMessages.accountId, filter.accountIds),
        filter.sipCallId ? eq(sipMessages.sipCallId, filter.sipCallId) : undefined,
        filter.from ? gte(sipMessages.createdAt, filter.from) : undefined,
        filter.to ? lte(sipMessages.createdAt, filter.to) : undefined,
      ),
    )
    .orderBy(asc(sipMessages.createdAt), asc(sipMessages.id))
    .limit(filter.limit);
}

/** The acting account and, for an organization or above, the agent accounts under it. */
export async function accountsUnder(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      or(
        eq(accounts.id, accountId),
        eq(accounts.organizationId, accountId),
        eq(accounts.resellerId, accountId),
        eq(accounts.partnerId, accountId),
      ),
    );
  return rows.map((row) => row.id);
}

/** The records of the given calls of the given accounts (their status and end reason). */
export async function sipCallOutcomes(
  db: Db,
  accountIds: number[],
  sipCallIds: string[],
): Promise<(typeof sipCalls.$inferSelect)[]> {
  if (accountIds.length === 0 || sipCallIds.length === 0) return [];
  return db
    .select()
    .from(sipCalls)
    .where(and(inArray(sipCalls.accountId, accountIds), inArray(sipCalls.sipCallId, sipCallIds)))
    .orderBy(asc(sipCalls.createdAt), asc(sipCalls.id));
}
