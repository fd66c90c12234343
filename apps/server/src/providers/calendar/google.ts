import { auth, calendar } from 'googleapis/build/src/apis/calendar';

/**
 * Google Calendar API v3 through Google's official client (googleapis with google-auth-library's OAuth2Client):
 * OAuth 2 consent and code exchange, calendarList, freeBusy, events.insert and events.delete, token revocation.
 * The access token is refreshed by the client when it expires; the new tokens are handed to `onTokens`.
 */

export interface GoogleTokens {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
  scope?: string;
  token_type?: string | null;
}

export interface GoogleCalendarEntry {
  id: string;
  summary: string;
  primary: boolean;
  /** owner, writer, reader or freeBusyReader: events can be inserted only with owner or writer. */
  accessRole: string;
  timeZone: string | null;
}

export interface GoogleEventInput {
  summary: string;
  description: string;
  start: Date;
  end: Date;
  /** The IANA zone the event shows in (the agent's). */
  timeZone: string;
}

/** Google refused or could not be reached; `revoked` when the consent no longer holds (invalid_grant, 401). */
export class GoogleCalendarError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly revoked: boolean,
  ) {
    super(message);
    this.name = 'GoogleCalendarError';
  }
}

export interface GoogleSession {
  calendars(): Promise<GoogleCalendarEntry[]>;
  /** Busy intervals of each calendar within [from, to). */
  freeBusy(calendarIds: readonly string[], from: Date, to: Date): Promise<{ start: Date; end: Date }[]>;
  insertEvent(calendarId: string, event: GoogleEventInput): Promise<{ id: string; htmlLink: string | null }>;
  deleteEvent(calendarId: string, eventId: string): Promise<void>;
  /** Revokes the grant at Google (the refresh token, else the access token). */
  revoke(): Promise<void>;
}

export interface GoogleCalendarApi {
  /** True for the offline stand-in. */
  readonly sandbox: boolean;
  /** Google's consent page for the calendar scopes, coming back to `redirectUri` with `code` and `state`. */
  consentUrl(state: string): string;
  exchangeCode(code: string): Promise<GoogleTokens>;
  session(tokens: GoogleTokens, onTokens: (tokens: GoogleTokens) => void): GoogleSession;
}

export const googleCalendarScopes = [
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.freebusy',
  'https://www.googleapis.com/auth/calendar.events',
];

export interface GoogleApiOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The API's root (https://www.googleapis.com/); tests point it at the fake. */
  apiUrl: string;
  /** Where the token and revoke endpoints live when not Google's own (tests). */
  oauthUrl: string | null;
}

function asError(error: unknown): GoogleCalendarError {
  if (error instanceof GoogleCalendarError) return error;
  const failure = error as {
    status?: number;
    response?: { status?: number; data?: { error?: unknown; error_description?: unknown } };
    message?: string;
  };
  const status = failure.response?.status ?? failure.status ?? 0;
  const data = failure.response?.data;
  const code = typeof data?.error === 'string' ? data.error : null;
  const nested =
    data?.error && typeof data.error === 'object' ? (data.error as { message?: unknown }).message : undefined;
  const detail =
    (typeof data?.error_description === 'string' ? data.error_description : null) ??
    (typeof nested === 'string' ? nested : null) ??
    code ??
    failure.message ??
    'unknown error';
  const revoked = code === 'invalid_grant' || status === 401;
  const message = status === 0 ? `Google could not be reached (${detail})` : `${detail} (${status})`;
  return new GoogleCalendarError(status, message, revoked);
}

const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw asError(error);
  }
};

export function createGoogleCalendarApi(options: GoogleApiOptions): GoogleCalendarApi {
  const oauthBase = options.oauthUrl?.replace(/\/+$/, '') ?? null;
  const client = () =>
    new auth.OAuth2({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      // A token Google refuses before its expiry_date (revoked early, clocks apart) is refreshed once too.
      forceRefreshOnFailure: true,
      ...(oauthBase
        ? {
            endpoints: {
              oauth2TokenUrl: `${oauthBase}/token`,
              oauth2RevokeUrl: `${oauthBase}/revoke`,
              oauth2AuthBaseUrl: `${oauthBase}/o/oauth2/v2/auth`,
            },
          }
        : {}),
    });
  const rootUrl = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;

  return {
    sandbox: false,
    consentUrl: (state) =>
      client().generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: true,
        scope: googleCalendarScopes,
        state,
      }),
    exchangeCode: (code) => guarded(async () => (await client().getToken(code)).tokens),
    session(tokens, onTokens) {
      const oauth = client();
      oauth.setCredentials(tokens);
      oauth.on('tokens', (fresh) =>
        onTokens({ ...fresh, refresh_token: fresh.refresh_token ?? tokens.refresh_token }),
      );
      const api = calendar({ version: 'v3', auth: oauth, rootUrl, retry: false });
      return {
        calendars: () =>
          guarded(async () => {
            const entries: GoogleCalendarEntry[] = [];
            let pageToken: string | undefined;
            do {
              const page = await api.calendarList.list({
                maxResults: 250,
                ...(pageToken ? { pageToken } : {}),
              });
              for (const item of page.data.items ?? []) {
                if (!item.id) continue;
                entries.push({
                  id: item.id,
                  summary: item.summaryOverride ?? item.summary ?? item.id,
                  primary: item.primary === true,
                  accessRole: item.accessRole ?? 'reader',
                  timeZone: item.timeZone ?? null,
                });
              }
              pageToken = page.data.nextPageToken ?? undefined;
            } while (pageToken);
            return entries;
          }),
        freeBusy: (calendarIds, from, to) =>
          guarded(async () => {
            const answer = await api.freebusy.query({
              requestBody: {
                timeMin: from.toISOString(),
                timeMax: to.toISOString(),
                items: calendarIds.map((id) => ({ id })),
              },
            });
            const busy: { start: Date; end: Date }[] = [];
            for (const [id, entry] of Object.entries(answer.data.calendars ?? {})) {
              const reason = entry.errors?.[0]?.reason;
              if (reason) throw new GoogleCalendarError(404, `Calendar ${id}: ${reason}`, false);
              for (const slot of entry.busy ?? []) {
                if (slot.start && slot.end)
                  busy.push({ start: new Date(slot.start), end: new Date(slot.end) });
              }
            }
            return busy;
          }),
        insertEvent: (calendarId, event) =>
          guarded(async () => {
            const answer = await api.events.insert({
              calendarId,
              sendUpdates: 'none',
              requestBody: {
                summary: event.summary,
                description: event.description,
                start: { dateTime: event.start.toISOString(), timeZone: event.timeZone },
                end: { dateTime: event.end.toISOString(), timeZone: event.timeZone },
              },
            });
            if (!answer.data.id) throw new GoogleCalendarError(502, 'Google made no event id', false);
            return { id: answer.data.id, htmlLink: answer.data.htmlLink ?? null };
          }),
        deleteEvent: (calendarId, eventId) =>
          guarded(async () => {
            await api.events.delete({ calendarId, eventId, sendUpdates: 'none' });
          }),
        revoke: () =>
          guarded(async () => {
            const token = tokens.refresh_token ?? tokens.access_token;
            if (token) await oauth.revokeToken(token);
          }),
      };
    },
  };
}
