import {
  and,
  carrierEvents,
  contacts,
  eq,
  inArray,
  isNotNull,
  phoneCalls,
  smsOptOuts,
  sql,
} from '@switchboard/db';
import type { Db } from '../../platform/database';

export type PhoneCall = typeof phoneCalls.$inferSelect;
export type NewPhoneCall = typeof phoneCalls.$inferInsert;

/** The statuses a call ends in, as Twilio names them: after one, the carrier reports nothing more. */
export const callEndStatuses: readonly string[] = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

/** Records that a carrier webhook was acted on; false when it already had been (a replay or a retry). */
export async function firstDelivery(db: Db, carrier: string, eventKey: string): Promise<boolean> {
  const inserted = await db
    .insert(carrierEvents)
    .values({ carrier, eventKey })
    .onConflictDoNothing()
    .returning({ eventKey: carrierEvents.eventKey });
  return inserted.length > 0;
}

export async function insertCall(db: Db, call: NewPhoneCall): Promise<void> {
  await db.insert(phoneCalls).values(call);
}

export async function findCall(db: Db, callId: string): Promise<PhoneCall | null> {
  const [row] = await db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId));
  return row ?? null;
}

/** Takes the call's stream token when it matches: a token opens one stream, once. */
export async function takeStreamToken(db: Db, callId: string, tokenHash: string): Promise<PhoneCall | null> {
  const [row] = await db
    .update(phoneCalls)
    .set({ streamTokenHash: null, updatedAt: new Date() })
    .where(and(eq(phoneCalls.callId, callId), eq(phoneCalls.streamTokenHash, tokenHash)))
    .returning();
  return row ?? null;
}

export async function updateCall(
  db: Db,
  callId: string,
  changes: Partial<
    Pick<PhoneCall, 'status' | 'durationSeconds' | 'conversationUuid' | 'streamTokenHash' | 'answeredBy'>
  >,
): Promise<void> {
  await db
    .update(phoneCalls)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(phoneCalls.callId, callId));
}

/**
 * Moves a call to a carrier status in one statement: a status that does not end the call never replaces one that
 * did (a late "ringing" arriving after "busy"), however two callbacks interleave.
 */
export async function advanceCallStatus(
  db: Db,
  callId: string,
  status: string,
  endStatuses: readonly string[],
  durationSeconds: number | null,
): Promise<void> {
  const ends = endStatuses.includes(status);
  await db
    .update(phoneCalls)
    .set({ status, ...(durationSeconds === null ? {} : { durationSeconds }), updatedAt: new Date() })
    .where(
      ends
        ? eq(phoneCalls.callId, callId)
        : and(
            eq(phoneCalls.callId, callId),
            sql`${phoneCalls.status} NOT IN (${sql.join(
              endStatuses.map((one) => sql`${one}`),
              sql`, `,
            )})`,
          ),
    );
}

export async function setOptOut(
  db: Db,
  agentNumber: string,
  contactNumber: string,
  out: boolean,
): Promise<void> {
  if (out) {
    await db.insert(smsOptOuts).values({ agentNumber, contactNumber }).onConflictDoNothing();
    return;
  }
  await db
    .delete(smsOptOuts)
    .where(and(eq(smsOptOuts.agentNumber, agentNumber), eq(smsOptOuts.contactNumber, contactNumber)));
}

export async function isOptedOut(db: Db, agentNumber: string, contactNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.agentNumber, agentNumber), eq(smsOptOuts.contactNumber, contactNumber)));
  return row !== undefined;
}

/** The name the agent's account keeps for a phone number among its contacts, when it keeps one. */
export async function contactNameOf(db: Db, accountId: number, phoneNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(
      and(eq(contacts.accountId, accountId), eq(contacts.phoneNumber, phoneNumber), isNotNull(contacts.name)),
    )
    .limit(1);
  return row?.name?.trim() ? row.name.trim() : null;
}

/**
 * Marks the calls among `callIds` that have not ended as heard from now (their `updated_at`); answers the ids it
 * touched, which are the ones still open.
 */
export async function touchOpenCalls(
  db: Db,
  callIds: readonly string[],
  endStatuses: readonly string[],
): Promise<Set<string>> {
  if (callIds.length === 0) return new Set();
  const rows = await db
    .update(phoneCalls)
    .set({ updatedAt: new Date() })
    .where(
      and(
        inArray(phoneCalls.callId, [...callIds]),
        sql`${phoneCalls.status} NOT IN (${sql.join(
          endStatuses.map((one) => sql`${one}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ callId: phoneCalls.callId });
  return new Set(rows.map((row) => row.callId));
}
