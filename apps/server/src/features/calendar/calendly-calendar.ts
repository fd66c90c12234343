import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import { CalendlyError } from '../../providers/calendar/calendly';
import { CalendarUnavailableError, type CalendarProvider } from '../../providers/calendar/types';
import { markConnection, findConnectionByHook, type CalendarConnection } from './calendar-connections.repo';
import { cancelAppointmentByInvitee, insertAppointment, noteAppointmentOnContact } from './calendar.repo';
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
  const client = calendlyClientFor(deps, deps.secrets.open(connection.sealedCredential));

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
    sandbox: false,
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
                connectionAccountId: connection.accountId,
                inviteeUri: invitee.uri,
                eventUri: invitee.eventUri,
              },
            });
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

/** Checks `Calendly-Webhook-Signature` (t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">), within 3 minutes. */
export function verifyCalendlySignature(
  header: string,
  payload: string,
  signingKey: string,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [key, ...rest] = part.trim().split('=');
      return [key ?? '', rest.join('=')];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 180 || !parts.v1) return false;
  const expected = createHmac('sha256', signingKey).update(`${timestamp}.${payload}`, 'utf8').digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Calendly's invitee.canceled (a cancellation, or the first half of a reschedule): the booking is marked
 * cancelled and the contact with the invitee's email or our caller's number gets the change noted.
 */
export async function receiveCalendlyWebhook(
  deps: CalendarDeps,
  hook: string,
  signature: string,
  rawBody: string,
): Promise<{ success: true; handled: boolean }> {
  const connection = await findConnectionByHook(deps.db, hook);
  const settings = connection ? settingsOf(connection) : null;
  if (!connection || !settings?.sealedSigningKey) throw new AppError('NOT_FOUND', 'No such webhook');
  if (!verifyCalendlySignature(signature, rawBody, deps.secrets.open(settings.sealedSigningKey))) {
    throw new AppError('UNAUTHENTICATED', 'The Calendly-Webhook-Signature header does not match the body');
  }
  let event: { event?: string; payload?: Record<string, unknown> };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not JSON');
  }
  if (event.event !== 'invitee.canceled' || typeof event.payload?.uri !== 'string') {
    return { success: true, handled: false };
  }
  const rescheduled = event.payload.rescheduled === true;
  const cancellation = {
    rescheduled,
    reason: (event.payload.cancellation as { reason?: string } | undefined)?.reason ?? null,
  };
  const row = await cancelAppointmentByInvitee(
    deps.db,
    connection.accountId,
    event.payload.uri,
    cancellation,
  );
  if (!row) return { success: true, handled: false };
  const note = {
    status: rescheduled ? 'rescheduled in Calendly' : 'cancelled in Calendly',
    startsAt: row.startsAt.toISOString(),
    reason: cancellation.reason,
    conversationUuid: row.conversationUuid,
  };
  for (const address of [
    row.contactAddress,
    typeof event.payload.email === 'string' ? event.payload.email : null,
  ]) {
    if (address) await noteAppointmentOnContact(deps.db, row.accountId, address, note);
  }
  return { success: true, handled: true };
}
