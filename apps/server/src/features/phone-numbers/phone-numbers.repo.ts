import {
  accounts,
  and,
  asc,
  eq,
  inArray,
  isNull,
  phoneNumbers,
  sandboxNumbers,
  type Db,
} from '@switchboard/db';
import type { SandboxNumberLedger } from '../../providers/telephony/sandbox';

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;
export type NewPhoneNumber = Omit<
  typeof phoneNumbers.$inferInsert,
  'id' | 'status' | 'assignedAt' | 'releasedAt'
>;

const held = isNull(phoneNumbers.releasedAt);

/** Who holds a number now (any account: a number is held by one account at a time), or null. */
export async function findHeldNumber(db: Db, number: string): Promise<PhoneNumberRow | null> {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.number, number), held));
  return row ?? null;
}

export async function listHeldNumbers(db: Db, accountId: number): Promise<PhoneNumberRow[]> {
  return db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, accountId), held))
    .orderBy(asc(phoneNumbers.assignedAt), asc(phoneNumbers.id));
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * Gives the account this number in one transaction: the numbers it held before are released, the new one is
 * recorded, and the account's vida_phone_number (which inbox routing reads) becomes it. Answers the released
 * rows, or null when another account took the number first (nothing is written then).
 */
export async function assignHeldNumber(db: Db, values: NewPhoneNumber): Promise<PhoneNumberRow[] | null> {
  try {
    return await db.transaction(async (tx) => {
      const released = await tx
        .update(phoneNumbers)
        .set({ status: 'released', releasedAt: new Date() })
        .where(and(eq(phoneNumbers.accountId, values.accountId), held))
        .returning();
      await tx.insert(phoneNumbers).values(values);
      await tx
        .update(accounts)
        .set({ vidaPhoneNumber: values.number })
        .where(eq(accounts.id, values.accountId));
      return released;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Releases the account's hold on a number and clears its vida_phone_number when that was the number. */
export async function releaseHeldNumber(db: Db, accountId: number, number: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(phoneNumbers)
      .set({ status: 'released', releasedAt: new Date() })
      .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.number, number), held))
      .returning({ id: phoneNumbers.id });
    await tx
      .update(accounts)
      .set({ vidaPhoneNumber: null })
      .where(and(eq(accounts.id, accountId), eq(accounts.vidaPhoneNumber, number)));
    return rows.length > 0;
  });
}

/** The sandbox carrier's books in the sandbox_numbers table. */
export function sandboxLedger(db: Db): SandboxNumberLedger {
  return {
    async sold(numbers) {
      if (numbers.length === 0) return new Set();
      const rows = await db
        .select({ number: sandboxNumbers.number })
        .from(sandboxNumbers)
        .where(inArray(sandboxNumbers.number, [...numbers]));
      return new Set(rows.map((row) => row.number));
    },
    async sell(number, carrierId) {
      const rows = await db
        .insert(sandboxNumbers)
        .values({ number, carrierId })
        .onConflictDoNothing({ target: sandboxNumbers.number })
        .returning({ number: sandboxNumbers.number });
      return rows.length > 0;
    },
    async takeBack(number) {
      await db.delete(sandboxNumbers).where(eq(sandboxNumbers.number, number));
    },
  };
}
