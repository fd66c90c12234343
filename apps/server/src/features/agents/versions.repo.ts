import {
  agentVersions,
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  sql,
  users,
  type Db,
} from '@switchboard/db';

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
    createdByUserId: number | null;
  },
): Promise<AgentVersionRow> {
  const [row] = await db.insert(agentVersions).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/**
 * Records a publish as the agent's next numbered version. Called in the publish's transaction after the campaign
 * row was written, so that row's lock keeps two publishes of one agent from taking the same number (and the
 * unique index would refuse it if they did).
 */
export async function insertPublishVersion(
  db: Db,
  values: {
    agentAccountId: number;
    snapshot: Record<string, unknown>;
    note: string | null;
    createdByUserId: number | null;
  },
): Promise<AgentVersionRow> {
  const [last] = await db
    .select({ n: sql<number | null>`max(${agentVersions.publishNumber})`.mapWith(Number) })
    .from(agentVersions)
    .where(
      and(eq(agentVersions.agentAccountId, values.agentAccountId), isNotNull(agentVersions.publishNumber)),
    );
  const publishNumber = (last?.n ?? 0) + 1;
  const [row] = await db
    .insert(agentVersions)
    .values({
      ...values,
      title: `Version ${publishNumber}`,
      source: 'production',
      kind: 'publish',
      publishNumber,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The newest publish of an agent, if it was ever published. */
export async function findLatestPublish(db: Db, agentAccountId: number): Promise<AgentVersionRow | null> {
  const [row] = await db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.agentAccountId, agentAccountId), isNotNull(agentVersions.publishNumber)))
    .orderBy(desc(agentVersions.publishNumber))
    .limit(1);
  return row ?? null;
}

function displayName(row: { id: number; name: string | null; email: string | null }): string {
  const name = row.name?.trim() ?? '';
  if (name !== '') return name;
  return row.email ?? `User ${row.id}`;
}

/** Display names of the people who wrote versions, by user id. */
export async function userNames(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, displayName(row)]));
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
