import { accounts, and, campaigns, eq, isNull, sql, type Db } from '@switchboard/db';

export type CampaignRow = typeof campaigns.$inferSelect;

export async function findCampaign(db: Db, agentAccountId: number): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.agentAccountId, agentAccountId));
  return row ?? null;
}

/** Creates the campaign row when missing (two first saves racing both end with the same row). */
export async function ensureCampaign(
  db: Db,
  values: { agentAccountId: number; campaignId: string; staging: Record<string, unknown> },
): Promise<CampaignRow> {
  await db.insert(campaigns).values(values).onConflictDoNothing({ target: campaigns.agentAccountId });
  const row = await findCampaign(db, values.agentAccountId);
  if (!row) throw new Error(`campaign of ${values.agentAccountId} missing after insert`);
  return row;
}

/**
 * Writes staging when the stored revision is still `expectedRevision` (null: whatever it is), bumping it. Returns
 * the updated row, or null when another write got there first.
 */
export async function writeStaging(
  db: Db,
  agentAccountId: number,
  staging: Record<string, unknown>,
  expectedRevision: number | null,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ staging, revision: sql`${campaigns.revision} + 1`, updatedAt: sql`now()` })
    .where(
      expectedRevision === null
        ? eq(campaigns.agentAccountId, agentAccountId)
        : sql`${campaigns.agentAccountId} = ${agentAccountId} AND ${campaigns.revision} = ${expectedRevision}`,
    )
    .returning();
  return row ?? null;
}

export async function writeProduction(
  db: Db,
  agentAccountId: number,
  production: Record<string, unknown>,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ production, publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(campaigns.agentAccountId, agentAccountId))
    .returning();
  return row ?? null;
}

/** Drops a deleted template's id from the campaigns that point at it (their config stays as authored). */
export async function clearTemplateFromCampaigns(db: Db, templateId: string): Promise<void> {
  await db.execute(
    sql`UPDATE campaigns SET
          staging = CASE WHEN staging->>'templateId' = ${templateId}
                         THEN jsonb_set(staging, '{templateId}', 'null'::jsonb) ELSE staging END,
          production = CASE WHEN production->>'templateId' = ${templateId}
                            THEN jsonb_set(production, '{templateId}', 'null'::jsonb) ELSE production END
        WHERE staging->>'templateId' = ${templateId} OR production->>'templateId' = ${templateId}`,
  );
}

export async function insertCampaign(
  db: Db,
  values: {
    agentAccountId: number;
    campaignId: string;
    staging: Record<string, unknown>;
    production: Record<string, unknown> | null;
  },
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, publishedAt: values.production ? sql`now()` : null })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/**
 * How many agent accounts of an organization list each app (`appId:version`) in their staging or production
 * config.
 */
export async function countAppUsage(db: Db, organizationId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ staging: campaigns.staging, production: campaigns.production })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.agentAccountId))
    .where(and(eq(accounts.organizationId, organizationId), isNull(accounts.deletedAt)));
  const counts = new Map<string, number>();
  for (const row of rows) {
    const keys = new Set<string>();
    for (const config of [row.staging, row.production]) {
      const apps = (config as { apps?: unknown } | null)?.apps;
      if (!Array.isArray(apps)) continue;
      for (const app of apps as { appId?: unknown; version?: unknown }[]) {
        if (typeof app.appId === 'string' && typeof app.version === 'string')
          keys.add(`${app.appId}:${app.version}`);
      }
    }
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
