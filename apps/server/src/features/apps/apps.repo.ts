import { and, appInstalls, asc, customApps, eq, sql, type Db } from '@switchboard/db';

export type InstallRow = typeof appInstalls.$inferSelect;
export type CustomAppRow = typeof customApps.$inferSelect;

const sameApp = (
  table: typeof appInstalls | typeof customApps,
  organizationId: number,
  appId: string,
  appVersion: string,
) => and(eq(table.organizationId, organizationId), eq(table.appId, appId), eq(table.appVersion, appVersion));

export async function listInstalls(db: Db, organizationId: number): Promise<InstallRow[]> {
  return db.select().from(appInstalls).where(eq(appInstalls.organizationId, organizationId));
}

export async function findInstall(
  db: Db,
  organizationId: number,
  appId: string,
  appVersion: string,
): Promise<InstallRow | null> {
  const [row] = await db
    .select()
    .from(appInstalls)
    .where(sameApp(appInstalls, organizationId, appId, appVersion));
  return row ?? null;
}

/** Inserts the install; null when the organization already has it (the unique index decides, races included). */
export async function insertInstall(
  db: Db,
  values: {
    organizationId: number;
    appId: string;
    appVersion: string;
    appData: Record<string, string>;
    installedBy: number | null;
  },
): Promise<InstallRow | null> {
  const [row] = await db.insert(appInstalls).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateInstallData(
  db: Db,
  organizationId: number,
  id: number,
  appData: Record<string, string>,
): Promise<InstallRow | null> {
  const [row] = await db
    .update(appInstalls)
    .set({ appData, updatedAt: sql`now()` })
    .where(and(eq(appInstalls.id, id), eq(appInstalls.organizationId, organizationId)))
    .returning();
  return row ?? null;
}

/** Deletes the organization's install; false when it has no install with this id. */
export async function deleteInstall(db: Db, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(appInstalls)
    .where(and(eq(appInstalls.id, id), eq(appInstalls.organizationId, organizationId)))
    .returning({ id: appInstalls.id });
  return rows.length > 0;
}

export async function listCustomApps(db: Db, organizationId: number): Promise<CustomAppRow[]> {
  return db
    .select()
    .from(customApps)
    .where(eq(customApps.organizationId, organizationId))
    .orderBy(asc(customApps.appId), asc(customApps.appVersion));
}

export async function findCustomApp(
  db: Db,
  organizationId: number,
  appId: string,
  appVersion: string,
): Promise<CustomAppRow | null> {
  const [row] = await db
    .select()
    .from(customApps)
    .where(sameApp(customApps, organizationId, appId, appVersion));
  return row ?? null;
}

/** Writes a custom app's definition (created on first write). */
export async function upsertCustomApp(
  db: Db,
  values: { organizationId: number; appId: string; appVersion: string; definition: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(customApps)
    .values(values)
    .onConflictDoUpdate({
      target: [customApps.organizationId, customApps.appId, customApps.appVersion],
      set: { definition: values.definition, updatedAt: sql`now()` },
    });
}

export async function deleteCustomApp(
  db: Db,
  organizationId: number,
  appId: string,
  appVersion: string,
): Promise<void> {
  await db.delete(customApps).where(sameApp(customApps, organizationId, appId, appVersion));
}
