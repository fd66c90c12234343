import { and, appointments, asc, contacts, eq, gt, lt, messages, sql } from '@switchboard/db';
import type { Db } from '../../platform/database';

export type Appointment = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;

/** Booked appointments of an account overlapping [from, to), earliest first. */
export async function findOverlapping(
  db: Db,
  accountId: number,
  from: Date,
  to: Date,
): Promise<Appointment[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.status, 'booked'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/**
 * Books the slot unless it overlaps a booked appointment, atomically: the account's bookings are serialized by
 * a transaction-scoped advisory lock, so two callers cannot take the same time. Null when the slot is taken.
 */
export async function insertAppointmentIfFree(db: Db, row: NewAppointment): Promise<Appointment | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x5b0a}, ${row.accountId})`);
    const clash = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.accountId, row.accountId),
          eq(appointments.status, 'booked'),
          lt(appointments.startsAt, row.endsAt),
          gt(appointments.endsAt, row.startsAt),
        ),
      )
      .limit(1);
    if (clash.length > 0) return null;
    const [inserted] = await tx.insert(appointments).values(row).returning();
    return inserted ?? null;
  });
}

export async function listAppointments(
  db: Db,
  accountId: number,
  from: Date,
  to: Date,
): Promise<Appointment[]> {
  return findOverlapping(db, accountId, from, to);
}

/** Records a booking a connected calendar took (its own ids in `details`), for the account's list and webhooks. */
export async function insertAppointment(db: Db, row: NewAppointment): Promise<Appointment> {
  const [inserted] = await db.insert(appointments).values(row).returning();
  if (!inserted) throw new Error('appointment not recorded');
  return inserted;
}

/** Marks the appointment a Calendly invitee made as cancelled; null when no booking of ours matches. */
export async function cancelAppointmentByInvitee(
  db: Db,
  accountId: number,
  inviteeUri: string,
  cancellation: Record<string, unknown>,
): Promise<Appointment | null> {
  const [row] = await db
    .update(appointments)
    .set({
      status: 'cancelled',
      details: sql`${appointments.details} || ${JSON.stringify({ cancellation })}::jsonb`,
    })
    .where(
      and(
        eq(appointments.accountId, accountId),
        eq(appointments.status, 'booked'),
        sql`${appointments.details}->>'inviteeUri' = ${inviteeUri}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The appointment a Calendly invitee of the account made or was moved to, whatever its state. */
export async function findAppointmentByInvitee(
  db: Db,
  accountId: number,
  inviteeUri: string,
): Promise<Appointment | null> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.accountId, accountId), sql`${appointments.details}->>'inviteeUri' = ${inviteeUri}`),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records the booking a Calendly reschedule made (the new invitee) once: under the account's booking lock, nothing
 * when the new invitee is already recorded; the old booking is marked cancelled if it still was booked.
 */
export async function recordRescheduledInvitee(
  db: Db,
  previous: Appointment,
  moved: { inviteeUri: string; eventUri: string | null; startsAt: Date; endsAt: Date },
): Promise<Appointment | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x5b0a}, ${previous.accountId})`);
    const [known] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.accountId, previous.accountId),
          sql`${appointments.details}->>'inviteeUri' = ${moved.inviteeUri}`,
        ),
      )
      .limit(1);
    if (known) return null;
    const cancellation = { rescheduled: true, reason: null, movedTo: moved.inviteeUri };
    await tx
      .update(appointments)
      .set({
        status: 'cancelled',
        details: sql`${appointments.details} || ${JSON.stringify({ cancellation })}::jsonb`,
      })
      .where(and(eq(appointments.id, previous.id), eq(appointments.status, 'booked')));
    const [inserted] = await tx
      .insert(appointments)
      .values({
        accountId: previous.accountId,
        organizationId: previous.organizationId,
        startsAt: moved.startsAt,
        endsAt: moved.endsAt,
        timezone: previous.timezone,
        name: previous.name,
        purpose: previous.purpose,
        contactAddress: previous.contactAddress,
        conversationUuid: previous.conversationUuid,
        details: {
          ...Object.fromEntries(Object.entries(previous.details).filter(([key]) => key !== 'cancellation')),
          inviteeUri: moved.inviteeUri,
          eventUri: moved.eventUri,
          rescheduledFrom: previous.details.inviteeUri ?? null,
        },
      })
      .returning();
    return inserted ?? null;
  });
}

/** Notes an appointment change on the account's contact with that phone number or email. */
export async function noteAppointmentOnContact(
  db: Db,
  accountId: number,
  address: string,
  appointment: Record<string, unknown>,
): Promise<number> {
  const rows = await db
    .update(contacts)
    .set({
      data: sql`${contacts.data} || ${JSON.stringify({ appointment })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(contacts.accountId, accountId),
        sql`(${contacts.phoneNumber} = ${address} or lower(${contacts.email}) = lower(${address}))`,
      ),
    )
    .returning({ id: contacts.id });
  return rows.length;
}

/** The inbox room a conversation took place in (its first message's), for links to it. */
export async function roomOfConversation(db: Db, conversationUuid: string | null): Promise<string | null> {
  if (!conversationUuid || !/^[0-9a-f-]{36}$/i.test(conversationUuid)) return null;
  const [row] = await db
    .select({ roomId: messages.roomId })
    .from(messages)
    .where(eq(messages.conversationUuid, conversationUuid))
    .limit(1);
  return row?.roomId ?? null;
}
