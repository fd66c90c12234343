import { agentThreads, and, eq, sql } from '@switchboard/db';
import type { Db } from '../platform/database';

export type AgentThread = typeof agentThreads.$inferSelect;

export async function findThread(
  db: Db,
  accountId: number,
  conversationUuid: string,
): Promise<AgentThread | null> {
  const [row] = await db
    .select()
    .from(agentThreads)
    .where(and(eq(agentThreads.conversationUuid, conversationUuid), eq(agentThreads.accountId, accountId)));
  return row ?? null;
}

export async function saveThread(
  db: Db,
  row: Pick<AgentThread, 'conversationUuid' | 'accountId' | 'roomId' | 'history' | 'toolState' | 'usage'>,
): Promise<void> {
  await db
    .insert(agentThreads)
    .values(row)
    .onConflictDoUpdate({
      target: agentThreads.conversationUuid,
      set: { history: row.history, toolState: row.toolState, usage: row.usage, updatedAt: sql`now()` },
      setWhere: eq(agentThreads.accountId, row.accountId),
    });
}
