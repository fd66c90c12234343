import type { BookingView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { CalendlyError } from '../../providers/calendar/calendly';
import { GoogleCalendarError } from '../../providers/calendar/google';
import {
  findAccountAppointment,
  listAccountAppointments,
  markAppointmentCancelled,
  roomsOfConversations,
} from './bookings.repo';
import { findConnection } from './calendar-connections.repo';
import type { Appointment } from './calendar.repo';
import { calendlyClientFor, type CalendarDeps } from './calendly.service';
import { googleFailed, googleSessionOf } from './google.service';

export { appointmentOwner } from './bookings.repo';

const providerOf = (row: Appointment): BookingView['provider'] => {
  const provider = row.details.provider;
  return provider === 'google' || provider === 'calendly' || provider === 'jobnimbus' ? provider : 'sandbox';
};

const roomsOf = (db: Db, rows: Appointment[]) =>
  roomsOfConversations(
    db,
    rows.map((row) => row.conversationUuid).filter((uuid): uuid is string => !!uuid),
  );

function viewOf(row: Appointment, rooms: Map<string, string>): BookingView {
  const provider = providerOf(row);
  return {
    id: row.id,
    provider,
    sandbox: provider === 'sandbox' || row.details.sandbox === true,
    status: row.status,
    name: row.name,
    contactAddress: row.contactAddress,
    purpose: row.purpose,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: row.timezone,
    conversationUuid: row.conversationUuid,
    roomId: row.conversationUuid ? (rooms.get(row.conversationUuid) ?? null) : null,
  };
}

/** The appointments the account's agents booked: upcoming soonest first, or past ones latest first. */
export async function listBookings(db: Db, accountId: number, past: boolean, now = new Date()) {
  const rows = await listAccountAppointments(db, accountId, past, now);
  const rooms = await roomsOf(db, rows);
  return { success: true as const, bookings: rows.map((row) => viewOf(row, rooms)) };
}

/** Cancels at the calendar the booking was made in, then here; a calendar that refuses leaves it booked. */
export async function cancelBooking(deps: CalendarDeps, accountId: number, id: number) {
  const row = await findAccountAppointment(deps.db, accountId, id);
  if (!row) throw new AppError('NOT_FOUND', `Booking ${id} was not found`);
  if (row.status === 'cancelled') throw new AppError('CONFLICT', `Booking ${id} is already cancelled`);
  const provider = providerOf(row);
  const connectionAccountId =
    typeof row.details.connectionAccountId === 'number' ? row.details.connectionAccountId : accountId;
  if (provider === 'google') {
    const connection = await findConnection(deps.db, connectionAccountId, 'google');
    if (!connection) {
      throw new AppError(
        'CONFLICT',
        'Google Calendar is no longer connected: cancel the event in Google Calendar',
      );
    }
    await googleSessionOf(deps, connection)
      .deleteEvent(String(row.details.calendarId), String(row.details.eventId))
      .catch(async (error: unknown) => {
        // Already deleted in Google Calendar: nothing left to cancel there.
        if (error instanceof GoogleCalendarError && (error.status === 404 || error.status === 410)) return;
        await googleFailed(deps, connection, error).catch((failure: unknown) => {
          throw new AppError(
            'UNAVAILABLE',
            `Google Calendar did not cancel the event: ${(failure as Error).message}`,
          );
        });
      });
  }
  if (provider === 'jobnimbus') {
    throw new AppError('CONFLICT', 'JobNimbus appointments are cancelled in JobNimbus, on the team calendar');
  }
  if (provider === 'calendly') {
    const connection = await findConnection(deps.db, connectionAccountId, 'calendly');
    const eventUri = typeof row.details.eventUri === 'string' ? row.details.eventUri : null;
    if (!connection || !eventUri) {
      throw new AppError('CONFLICT', 'Calendly is no longer connected: cancel the event in Calendly');
    }
    await calendlyClientFor(deps, deps.secrets.open(connection.sealedCredential), connectionAccountId)
      .cancelEvent(eventUri, 'Cancelled in Switchboard')
      .catch((error: unknown) => {
        if (error instanceof CalendlyError) {
          throw new AppError('UNAVAILABLE', `Calendly did not cancel the event: ${error.message}`);
        }
        throw error;
      });
  }
  const updated = await markAppointmentCancelled(deps.db, row, {
    by: 'account',
    at: new Date().toISOString(),
  });
  if (!updated) throw new AppError('CONFLICT', `Booking ${id} is already cancelled`);
  return { success: true as const, booking: viewOf(updated, await roomsOf(deps.db, [updated])) };
}
