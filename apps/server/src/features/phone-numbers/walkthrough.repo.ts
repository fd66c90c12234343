import { accounts, and, campaigns, conversationLogs, eq, isNull, sql, type Db } from '@switchboard/db';

/** Whether the agent account has its agent (its campaign). */
export async function hasAgent(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.agentAccountId })
    .from(campaigns)
    .where(eq(campaigns.agentAccountId, accountId));
  return row !== undefined;
}

/** Whether a test conversation (chat or call from the editor) of the agent account was logged. */
export async function hasTestConversation(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationLogs.id })
    .from(conversationLogs)
    .where(and(eq(conversationLogs.accountId, accountId), eq(conversationLogs.isTest, true)))
    .limit(1);
  return row !== undefined;
}

/** Writes the walkthrough record into the account's settings, leaving its other settings as they are. */
export async function keepWalkthrough(db: Db, accountId: number, record: object): Promise<void> {
  await db
    .update(accounts)
    .set({
      settings: sql`${accounts.settings} || jsonb_build_object('walkthrough', ${JSON.stringify(record)}::jsonb)`,
    })
    .where(eq(accounts.id, accountId));
}

/** The agent accounts of an organization that are not deleted. */
export async function organizationAgentIds(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.organizationId, organizationId),
        eq(accounts.accountType, 'agent'),
        isNull(accounts.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}
