import { calendarSchedules, eq, inArray } from '@switchboard/db';
import type { Db } from '../../platform/database';

export type StoredSchedule = typeof calendarSchedules.$inferSelect;
export type ScheduleRow = typeof calendarSchedules.$inferInsert;

export async function findSchedule(db: Db, accountId: number): Promise<StoredSchedule | null> {
  const [row] = await db.select().from(calendarSchedules).where(eq(calendarSchedules.accountId, accountId));
  return row ?? null;
}

/** The first saved schedule among accounts, in the order given (an agent's own before its organization's). */
export async function findFirstSchedule(
  db: Db,
  accountIds: readonly number[],
): Promise<StoredSchedule | null> {
  if (accountIds.length === 0) return null;
  const rows = await db
    .select()
    .from(calendarSchedules)
    .where(inArray(calendarSchedules.accountId, [...accountIds]));
  for (const id of accountIds) {
    const row = rows.find((candidate) => candidate.accountId === id);
    if (row) return row;
  }
  return null;
}

export async function upsertSchedule(db: Db, row: ScheduleRow): Promise<StoredSchedule> {
  const { accountId: _accountId, ...changes } = row;
  const [saved] = await db
    .insert(calendarSchedules)
    .values(row)
    .onConflictDoUpdate({ target: calendarSchedules.accountId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!saved) throw new Error('schedule not saved');
  return saved;
}
