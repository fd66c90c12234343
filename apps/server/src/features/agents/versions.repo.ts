import { agentVersions, and, count, desc, eq, sql, type Db } from '@switchboard/db';

export type AgentVersionRow = typeof agentVersions.$inferSelect;

export async function listVersions(db: Db, agentAccountId: number): Promise<AgentVersionRow[]> {
  return db
    .select()
    .from(agentVersions)
    .where(eq(agentVersions.agentAccountId, agentAccountId))
    .orderBy(desc(agentVersions.id));
}

export async function countVersions(db: Db, agentAccountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentVersions)
    .where(eq(agentVersions.agentAccountId, agentAccountId));
  return row?.n ?? 0;
}

export async function findVersion(
  db: Db,
  agentAccountId: number,
  versionId: number,
): Promise<AgentVersionRow | null> {
  const [row] = await db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.id, versionId), eq(agentVersions.agentAccountId, agentAccountId)));
  return row ?? null;
}

// Id only: the tenant check asks who owns a version before any account is trusted.
export async function findVersionOwner(db: Db, versionId: number): Promise<number | null> {
  const [row] = await db
    .select({ agentAccountId: agentVersions.agentAccountId })
    .from(agentVersions)
    .where(eq(agentVersions.id, versionId));
  return row?.agentAccountId ?? null;
}

export async function insertVersion(
  db: Db,
  values: {
    agentAccountId: number;
    title: string;
    source: 'staging' | 'production';
    snapshot: Record<string, unknown>;
  },
): Promise<AgentVersionRow> {
  const [row] = await db.insert(agentVersions).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateVersion(
  db: Db,
  agentAccountId: number,
  versionId: number,
  values: { title?: string; snapshot?: Record<string, unknown> },
): Promise<AgentVersionRow | null> {
  const [row] = await db
    .update(agentVersions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(agentVersions.id, versionId), eq(agentVersions.agentAccountId, agentAccountId)))
    .returning();
  return row ?? null;
}

export async function deleteVersion(db: Db, agentAccountId: number, versionId: number): Promise<boolean> {
  const rows = await db
    .delete(agentVersions)
    .where(and(eq(agentVersions.id, versionId), eq(agentVersions.agentAccountId, agentAccountId)))
    .returning({ id: agentVersions.id });
  return rows.length > 0;
}
