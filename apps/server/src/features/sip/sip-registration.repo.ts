import { accounts, and, eq, ne, sipRegistrations, type Db } from '@switchboard/db';

export type SipRegistrationRow = typeof sipRegistrations.$inferSelect;
export type SipRegistrationValues = Pick<
  typeof sipRegistrations.$inferInsert,
  'aor' | 'username' | 'authUsername' | 'password' | 'sipRealm' | 'proxy' | 'port' | 'transport'
>;

export type RegistrationOutcome = Partial<
  Pick<SipRegistrationRow, 'state' | 'lastError' | 'lastAttemptAt' | 'registeredAt' | 'expiresAt'>
>;

export async function findRegistration(db: Db, accountId: number): Promise<SipRegistrationRow | null> {
  const [row] = await db.select().from(sipRegistrations).where(eq(sipRegistrations.accountId, accountId));
  return row ?? null;
}

/** Every registration the endpoint keeps alive (all but those already taken back). */
export async function listActiveRegistrations(db: Db): Promise<SipRegistrationRow[]> {
  return db.select().from(sipRegistrations).where(ne(sipRegistrations.state, 'unregistered'));
}

/** Whether another account already registers the AOR. */
export async function aorTakenByAnother(db: Db, accountId: number, aor: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sipRegistrations.id })
    .from(sipRegistrations)
    .where(and(eq(sipRegistrations.aor, aor), ne(sipRegistrations.accountId, accountId)));
  return row !== undefined;
}

/** Makes or replaces the account's registration; `created` tells which. Starts over in state `registering`. */
export async function upsertRegistration(
  db: Db,
  accountId: number,
  values: SipRegistrationValues,
): Promise<{ row: SipRegistrationRow; created: boolean }> {
  const fresh = {
    ...values,
    state: 'registering',
    lastError: null,
    registeredAt: null,
    expiresAt: null,
    updatedAt: new Date(),
  };
  const [updated] = await db
    .update(sipRegistrations)
    .set(fresh)
    .where(eq(sipRegistrations.accountId, accountId))
    .returning();
  if (updated) return { row: updated, created: false };
  const [inserted] = await db
    .insert(sipRegistrations)
    .values({ accountId, ...fresh })
    .returning();
  if (!inserted) throw new Error('the registration was not stored');
  return { row: inserted, created: true };
}

export async function deleteRegistration(db: Db, accountId: number): Promise<SipRegistrationRow | null> {
  const [row] = await db
    .delete(sipRegistrations)
    .where(eq(sipRegistrations.accountId, accountId))
    .returning();
  return row ?? null;
}

/** Records an attempt's outcome, unless the registration was changed or removed since `version` was read. */
export async function recordRegistrationOutcome(
  db: Db,
  id: number,
  version: Date,
  outcome: RegistrationOutcome,
): Promise<void> {
  await db
    .update(sipRegistrations)
    .set(outcome)
    .where(and(eq(sipRegistrations.id, id), eq(sipRegistrations.updatedAt, version)));
}

/** The account's username: the user part of the Contact the PBX sends calls to. */
export async function accountUsername(db: Db, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: accounts.username })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.username ?? null;
}
