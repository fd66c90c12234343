import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { calendarConnectionsSchema, calendlyInputSchema } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import { CalendlyError, createCalendlyClient, type CalendlyClient } from '../../providers/calendar/calendly';
import type { CalendarConfig } from '../../providers/calendar/config';
import {
  deleteConnection,
  findConnection,
  upsertConnection,
  type CalendarConnection,
} from './calendar-connections.repo';

export interface CalendarDeps {
  db: Db;
  secrets: SecretBox;
  calendar: CalendarConfig;
  publicUrl: string;
  /** Sandbox stand-ins (Google Calendar's) may be used: always outside production. */
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
}

type ConnectionsView = z.output<typeof calendarConnectionsSchema>;

export function calendlyClientFor(deps: Pick<CalendarDeps, 'calendar'>, token: string): CalendlyClient {
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
  const client = calendlyClientFor(deps, input.userPAT);
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
  const previous = await findConnection(deps.db, accountId, 'calendly');
  const previousSettings = previous ? settingsOf(previous) : null;
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
  };
  await upsertConnection(deps.db, {
    accountId,
    provider: 'calendly',
    sealedCredential: deps.secrets.seal(input.userPAT),
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
    const client = calendlyClientFor(deps, deps.secrets.open(connection.sealedCredential));
    await client.deleteWebhookSubscription(settings.webhookUri).catch((error: unknown) => {
      deps.logger?.warn({ err: error, accountId }, 'Calendly webhook subscription not removed');
    });
  }
  await deleteConnection(deps.db, connection.id);
  return { success: true as const };
}
