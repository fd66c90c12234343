import { and, asc, desc, domainProfiles, domains, eq, inArray, ne, sql, type Db } from '@switchboard/db';

export type DomainRow = typeof domains.$inferSelect;
export type DomainProfileRow = typeof domainProfiles.$inferSelect;
export type DomainProfileValues = Partial<
  Omit<typeof domainProfiles.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>
>;

// By name only: a domain belongs to one account across all, so this answers whose it is (the tenant check, a
// request's host, whether a name is taken).
export async function findDomainRow(db: Db, domain: string): Promise<DomainRow | null> {
  const [row] = await db.select().from(domains).where(eq(domains.domain, domain));
  return row ?? null;
}

export async function listDomainRows(db: Db, accountId: number): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(eq(domains.accountId, accountId))
    .orderBy(desc(domains.isDefault), asc(domains.domain));
}

/**
 * Inserts the domain, or answers null when any account has it already (the primary key decides, race-free). A
 * default one takes the default from the account's other domains in the same transaction.
 */
export async function insertDomainRow(
  db: Db,
  values: { domain: string; accountId: number; isDefault: boolean },
): Promise<DomainRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(domains)
      .values({ ...values, isDefault: false })
      .onConflictDoNothing({ target: domains.domain })
      .returning();
    if (!row || !values.isDefault) return row ?? null;
    await tx
      .update(domains)
      .set({ isDefault: false })
      .where(and(eq(domains.accountId, values.accountId), ne(domains.domain, row.domain)));
    const [marked] = await tx
      .update(domains)
      .set({ isDefault: true })
      .where(eq(domains.domain, row.domain))
      .returning();
    return marked ?? row;
  });
}

/** Deletes the account's domain; false when the account has no such domain. */
export async function deleteDomainRow(db: Db, accountId: number, domain: string): Promise<boolean> {
  const rows = await db
    .delete(domains)
    .where(and(eq(domains.accountId, accountId), eq(domains.domain, domain)))
    .returning({ domain: domains.domain });
  return rows.length > 0;
}

export async function countOtherDomains(db: Db, accountId: number, domain: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.domain, domain)));
  return row?.count ?? 0;
}

/** Makes the domain its account's only default, in one transaction. */
export async function markDefaultDomain(db: Db, accountId: number, domain: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(domains)
      .set({ isDefault: false })
      .where(and(eq(domains.accountId, accountId), ne(domains.domain, domain)));
    await tx
      .update(domains)
      .set({ isDefault: true })
      .where(and(eq(domains.accountId, accountId), eq(domains.domain, domain)));
  });
}

export async function findProfileById(db: Db, id: number): Promise<DomainProfileRow | null> {
  const [row] = await db.select().from(domainProfiles).where(eq(domainProfiles.id, id));
  return row ?? null;
}

export async function findProfileOfAccount(db: Db, accountId: number): Promise<DomainProfileRow | null> {
  const [row] = await db.select().from(domainProfiles).where(eq(domainProfiles.accountId, accountId));
  return row ?? null;
}

/** The profiles of any of these accounts, so a caller can take the nearest in its own order. */
export async function findProfilesOfAccounts(db: Db, accountIds: number[]): Promise<DomainProfileRow[]> {
  if (accountIds.length === 0) return [];
  return db.select().from(domainProfiles).where(inArray(domainProfiles.accountId, accountIds));
}

export async function upsertProfileOfAccount(
  db: Db,
  accountId: number,
  values: DomainProfileValues & { name: string },
): Promise<DomainProfileRow> {
  const [row] = await db
    .insert(domainProfiles)
    .values({ ...values, accountId })
    .onConflictDoUpdate({
      target: domainProfiles.accountId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error(`could not save the domain profile of account ${accountId}`);
  return row;
}

export async function updateProfileImage(
  db: Db,
  target: { id: number; accountId: number },
  image: string | null,
): Promise<DomainProfileRow> {
  const { id, accountId } = target;
  const [row] = await db
    .update(domainProfiles)
    .set({ image, updatedAt: new Date() })
    .where(and(eq(domainProfiles.id, id), eq(domainProfiles.accountId, accountId)))
    .returning();
  if (!row) throw new Error(`no domain profile ${id}`);
  return row;
}

export async function isProfileImage(db: Db, image: string): Promise<boolean> {
  const [row] = await db
    .select({ id: domainProfiles.id })
    .from(domainProfiles)
    .where(eq(domainProfiles.image, image));
  return row !== undefined;
}
