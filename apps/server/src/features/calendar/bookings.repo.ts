import { and, appointments, asc, desc, eq, gte, inArray, lt, messages } from '@switchboard/db';
import type { Db } from '../../platform/database';
import type { Appointment } from './calendar.repo';

/** The account's appointments: those not yet over soonest first, or past ones latest first (200 at most). */
export async function listAccountAppointments(
  db: Db,
  accountId: number,
  past: boolean,
  now: Date,
): Promise<Appointment[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        past ? lt(appointments.endsAt, now) : gte(appointments.endsAt, now),
      ),
    )
    .orderBy(past ? desc(appointments.startsAt) : asc(appointments.startsAt))
    .limit(200);
}

/** The inbox room of each conversation (from its messages), for links to them. */
export async function roomsOfConversations(db: Db, uuids: string[]): Promise<Map<string, string>> {
  const valid = [...new Set(uuids)].filter((uuid) => /^[0-9a-f-]{36}$/i.test(uuid));
  if (valid.length === 0) return new Map();
  const found = await db
    .selectDistinct({ uuid: messages.conversationUuid, roomId: messages.roomId })
    .from(messages)
    .where(inArray(messages.conversationUuid, valid));
  return new Map(found.flatMap((row) => (row.uuid ? [[row.uuid, row.roomId] as const] : [])));
}

export async function appointmentOwner(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ accountId: appointments.accountId })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.accountId ?? null;
}

export async function findAccountAppointment(
  db: Db,
  accountId: number,
  id: number,
): Promise<Appointment | null> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.accountId, accountId)));
  return row ?? null;
}

export async function markAppointmentCancelled(
  db: Db,
  row: Appointment,
  cancellation: Record<string, unknown>,
): Promise<Appointment | null> {
  const [updated] = await db
    .update(appointments)
    .set({ status: 'cancelled', details: { ...row.details, cancellation } })
    .where(and(eq(appointments.id, row.id), eq(appointments.status, 'booked')))
    .returning();
  return updated ?? null;
}
