import { eq, sandboxSoftphones, users } from '@switchboard/db';
import type { Db } from '../../platform/database';

export async function findSoftphone(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: sandboxSoftphones.phoneNumber })
    .from(sandboxSoftphones)
    .where(eq(sandboxSoftphones.userId, userId));
  return row?.phoneNumber ?? null;
}

export async function softphoneOwner(db: Db, phoneNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: sandboxSoftphones.userId })
    .from(sandboxSoftphones)
    .where(eq(sandboxSoftphones.phoneNumber, phoneNumber));
  return row?.userId ?? null;
}

/** Gives the person this number unless someone has it; false when taken. */
export async function claimSoftphone(db: Db, userId: number, phoneNumber: string): Promise<boolean> {
  const inserted = await db
    .insert(sandboxSoftphones)
    .values({ userId, phoneNumber })
    .onConflictDoNothing()
    .returning({ userId: sandboxSoftphones.userId });
  return inserted.length > 0;
}

/** Moves the person to another number; false when someone else has it. */
export async function changeSoftphone(db: Db, userId: number, phoneNumber: string): Promise<boolean> {
  const owner = await softphoneOwner(db, phoneNumber);
  if (owner !== null) return owner === userId;
  try {
    const updated = await db
      .update(sandboxSoftphones)
      .set({ phoneNumber })
      .where(eq(sandboxSoftphones.userId, userId))
      .returning({ userId: sandboxSoftphones.userId });
    return updated.length > 0 || (await claimSoftphone(db, userId, phoneNumber));
  } catch {
    // Someone took it between the check and the update (the unique index said so).
    return false;
  }
}

/** The person's name, which the sandbox carrier gives as the caller name (CNAM) of their softphone's calls. */
export async function callerNameOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name?.trim() ? row.name.trim() : null;
}
