import type { Db } from '../../platform/database';
import { overlapsBusy } from '../../providers/calendar/availability';
import type { CalendarProvider } from '../../providers/calendar/types';
import { withCalendarLock } from './calendar-lock.repo';
import {
  findOverlapping,
  insertAppointmentIfFree,
  listAppointments,
  type Appointment,
} from './calendar.repo';
import { bookingScheduleFor } from './schedule.service';

export type { Appointment };
export { listAppointments };

/** The sandbox calendar: appointments kept in the platform's own database, per agent account. */
export function sandboxCalendar(db: Db): CalendarProvider {
  return {
    name: 'sandbox',
    sandbox: true,
    async busy(accountId, from, to) {
      const rows = await findOverlapping(db, accountId, from, to);
      return rows.map((row) => ({ start: row.startsAt, end: row.endsAt }));
    },
    async book(request) {
      const row = await insertAppointmentIfFree(db, {
        accountId: request.accountId,
        organizationId: request.organizationId,
        startsAt: request.start,
        endsAt: request.end,
        timezone: request.timezone,
        name: request.name,
        purpose: request.purpose,
        contactAddress: request.contactAddress,
        conversationUuid: request.conversationUuid,
      });
      return row ? { id: String(row.id) } : null;
    },
  };
}

/**
 * The calendar agents book into: the account's schedule (its own, else its organization's) over the calendar it
 * uses. A booking is one step per calendar: under the calendar's lock the busy times are read again, buffer
 * included, right before the insert (decisions/034).
 */
export function accountCalendar(
  db: Db,
  calendarOf: (accountId: number) => CalendarProvider = () => sandboxCalendar(db),
): CalendarProvider {
  return {
    name: 'account',
    sandbox: true,
    schedule: (accountId, organizationId) => bookingScheduleFor(db, accountId, organizationId),
    busy: (accountId, from, to) => calendarOf(accountId).busy(accountId, from, to),
    book(request) {
      const calendar = calendarOf(request.accountId);
      return withCalendarLock(db, request.accountId, async () => {
        const schedule = await bookingScheduleFor(db, request.accountId, request.organizationId);
        const pad = (schedule?.bufferMinutes ?? 0) * 60_000;
        const busy = await calendar.busy(
          request.accountId,
          new Date(request.start.getTime() - pad),
          new Date(request.end.getTime() + pad),
        );
        const slot = { start: request.start, end: request.end };
        if (overlapsBusy({ bufferMinutes: schedule?.bufferMinutes ?? 0 }, slot, busy)) return null;
        return calendar.book(request);
      });
    },
  };
}
