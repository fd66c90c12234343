import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { calendarConnectionsSchema, calendlyInputSchema } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import { CalendlyError, createCalendlyClient, type CalendlyClient } from '../../providers/calendar/calendly';
import {
  closedSandboxCalendlyClient,
  isSandboxCalendlyToken,
  SandboxCalendly,
} from '../../providers/calendar/calendly-sandbox';
import type { CalendarConfig } from '../../providers/calendar/config';
import {
  deleteConnection,
  findConnection,
  organizationOf,
  upsertConnection,
  type CalendarConnection,
} from './calendar-connections.repo';
import { bookingScheduleFor, defaultSchedule } from './schedule.service';

export interface CalendarDeps {
  db: Db;
  secrets: SecretBox;
  calendar: CalendarConfig;
  publicUrl: string;
  /** Sandbox stand-ins (Google Calendar's, JobNimbus's, Calendly's) may be used: always outside production. */
  sandboxOpen: boolean;
  logger?: FastifyBaseLogger;
}

/** What a Calendly connection keeps besides the sealed token. */
export interface CalendlySettings {
  userUri: string;
  userName: string;
  email: string;
  schedulingUrl: string;
  organizationUri: string;
  eventTypes: { uri: string; name: string; durationMinutes: number; schedulingUrl: string }[];
  eventTypeUri: string;
  /** The key in our webhook address, and the subscription Calendly made (null where its plan has none). */
  hook: string;
  webhookUri: string | null;
  sealedSigningKey: string | null;
  /** Connected with a `cal_sandbox_…` token to the offline stand-in (decisions/056). */
  sandbox?: boolean;
}

type ConnectionsView = z.output<typeof calendarConnectionsSchema>;

// One stand-in per database: the routes and the agents' bookings of one server share its accounts.
const sandboxes = new WeakMap<object, SandboxCalendly>();

/** The offline stand-in, where CALENDLY_API_URL is unset and sandboxes are open (never in production). */
export function sandboxCalendlyFor(
  deps: Pick<CalendarDeps, 'db' | 'calendar' | 'sandboxOpen'>,
): SandboxCalendly | null {
  if (!deps.calendar.calendlyUnset || !deps.sandboxOpen) return null;
  let sandbox = sandboxes.get(deps.db);
  if (!sandbox) {
    sandbox = new SandboxCalendly();
    sandboxes.set(deps.db, sandbox);
  }
  return sandbox;
}

/** The schedule the account books within (its own, else its organization's): the stand-in's user keeps it. */
export async function calendlyScheduleOf(deps: Pick<CalendarDeps, 'db'>, accountId: number) {
  const organizationId = await organizationOf(deps.db, accountId);
  return (await bookingScheduleFor(deps.db, accountId, organizationId)) ?? defaultSchedule();
}

/**
 * Calendly for a token: a sandbox token (`cal_sandbox_…`) reaches the stand-in where it is open and is refused
 * without a request where it is not; any other token reaches Calendly's API.
 */
export function calendlyClientFor(
  deps: Pick<CalendarDeps, 'db' | 'calendar' | 'sandboxOpen'>,
  token: string,
  accountId: number,
): CalendlyClient {
  if (isSandboxCalendlyToken(token)) {
    const sandbox = sandboxCalendlyFor(deps);
    return sandbox
      ? sandbox.client(token, () => calendlyScheduleOf(deps, accountId))
      : closedSandboxCalendlyClient();
  }
  return createCalendlyClient({ baseUrl: deps.calendar.calendlyApiUrl, token });
}

export function settingsOf(connection: CalendarConnection): CalendlySettings {
  return connection.settings as unknown as CalendlySettings;
}

export async function calendarConnections(deps: CalendarDeps, accountId: number): Promise<ConnectionsView> {
  const connection = await findConnection(deps.db, accountId, 'calendly');
  const google = await findConnection(deps.db, accountId, 'google');
  const settings = connection ? settingsOf(connection) : null;
  const googleSettings = google
    ? (google.settings as { sandbox?: boolean; mainCalendar?: string | null })
    : null;
  const jobNimbus = await findConnection(deps.db, accountId, 'jobnimbus');
  // Bookings go to the calendar connected last (calendar-connections.repo.ts findConnectionFor).
  const newest = [connection, google, jobNimbus]
    .filter((row): row is CalendarConnection => row !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)[0];
  const active = newest?.provider ?? 'sandbox';
  return {
    success: true,
    active,
    sandbox: active === 'sandbox',
    calendly: {
      connected: connection !== null,
      state: connection?.status ?? 'disconnected',
      userName: settings?.userName ?? null,
      email: settings?.email ?? null,
      schedulingUrl: settings?.schedulingUrl ?? null,
      eventTypes: settings?.eventTypes ?? [],
      eventTypeUri: settings?.eventTypeUri ?? null,
      lastError: connection?.lastError ?? null,
      sandbox: settings?.sandbox === true,
      sandboxAvailable: sandboxCalendlyFor(deps) !== null,
    },
    google: {
      connected: google !== null,
      state: google?.status ?? 'disconnected',
      sandbox: googleSettings ? googleSettings.sandbox === true : deps.calendar.google === null,
      available: deps.calendar.google !== null || deps.sandboxOpen,
      mainCalendar: googleSettings?.mainCalendar ?? null,
      mainCalendarName: (google?.settings.mainCalendarName as string | null | undefined) ?? null,
      lastError: google?.lastError ?? null,
    },
    jobnimbus: {
      connected: jobNimbus !== null,
      state: jobNimbus?.status ?? 'disconnected',
      sandbox: jobNimbus
        ? jobNimbus.settings.sandbox === true
        : deps.calendar.jobNimbusUnset && deps.sandboxOpen,
      lastError: jobNimbus?.lastError ?? null,
    },
  };
}

function refused(error: unknown): never {
  if (error instanceof CalendlyError && (error.status === 401 || error.status === 403)) {
    throw new AppError('VALIDATION_FAILED', `body.userPAT: Calendly refused the token (${error.message})`);
  }
  if (error instanceof CalendlyError) {
    throw new AppError('UNAVAILABLE', `Calendly could not check the token: ${error.message}`);
  }
  throw error;
}

/**
 * Connects Calendly: the token is checked against Calendly (the user, their event types) before anything is
 * stored, then kept sealed. A webhook subscription is made where the plan allows, so cancellations reach us.
 */
export async function connectCalendly(
  deps: CalendarDeps,
  accountId: number,
  input: z.output<typeof calendlyInputSchema>,
): Promise<ConnectionsView> {
  const previous = await findConnection(deps.db, accountId, 'calendly');
  // Without a token the connected one is used again (choosing another event type needs no pasting).
  const userPAT = input.userPAT ?? (previous ? deps.secrets.open(previous.sealedCredential) : null);
  if (userPAT === null) {
    throw new AppError('VALIDATION_FAILED', 'body.userPAT: is required while Calendly is not connected');
  }
  if (isSandboxCalendlyToken(userPAT) && !sandboxCalendlyFor(deps)) {
    throw new AppError(
      'VALIDATION_FAILED',
      deps.sandboxOpen
        ? 'body.userPAT: is a sandbox token (cal_sandbox_…), but this server reaches Calendly at CALENDLY_API_URL; use a Calendly personal access token'
        : 'body.userPAT: is a sandbox token (cal_sandbox_…), which production does not accept; use a Calendly personal access token',
    );
  }
  const client = calendlyClientFor(deps, userPAT, accountId);
  const user = await client.currentUser().catch(refused);
  const eventTypes = (await client.eventTypes(user.uri).catch(refused)).filter((type) => type.active);
  const chosen = input.eventTypeUri
    ? eventTypes.find((type) => type.uri === input.eventTypeUri)
    : eventTypes[0];
  if (!chosen) {
    throw new AppError(
      'VALIDATION_FAILED',
      input.eventTypeUri
        ? 'body.eventTypeUri: is not an active event type of this Calendly user'
        : 'body.userPAT: this Calendly user has no active event type to offer',
    );
  }
  // The subscription made for the same Calendly user is kept; another user (a new token) gets its own.
  const previousSettings =
    previous && settingsOf(previous).userUri === user.uri ? settingsOf(previous) : null;
  const hook = previousSettings?.hook ?? randomBytes(18).toString('base64url');
  let webhookUri = previousSettings?.webhookUri ?? null;
  let sealedSigningKey = previousSettings?.sealedSigningKey ?? null;
  if (!webhookUri) {
    const signingKey = randomBytes(32).toString('hex');
    webhookUri = await client
      .createWebhookSubscription({
        url: `${deps.publicUrl}/api/v1/calendly/webhook/${hook}`,
        organizationUri: user.organizationUri,
        userUri: user.uri,
        signingKey,
      })
      .catch((error: unknown) => {
        // Webhooks need a paid Calendly plan; bookings still work without them.
        deps.logger?.warn({ err: error, accountId }, 'Calendly webhook subscription not made');
        return null;
      });
    sealedSigningKey = webhookUri ? deps.secrets.seal(signingKey) : null;
  }
  const settings: CalendlySettings = {
    userUri: user.uri,
    userName: user.name,
    email: user.email,
    schedulingUrl: user.schedulingUrl,
    organizationUri: user.organizationUri,
    eventTypes: eventTypes.map(({ uri, name, durationMinutes, schedulingUrl }) => ({
      uri,
      name,
      durationMinutes,
      schedulingUrl,
    })),
    eventTypeUri: chosen.uri,
    hook,
    webhookUri,
    sealedSigningKey,
    sandbox: isSandboxCalendlyToken(userPAT),
  };
  await upsertConnection(deps.db, {
    accountId,
    provider: 'calendly',
    sealedCredential: deps.secrets.seal(userPAT),
    settings: settings as unknown as Record<string, unknown>,
  });
  return calendarConnections(deps, accountId);
}

/** Disconnects Calendly (its webhook subscription removed where Calendly still takes the token). */
export async function disconnectCalendly(deps: CalendarDeps, accountId: number) {
  const connection = await findConnection(deps.db, accountId, 'calendly');
  if (!connection) throw new AppError('NOT_FOUND', 'Calendly is not connected');
  const settings = settingsOf(connection);
  if (settings.webhookUri) {
    const client = calendlyClientFor(deps, deps.secrets.open(connection.sealedCredential), accountId);
    await client.deleteWebhookSubscription(settings.webhookUri).catch((error: unknown) => {
      deps.logger?.warn({ err: error, accountId }, 'Calendly webhook subscription not removed');
    });
  }
  await deleteConnection(deps.db, connection.id);
  return { success: true as const };
}
