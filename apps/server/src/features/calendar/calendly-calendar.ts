import { CalendlyError } from '../../providers/calendar/calendly';
import { CalendarUnavailableError, type CalendarProvider } from '../../providers/calendar/types';
import { markConnection, markConnectionWorking, type CalendarConnection } from './calendar-connections.repo';
import { insertAppointment } from './calendar.repo';
import { calendlyClientFor, settingsOf, type CalendarDeps } from './calendly.service';

const unavailable =
  "I can't reach our booking calendar right now, so I can't confirm that time. I can take a message and " +
  'someone will call you back to set it up.';

/**
 * An account's Calendly as a calendar: busy times from Calendly, a slot checked against the event type's available
 * times and booked through the Scheduling API (invitees need an email); where the plan or the caller's details do
 * not allow that, a single-use scheduling link for the event type is handed back to send the caller.
 */
export function calendlyCalendar(deps: CalendarDeps, connection: CalendarConnection): CalendarProvider {
  const settings = settingsOf(connection);
  const client = calendlyClientFor(
    deps,
    deps.secrets.open(connection.sealedCredential),
    connection.accountId,
  );

  async function failed(error: unknown): Promise<never> {
    if (!(error instanceof CalendlyError)) throw error;
    const revoked = error.status === 401;
    await markConnection(deps.db, connection.id, revoked ? 'revoked' : 'failing', error.message);
    deps.logger?.error(
      { err: error, accountId: connection.accountId, provider: 'calendly' },
      revoked ? 'Calendly refused the stored token' : 'Calendly booking failed',
    );
    throw new CalendarUnavailableError(unavailable, error.message);
  }

  return {
    name: 'calendly',
    sandbox: settings.sandbox === true,
    busy: (_accountId, from, to) => client.busyTimes(settings.userUri, from, to).catch(failed),
    async book(request) {
      try {
        const available = await client.availableTimes(
          settings.eventTypeUri,
          request.start,
          new Date(request.start.getTime() + 60_000),
        );
        if (!available.some((time) => time.getTime() === request.start.getTime())) return null;
        const email = request.contactAddress?.includes('@') ? request.contactAddress : null;
        if (email) {
          try {
            const invitee = await client.createInvitee({
              eventTypeUri: settings.eventTypeUri,
              start: request.start,
              name: request.name || 'Caller',
              email,
              timezone: request.timezone,
              phone: null,
            });
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
                provider: 'calendly',
                sandbox: settings.sandbox === true,
                connectionAccountId: connection.accountId,
                inviteeUri: invitee.uri,
                eventUri: invitee.eventUri,
              },
            });
            await markConnectionWorking(deps.db, connection);
            return { id: String(row.id) };
          } catch (error) {
            // Booking by API needs a paid plan: fall back to a link the caller books with.
            if (!(error instanceof CalendlyError) || error.status !== 403) throw error;
          }
        }
        return { id: '', schedulingUrl: await client.createSchedulingLink(settings.eventTypeUri) };
      } catch (error) {
        return failed(error);
      }
    },
  };
}
