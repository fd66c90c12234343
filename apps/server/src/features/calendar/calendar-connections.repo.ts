import { accounts, and, calendarConnections, eq, inArray } from '@switchboard/db';
import type { Db } from '../../platform/database';

export type CalendarConnection = typeof calendarConnections.$inferSelect;
export type CalendarProviderName = CalendarConnection['provider'];

export async function findConnection(
  db: Db,
  accountId: number,
  provider: CalendarProviderName,
): Promise<CalendarConnection | null> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.accountId, accountId), eq(calendarConnections.provider, provider)));
  return row ?? null;
}

/** The organization an account belongs to (null for one of its own). */
export async function organizationOf(db: Db, accountId: number): Promise<number | null> {
  const [account] = await db
    .select({ organizationId: accounts.organizationId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account?.organizationId ?? null;
}

/** The connection an agent's bookings use: its own account's, else its organization's. */
export async function findConnectionFor(db: Db, accountId: number): Promise<CalendarConnection | null> {
  const organizationId = await organizationOf(db, accountId);
  const ids = [accountId, ...(organizationId !== null ? [organizationId] : [])];
  const rows = await db.select().from(calendarConnections).where(inArray(calendarConnections.accountId, ids));
  // An account with two calendars connected books into the one connected last.
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.accountId === id);
    if (row) return row;
  }
  return null;
}

export async function findConnectionByHook(db: Db, hook: string): Promise<CalendarConnection | null> {
  const rows = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.provider, 'calendly'));
  return rows.find((row) => row.settings.hook === hook) ?? null;
}

export async function upsertConnection(
  db: Db,
  row: Pick<CalendarConnection, 'accountId' | 'provider' | 'sealedCredential' | 'settings'>,
): Promise<CalendarConnection> {
  const [saved] = await db
    .insert(calendarConnections)
    .values({ ...row, status: 'connected', lastError: null })
    .onConflictDoUpdate({
      target: [calendarConnections.accountId, calendarConnections.provider],
      set: {
        sealedCredential: row.sealedCredential,
        settings: row.settings,
        status: 'connected',
        lastError: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!saved) throw new Error('calendar connection not saved');
  return saved;
}

export async function markConnection(
  db: Db,
  id: number,
  status: CalendarConnection['status'],
  lastError: string | null,
): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ status, lastError, updatedAt: new Date() })
    .where(eq(calendarConnections.id, id));
}

/** A failing connection that worked again (a booking went through) is connected again, its error cleared. */
export async function markConnectionWorking(db: Db, connection: CalendarConnection): Promise<void> {
  if (connection.status !== 'failing') return;
  await db
    .update(calendarConnections)
    .set({ status: 'connected', lastError: null, updatedAt: new Date() })
    .where(and(eq(calendarConnections.id, connection.id), eq(calendarConnections.status, 'failing')));
}

/** Keeps refreshed credentials (Google's new access token) without touching the state. */
export async function updateConnectionCredential(
  db: Db,
  id: number,
  sealedCredential: string,
): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ sealedCredential, updatedAt: new Date() })
    .where(eq(calendarConnections.id, id));
}

export async function deleteConnection(db: Db, id: number): Promise<void> {
  await db.delete(calendarConnections).where(eq(calendarConnections.id, id));
}
