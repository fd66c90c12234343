import { parseIsoDate } from '@switchboard/core';
import { AppError } from '../../platform/app-error';
import { dayWindows } from '../../providers/calendar/availability';
import {
  createJobNimbusClient,
  JobNimbusError,
  type JobNimbusClient,
} from '../../providers/calendar/jobnimbus';
import { SandboxJobNimbus } from '../../providers/calendar/jobnimbus-sandbox';
import { CalendarUnavailableError, type CalendarProvider } from '../../providers/calendar/types';
import {
  deleteConnection,
  findConnection,
  markConnection,
  markConnectionWorking,
  upsertConnection,
  type CalendarConnection,
} from './calendar-connections.repo';
import { insertAppointment } from './calendar.repo';
import type { CalendarDeps } from './calendly.service';
import { bookingScheduleFor, defaultSchedule } from './schedule.service';

const unavailable =
  "I can't reach our booking calendar right now, so I can't confirm that time. I can take a message and " +
  'someone will call you back to set it up.';

// One stand-in per database: the routes and the agents' bookings of one server share its records.
const sandboxes = new WeakMap<object, SandboxJobNimbus>();

/** The offline stand-in, where JOBNIMBUS_API_URL is unset and sandboxes are open (never in production). */
export function sandboxJobNimbusFor(deps: Pick<CalendarDeps, 'db' | 'calendar' | 'sandboxOpen'>) {
  if (!deps.calendar.jobNimbusUnset || !deps.sandboxOpen) return null;
  let sandbox = sandboxes.get(deps.db);
  if (!sandbox) {
    sandbox = new SandboxJobNimbus();
    sandboxes.set(deps.db, sandbox);
  }
  return sandbox;
}

function clientOf(deps: CalendarDeps, token: string): JobNimbusClient {
  const sandbox = sandboxJobNimbusFor(deps);
  if (sandbox) return sandbox.client(token);
  return createJobNimbusClient({ baseUrl: deps.calendar.jobNimbusApiUrl, token });
}

/** Checks the key against JobNimbus; a refused key is `valid: false` with JobNimbus's status, nothing stored. */
export async function saveJobNimbusSettings(deps: CalendarDeps, accountId: number, token: string) {
  try {
    await clientOf(deps, token).validate();
  } catch (error) {
    if (error instanceof JobNimbusError && error.status >= 400 && error.status < 500) {
      return {
        success: true as const,
        valid: false,
        status: error.status,
        message: `JobNimbus refused the API key: ${error.message}`,
      };
    }
    if (error instanceof JobNimbusError) {
      throw new AppError('UNAVAILABLE', `JobNimbus could not check the key: ${error.message}`);
    }
    throw error;
  }
  await upsertConnection(deps.db, {
    accountId,
    provider: 'jobnimbus',
    sealedCredential: deps.secrets.seal(token),
    settings: { sandbox: sandboxJobNimbusFor(deps) !== null },
  });
  return { success: true as const, valid: true, status: null, message: 'JobNimbus is connected.' };
}

/** Forgets the key (JobNimbus keeps no grant of ours to revoke); bookings go to the next calendar connected. */
export async function disconnectJobNimbus(deps: CalendarDeps, accountId: number) {
  const connection = await connected(deps, accountId);
  await deleteConnection(deps.db, connection.id);
  return { success: true as const };
}

async function connected(deps: CalendarDeps, accountId: number): Promise<CalendarConnection> {
  const connection = await findConnection(deps.db, accountId, 'jobnimbus');
  if (!connection) throw new AppError('NOT_FOUND', 'JobNimbus is not connected');
  return connection;
}

/** The schedule's hours of the date minus the team's JobNimbus tasks. */
export async function jobNimbusTeam(deps: CalendarDeps, accountId: number, targetDate: string) {
  const connection = await connected(deps, accountId);
  const day = parseIsoDate(targetDate);
  if (!day) throw new AppError('VALIDATION_FAILED', 'body.targetDate: must be a date as YYYY-MM-DD');
  const schedule = (await bookingScheduleFor(deps.db, accountId, null)) ?? defaultSchedule();
  const windows = dayWindows(schedule, day);
  const from = windows[0]?.start;
  const to = windows.at(-1)?.end;
  const tasks =
    from && to
      ? await clientOf(deps, deps.secrets.open(connection.sealedCredential))
          .tasks(from, to)
          .catch(async (error: unknown) => {
            if (!(error instanceof JobNimbusError)) throw error;
            await markConnection(
              deps.db,
              connection.id,
              error.status === 401 ? 'revoked' : 'failing',
              error.message,
            );
            throw new AppError('UNAVAILABLE', `JobNimbus answered: ${error.message}`);
          })
      : [];
  const availability = windows.flatMap((window) => {
    let free = [{ start: window.start.getTime(), end: window.end.getTime() }];
    for (const task of tasks) {
      free = free.flatMap((range) => {
        const busyFrom = task.start.getTime();
        const busyTo = task.end.getTime();
        if (busyTo <= range.start || busyFrom >= range.end) return [range];
        return [
          ...(busyFrom > range.start ? [{ start: range.start, end: busyFrom }] : []),
          ...(busyTo < range.end ? [{ start: busyTo, end: range.end }] : []),
        ];
      });
    }
    return free;
  });
  const iso = (time: number) => new Date(time).toISOString();
  return {
    success: true as const,
    date: targetDate,
    timezone: schedule.timezone,
    availability: availability.map((range) => ({ start: iso(range.start), end: iso(range.end) })),
    busy: tasks.map((task) => ({
      start: task.start.toISOString(),
      end: task.end.toISOString(),
      title: task.title,
    })),
  };
}

/**
 * The account's JobNimbus as a calendar: busy times are the team calendar's tasks; a booking creates the caller as a
 * contact, a job for them, and an appointment task on the team calendar related to the job.
 */
export function jobNimbusCalendar(deps: CalendarDeps, connection: CalendarConnection): CalendarProvider {
  const client = clientOf(deps, deps.secrets.open(connection.sealedCredential));

  async function failed(error: unknown): Promise<never> {
    if (!(error instanceof JobNimbusError)) throw error;
    await markConnection(deps.db, connection.id, error.status === 401 ? 'revoked' : 'failing', error.message);
    deps.logger?.error(
      { err: error, accountId: connection.accountId, provider: 'jobnimbus' },
      'JobNimbus failed',
    );
    throw new CalendarUnavailableError(unavailable, error.message);
  }

  return {
    name: 'jobnimbus',
    sandbox: connection.settings.sandbox === true,
    busy: async (_accountId, from, to) =>
      (await client.tasks(from, to).catch(failed)).map((task) => ({ start: task.start, end: task.end })),
    async book(request) {
      const name = request.name || 'Caller';
      const phone = request.contactAddress?.startsWith('+') ? request.contactAddress : null;
      const ids = await (async () => {
        const contact = await client.createContact({ displayName: name, phone });
        const job = await client.createJob({
          name: `${request.purpose || 'Appointment'}: ${name}`,
          contactJnid: contact.jnid,
        });
        const task = await client.createTask({
          title: `${request.purpose || 'Appointment'}: ${name}${phone ? ` (${phone})` : ''}`,
          start: request.start,
          end: request.end,
          relatedJnid: job.jnid,
        });
        return { contactJnid: contact.jnid, jobJnid: job.jnid, taskJnid: task.jnid };
      })().catch(failed);
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
          provider: 'jobnimbus',
          sandbox: connection.settings.sandbox === true,
          connectionAccountId: connection.accountId,
          ...ids,
        },
      });
      await markConnectionWorking(deps.db, connection);
      return { id: String(row.id) };
    },
  };
}
