import type { Db } from '../../platform/database';
import type { CalendarProvider } from '../../providers/calendar/types';
import {
  findOverlapping,
  insertAppointmentIfFree,
  listAppointments,
  type Appointment,
} from './calendar.repo';

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
