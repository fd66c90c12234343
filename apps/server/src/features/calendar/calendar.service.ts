import type { Db } from '../../platform/database';
import { overlapsBusy } from '../../providers/calendar/availability';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import { createSecretBox } from '../../platform/secret-box';
import { CalendarUnavailableError, type CalendarProvider } from '../../providers/calendar/types';
import { findConnectionFor } from './calendar-connections.repo';
import { calendlyCalendar } from './calendly-calendar';
import { googleCalendar } from './google-calendar';
import { jobNimbusCalendar } from './jobnimbus.service';
import type { CalendarDeps } from './calendly.service';
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

export interface AccountCalendarOptions {
  /** Reaches connected calendars (Calendly); without it every account books into the sandbox calendar. */
  config?: Pick<Config, 'calendar' | 'publicUrl' | 'secretsKey' | 'dataDir' | 'sandboxOpen'>;
  logger?: FastifyBaseLogger;
  /** The calendar an account books into, when a test chooses it. */
  calendarOf?: (accountId: number) => CalendarProvider | Promise<CalendarProvider>;
}

/**
 * The calendar agents book into: the account's schedule (its own, else its organization's) over the calendar it
 * uses (its connected Calendly, Google Calendar or JobNimbus, else the sandbox calendar). A booking is one step per calendar: under the
 * calendar's lock the busy times are read again, buffer included, right before the insert (decisions/035).
 */
export function accountCalendar(db: Db, options: AccountCalendarOptions = {}): CalendarProvider {
  const sandbox = sandboxCalendar(db);
  const { config } = options;
  const deps: CalendarDeps | null = config
    ? {
        db,
        secrets: createSecretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
        calendar: config.calendar,
        publicUrl: config.publicUrl,
        sandboxOpen: config.sandboxOpen,
        ...(options.logger ? { logger: options.logger } : {}),
      }
    : null;
  const calendarOf =
    options.calendarOf ??
    (async (accountId: number): Promise<CalendarProvider> => {
      const connection = deps ? await findConnectionFor(db, accountId) : null;
      if (!deps || !connection) return sandbox;
      if (connection.status === 'revoked') {
        throw new CalendarUnavailableError(
          "Our booking calendar is disconnected right now, so I can't book a time. I can take a message and " +
            'someone will call you back to set it up.',
          connection.lastError ?? 'revoked',
        );
      }
      if (connection.provider === 'google') return googleCalendar(deps, connection);
      if (connection.provider === 'jobnimbus') return jobNimbusCalendar(deps, connection);
      return calendlyCalendar(deps, connection);
    });
  return {
    name: 'account',
    sandbox: true,
    schedule: (accountId, organizationId) => bookingScheduleFor(db, accountId, organizationId),
    busy: async (accountId, from, to) => (await calendarOf(accountId)).busy(accountId, from, to),
    async book(request) {
      const calendar = await calendarOf(request.accountId);
      return withCalendarLock(db, request.accountId, async () => {
        const schedule = await bookingScheduleFor(db, request.accountId, request.organizationId);
        const bufferMinutes = schedule?.bufferMinutes ?? 0;
        const pad = bufferMinutes * 60_000;
        const busy = await calendar.busy(
          request.accountId,
          new Date(request.start.getTime() - pad),
          new Date(request.end.getTime() + pad),
        );
        if (overlapsBusy({ bufferMinutes }, { start: request.start, end: request.end }, busy)) return null;
        return calendar.book(request);
      });
    },
  };
}
