import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import { findConnectionByHook, type CalendarConnection } from './calendar-connections.repo';
import {
  cancelAppointmentByInvitee,
  findAppointmentByInvitee,
  noteAppointmentOnContact,
  recordRescheduledInvitee,
  type Appointment,
} from './calendar.repo';
import { settingsOf, type CalendarDeps } from './calendly.service';

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

type Payload = Record<string, unknown>;
type Handled = { success: true; handled: boolean };

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Notes the change on the contacts of the booking's caller and of the invitee's email. */
async function noteOnContacts(
  deps: CalendarDeps,
  row: Appointment,
  email: string | null,
  note: Record<string, unknown>,
): Promise<void> {
  for (const address of new Set([row.contactAddress, email])) {
    if (address) await noteAppointmentOnContact(deps.db, row.accountId, address, note);
  }
}

/**
 * invitee.canceled: a cancellation, or the first half of a reschedule (`rescheduled: true`, `new_invitee`). Only a
 * booking still booked changes, so a replay changes nothing; a reschedule whose new booking is already recorded
 * (invitee.created came first) leaves that booking's note on the contact.
 */
async function inviteeCanceled(
  deps: CalendarDeps,
  connection: CalendarConnection,
  payload: Payload,
): Promise<Handled> {
  const uri = text(payload.uri);
  if (!uri) return { success: true, handled: false };
  const rescheduled = payload.rescheduled === true;
  const newInvitee = text(payload.new_invitee);
  const reason = text((payload.cancellation as Payload | undefined)?.reason) ?? null;
  const row = await cancelAppointmentByInvitee(deps.db, connection.accountId, uri, {
    rescheduled,
    reason,
    ...(newInvitee ? { movedTo: newInvitee } : {}),
  });
  if (!row) return { success: true, handled: false };
  if (rescheduled && newInvitee && (await findAppointmentByInvitee(deps.db, row.accountId, newInvitee))) {
    return { success: true, handled: true };
  }
  await noteOnContacts(deps, row, text(payload.email), {
    status: rescheduled ? 'rescheduled in Calendly' : 'cancelled in Calendly',
    startsAt: rescheduled ? null : row.startsAt.toISOString(),
    ...(rescheduled ? { previousStartsAt: row.startsAt.toISOString() } : {}),
    reason,
    conversationUuid: row.conversationUuid,
  });
  return { success: true, handled: true };
}

/**
 * invitee.created for a reschedule of one of our bookings (`old_invitee`): the new time is recorded as a booking of
 * the same conversation and caller, once, and noted on the caller's contact. Invitees booked in Calendly from
 * scratch are not ours and are left alone.
 */
async function inviteeCreated(
  deps: CalendarDeps,
  connection: CalendarConnection,
  payload: Payload,
): Promise<Handled> {
  const uri = text(payload.uri);
  const oldInvitee = text(payload.old_invitee);
  if (!uri || !oldInvitee) return { success: true, handled: false };
  const previous = await findAppointmentByInvitee(deps.db, connection.accountId, oldInvitee);
  if (!previous) return { success: true, handled: false };
  const event = (payload.scheduled_event ?? {}) as Payload;
  const startsAt = new Date(text(event.start_time) ?? '');
  const endsAt = new Date(text(event.end_time) ?? '');
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()) || endsAt <= startsAt) {
    throw new AppError('VALIDATION_FAILED', 'body.payload.scheduled_event: needs start_time and end_time');
  }
  const moved = await recordRescheduledInvitee(deps.db, previous, {
    inviteeUri: uri,
    eventUri: text(payload.event) ?? text(event.uri),
    startsAt,
    endsAt,
  });
  if (!moved) return { success: true, handled: false };
  await noteOnContacts(deps, moved, text(payload.email), {
    status: 'rescheduled in Calendly',
    startsAt: startsAt.toISOString(),
    previousStartsAt: previous.startsAt.toISOString(),
    reason: null,
    conversationUuid: moved.conversationUuid,
  });
  return { success: true, handled: true };
}

/**
 * POST /api/v1/calendly/webhook/:hook: a delivery of the connection's subscription, verified against its signing
 * key before anything is read. Cancellations and reschedules reach the booking and the caller's contact.
 */
export async function receiveCalendlyWebhook(
  deps: CalendarDeps,
  hook: string,
  signature: string,
  rawBody: string,
): Promise<Handled> {
  const connection = await findConnectionByHook(deps.db, hook);
  const settings = connection ? settingsOf(connection) : null;
  if (!connection || !settings?.sealedSigningKey) throw new AppError('NOT_FOUND', 'No such webhook');
  if (!verifyCalendlySignature(signature, rawBody, deps.secrets.open(settings.sealedSigningKey))) {
    throw new AppError('UNAUTHENTICATED', 'The Calendly-Webhook-Signature header does not match the body');
  }
  let event: { event?: unknown; payload?: unknown };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not JSON');
  }
  const payload =
    typeof event.payload === 'object' && event.payload !== null ? (event.payload as Payload) : {};
  if (event.event === 'invitee.canceled') return inviteeCanceled(deps, connection, payload);
  if (event.event === 'invitee.created') return inviteeCreated(deps, connection, payload);
  return { success: true, handled: false };
}
