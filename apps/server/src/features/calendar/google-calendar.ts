import { CalendarUnavailableError, type CalendarProvider } from '../../providers/calendar/types';
import { markConnectionWorking, type CalendarConnection } from './calendar-connections.repo';
import { insertAppointment, roomOfConversation } from './calendar.repo';
import type { CalendarDeps } from './calendly.service';
import { googleFailed, googleSessionOf, googleSettingsOf } from './google.service';

const unavailable =
  "I can't reach our booking calendar right now, so I can't confirm that time. I can take a message and " +
  'someone will call you back to set it up.';

const revoked =
  "Our booking calendar is disconnected right now, so I can't book a time. I can take a message and someone " +
  'will call you back to set it up.';

/**
 * The event's description: who, why, and where the conversation is: the agent's inbox in the web app with the
 * conversation's room open (`/app/agent/<id>/inbox?active=<room>`, a path the workspace opens as it is).
 */
export function googleEventDescription(
  deps: Pick<CalendarDeps, 'publicUrl'>,
  request: { accountId: number; name: string; contactAddress: string | null; purpose: string },
  roomId: string | null,
): string {
  const conversation = roomId
    ? `${deps.publicUrl}/app/agent/${request.accountId}/inbox?active=${encodeURIComponent(roomId)}`
    : null;
  return [
    `Booked by a Switchboard agent for ${request.name || 'a caller'}.`,
    request.contactAddress ? `Contact: ${request.contactAddress}` : null,
    request.purpose ? `Purpose: ${request.purpose}` : null,
    conversation ? `Conversation: ${conversation}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/**
 * An account's Google Calendar: busy times are free/busy of the main calendar and the ticked ones; a booking
 * inserts an event in the main calendar, in the schedule's time zone, with the caller's name, number, purpose and
 * the conversation's link. Revoked consent marks the connection and stops bookings with a message taken instead.
 */
export function googleCalendar(deps: CalendarDeps, connection: CalendarConnection): CalendarProvider {
  const settings = googleSettingsOf(connection);
  const session = googleSessionOf(deps, connection);
  const calendarIds = [
    ...new Set([settings.mainCalendar, ...settings.checked].filter((id): id is string => !!id)),
  ];

  async function failed(error: unknown): Promise<never> {
    try {
      return await googleFailed(deps, connection, error);
    } catch (thrown) {
      const wasRevoked = (thrown as { revoked?: boolean }).revoked === true;
      throw new CalendarUnavailableError(wasRevoked ? revoked : unavailable, (thrown as Error).message);
    }
  }

  return {
    name: 'google',
    sandbox: settings.sandbox,
    busy: (_accountId, from, to) => session.freeBusy(calendarIds, from, to).catch(failed),
    async book(request) {
      const main = settings.mainCalendar;
      if (!main) {
        throw new CalendarUnavailableError(unavailable, 'no main Google calendar chosen');
      }
      const event = await session
        .insertEvent(main, {
          summary: `${request.purpose || 'Appointment'}: ${request.name || 'Caller'}`,
          description: googleEventDescription(
            deps,
            request,
            await roomOfConversation(deps.db, request.conversationUuid),
          ),
          start: request.start,
          end: request.end,
          timeZone: request.timezone,
        })
        .catch(failed);
      const row = await insertAppointment(deps.db, {
        accountId: request.accountId,
        organizationId: request.organizationId,
        startsAt: request.start,
        endsAt: request.end,
        timezone: request.timezone,
        name: request.name,
        purpose: request.purpose,
        contactAddress: request.contactAddress,
        conversationUuid: request.conversationUuid,
        details: {
          provider: 'google',
          sandbox: settings.sandbox,
          connectionAccountId: connection.accountId,
          calendarId: main,
          eventId: event.id,
          htmlLink: event.htmlLink,
        },
      });
      await markConnectionWorking(deps.db, connection);
      return { id: String(row.id) };
    },
  };
}
