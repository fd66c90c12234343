import type { z } from 'zod';
import type { googleCalendarSchema } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import {
  createGoogleCalendarApi,
  GoogleCalendarError,
  type GoogleCalendarApi,
  type GoogleSession,
  type GoogleTokens,
} from '../../providers/calendar/google';
import { SandboxGoogleCalendar } from '../../providers/calendar/google-sandbox';
import {
  deleteConnection,
  findConnection,
  markConnection,
  updateConnectionCredential,
  upsertConnection,
  type CalendarConnection,
} from './calendar-connections.repo';
import type { CalendarDeps } from './calendly.service';

/** What a Google connection keeps besides the sealed tokens. */
export interface GoogleSettings {
  sandbox: boolean;
  mainCalendar: string | null;
  mainCalendarName: string | null;
  checked: string[];
}

/** Where Google sends the person back with the code: a page of the app that completes the exchange. */
export const googleCallbackPath = '/app/google/callback';

const stateTtlMs = 30 * 60_000;
// One stand-in per database: the routes and the agents' bookings of one server share its grants.
const sandboxes = new WeakMap<object, SandboxGoogleCalendar>();

/** Google Calendar through the platform's OAuth client, else (outside production) its offline stand-in. */
export function googleApiFor(deps: CalendarDeps): GoogleCalendarApi | null {
  const redirectUri = `${deps.publicUrl}${googleCallbackPath}`;
  const google = deps.calendar.google;
  if (google) {
    return createGoogleCalendarApi({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri,
      apiUrl: google.apiUrl,
      oauthUrl: google.oauthUrl,
    });
  }
  if (!deps.sandboxOpen) return null;
  let sandbox = sandboxes.get(deps.db);
  if (!sandbox) {
    sandbox = new SandboxGoogleCalendar(deps.publicUrl, redirectUri);
    sandboxes.set(deps.db, sandbox);
  }
  return sandbox;
}

export function sandboxGoogleFor(deps: CalendarDeps): SandboxGoogleCalendar {
  const api = googleApiFor(deps);
  if (!(api instanceof SandboxGoogleCalendar)) {
    throw new AppError('NOT_FOUND', 'This server reaches Google itself; there is no sandbox Google here');
  }
  return api;
}

function requireApi(deps: CalendarDeps): GoogleCalendarApi {
  const api = googleApiFor(deps);
  if (!api) {
    throw new AppError(
      'BAD_REQUEST',
      'Google Calendar is not set up on this server (no Google OAuth client)',
    );
  }
  return api;
}

export function googleSettingsOf(connection: CalendarConnection): GoogleSettings {
  return connection.settings as unknown as GoogleSettings;
}

/** A session on the connection's tokens; refreshed tokens are sealed back into the connection. */
export function googleSessionOf(deps: CalendarDeps, connection: CalendarConnection): GoogleSession {
  const api = requireApi(deps);
  const tokens = JSON.parse(deps.secrets.open(connection.sealedCredential)) as GoogleTokens;
  return api.session(tokens, (fresh) => {
    updateConnectionCredential(deps.db, connection.id, deps.secrets.seal(JSON.stringify(fresh))).catch(
      (error: unknown) => deps.logger?.error({ err: error }, 'refreshed Google tokens not stored'),
    );
  });
}

/** Marks the connection revoked or failing with Google's reason; the error goes on. */
export async function googleFailed(
  deps: CalendarDeps,
  connection: CalendarConnection,
  error: unknown,
): Promise<never> {
  if (error instanceof GoogleCalendarError) {
    await markConnection(
      deps.db,
      connection.id,
      error.revoked ? 'revoked' : 'failing',
      error.revoked ? `Google refused the stored consent: ${error.message}` : error.message,
    );
    deps.logger?.error(
      { err: error, accountId: connection.accountId, provider: 'google' },
      error.revoked ? 'Google consent revoked' : 'Google Calendar failed',
    );
  }
  throw error;
}

function refusedByGoogle(error: unknown): never {
  if (error instanceof GoogleCalendarError && error.status !== 0 && error.status < 500) {
    throw new AppError('VALIDATION_FAILED', `body.code: Google refused the consent (${error.message})`);
  }
  if (error instanceof GoogleCalendarError) {
    throw new AppError('UNAVAILABLE', `Google could not be reached: ${error.message}`);
  }
  throw error;
}

export function startGoogleConsent(
  deps: CalendarDeps,
  accountId: number,
  userId: number,
  returnTo: string | undefined,
): { success: true; url: string; sandbox: boolean } {
  const api = requireApi(deps);
  const sealed = deps.secrets.seal(
    JSON.stringify({ accountId, userId, returnTo: returnTo ?? null, expiresAt: Date.now() + stateTtlMs }),
  );
  // The account id travels in the clear too, so the page coming back can act for the same account.
  return { success: true, url: api.consentUrl(`${accountId}.${sealed}`), sandbox: api.sandbox };
}

/** Exchanges Google's code for tokens (kept sealed) and picks the primary calendar as the main one. */
export async function completeGoogleConsent(
  deps: CalendarDeps,
  accountId: number,
  userId: number,
  input: { code: string; state: string },
): Promise<{ returnTo: string | null }> {
  const api = requireApi(deps);
  let state: { accountId: number; userId: number; returnTo: string | null; expiresAt: number };
  try {
    const sealed = input.state.slice(input.state.indexOf('.') + 1);
    state = JSON.parse(deps.secrets.open(sealed)) as typeof state;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'body.state: is not a consent this server started');
  }
  if (typeof state.accountId !== 'number' || state.accountId !== accountId || state.userId !== userId) {
    throw new AppError('VALIDATION_FAILED', 'body.state: was started for another account or person');
  }
  if (state.expiresAt < Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'body.state: the consent took too long; connect again');
  }
  const tokens = await api.exchangeCode(input.code).catch(refusedByGoogle);
  const session = api.session(tokens, () => undefined);
  const calendars = await session.calendars().catch(refusedByGoogle);
  const primary = calendars.find((entry) => entry.primary) ?? null;
  const writable = primary && ['owner', 'writer'].includes(primary.accessRole) ? primary : null;
  const settings: GoogleSettings = {
    sandbox: api.sandbox,
    mainCalendar: writable?.id ?? null,
    mainCalendarName: writable?.summary ?? null,
    checked: [],
  };
  await upsertConnection(deps.db, {
    accountId,
    provider: 'google',
    sealedCredential: deps.secrets.seal(JSON.stringify(tokens)),
    settings: settings as unknown as Record<string, unknown>,
  });
  return { returnTo: state.returnTo };
}

async function connected(deps: CalendarDeps, accountId: number): Promise<CalendarConnection> {
  const connection = await findConnection(deps.db, accountId, 'google');
  if (!connection) throw new AppError('NOT_FOUND', 'Google Calendar is not connected');
  return connection;
}

type CalendarView = z.output<typeof googleCalendarSchema>;

export async function listGoogleCalendars(deps: CalendarDeps, accountId: number): Promise<CalendarView[]> {
  const connection = await connected(deps, accountId);
  const settings = googleSettingsOf(connection);
  const calendars = await googleSessionOf(deps, connection)
    .calendars()
    .catch((error: unknown) => googleFailed(deps, connection, error))
    .catch((error: unknown) => {
      if (!(error instanceof GoogleCalendarError)) throw error;
      throw new AppError('UNAVAILABLE', `Google Calendar answered: ${error.message}`);
    });
  return calendars.map((entry) => ({
    id: entry.id,
    summary: entry.summary,
    primary: entry.primary,
    accessRole: entry.accessRole,
    writable: entry.accessRole === 'owner' || entry.accessRole === 'writer',
    main: entry.id === settings.mainCalendar,
    checked: entry.id === settings.mainCalendar || settings.checked.includes(entry.id),
  }));
}

export async function getGoogleMainCalendar(deps: CalendarDeps, accountId: number) {
  const settings = googleSettingsOf(await connected(deps, accountId));
  return { success: true as const, calendar: settings.mainCalendar, checked: settings.checked };
}

export async function setGoogleMainCalendar(
  deps: CalendarDeps,
  accountId: number,
  input: { calendar: string; checked?: string[] | undefined },
) {
  const connection = await connected(deps, accountId);
  const calendars = await listGoogleCalendars(deps, accountId);
  const main = calendars.find((entry) => entry.id === input.calendar);
  if (!main)
    throw new AppError(
      'VALIDATION_FAILED',
      `body.calendar: ${input.calendar} is not a calendar of this account`,
    );
  if (!main.writable) {
    throw new AppError(
      'VALIDATION_FAILED',
      `body.calendar: "${main.summary}" cannot take bookings: the Google account can only read it (${main.accessRole})`,
    );
  }
  const checked = [...new Set(input.checked ?? googleSettingsOf(connection).checked)].filter(
    (id) => id !== main.id,
  );
  checked.forEach((id, index) => {
    if (!calendars.some((entry) => entry.id === id)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.checked.${index}: ${id} is not a calendar of this account`,
      );
    }
  });
  const settings: GoogleSettings = {
    ...googleSettingsOf(connection),
    mainCalendar: main.id,
    mainCalendarName: main.summary,
    checked,
  };
  await upsertConnection(deps.db, {
    accountId,
    provider: 'google',
    sealedCredential: connection.sealedCredential,
    settings: settings as unknown as Record<string, unknown>,
  });
  return { success: true as const, calendar: main.id, checked };
}

/** Revokes the grant at Google (a refusal there is logged: the grant may already be gone) and forgets it. */
export async function disconnectGoogle(deps: CalendarDeps, accountId: number) {
  const connection = await connected(deps, accountId);
  await googleSessionOf(deps, connection)
    .revoke()
    .catch((error: unknown) => deps.logger?.warn({ err: error, accountId }, 'Google grant not revoked'));
  await deleteConnection(deps.db, connection.id);
  return { success: true as const };
}
