import { displayNameOf } from '@switchboard/core';
import { accounts, appointments, calendarSchedules, eq, inArray, sql, users } from '@switchboard/db';
import type { Db } from '../../platform/database';

export interface TeamAccount {
  id: number;
  organizationId: number | null;
  name: string;
}

interface TeamRow {
  id: number;
  organizationId: number | null;
  accountType: 'partner' | 'reseller' | 'organization' | 'agent';
  details: Record<string, unknown>;
  username: string;
}

const teamOf = (row: TeamRow): TeamAccount => ({
  id: row.id,
  organizationId: row.organizationId,
  name: displayNameOf(row),
});

const teamColumns = {
  id: accounts.id,
  organizationId: accounts.organizationId,
  accountType: accounts.accountType,
  details: accounts.details,
  username: accounts.username,
};

/**
 * The team a call is booked with: the acting account's reseller, else its partner, among those that keep their own
 * schedule (a white-label operator that takes calls), else the platform's sales account. Null when none.
 */
export async function findTeamAccount(
  db: Db,
  accountId: number,
  salesAccountUsername: string | null,
): Promise<TeamAccount | null> {
  const [acting] = await db
    .select({ resellerId: accounts.resellerId, partnerId: accounts.partnerId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const above = [acting?.resellerId, acting?.partnerId].filter(
    (id): id is number => typeof id === 'number' && id !== accountId,
  );
  if (above.length > 0) {
    const keeping = await db
      .select(teamColumns)
      .from(accounts)
      .innerJoin(calendarSchedules, eq(calendarSchedules.accountId, accounts.id))
      .where(inArray(accounts.id, above));
    for (const id of above) {
      const row = keeping.find((candidate) => candidate.id === id);
      if (row) return teamOf(row);
    }
  }
  if (!salesAccountUsername) return null;
  const [sales] = await db
    .select({ ...teamColumns, enabled: accounts.enabled, deletedAt: accounts.deletedAt })
    .from(accounts)
    .where(eq(accounts.username, salesAccountUsername));
  return sales?.enabled && !sales.deletedAt ? teamOf(sales) : null;
}

export async function findPerson(
  db: Db,
  userId: number,
): Promise<{ name: string; email: string; phone: string } | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { name: row.name ?? '', email: row.email ?? '', phone: row.phone ?? '' } : null;
}

/** Notes on a booking who asked for the call (the calendar recorded the booking itself). */
export async function noteTeamCall(db: Db, appointmentId: number, teamCall: Record<string, unknown>) {
  await db
    .update(appointments)
    .set({ details: sql`${appointments.details} || ${JSON.stringify({ teamCall })}::jsonb` })
    .where(eq(appointments.id, appointmentId));
}
