import { randomBytes } from 'node:crypto';
import {
  GoogleCalendarError,
  type GoogleCalendarApi,
  type GoogleCalendarEntry,
  type GoogleEventInput,
  type GoogleTokens,
} from './google';

export interface SandboxGoogleEvent extends GoogleEventInput {
  id: string;
  calendarId: string;
}

interface Grant {
  id: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  revoked: boolean;
  events: SandboxGoogleEvent[];
}

const hourMs = 3_600_000;

/** The calendars every sandbox Google account has: its own, a shared one it can write to, and a read-only one. */
export const sandboxGoogleCalendars: GoogleCalendarEntry[] = [
  {
    id: 'sandbox.owner@gmail.sandbox',
    summary: 'Sandbox calendar',
    primary: true,
    accessRole: 'owner',
    timeZone: 'America/New_York',
  },
  {
    id: 'team-bookings@group.calendar.sandbox',
    summary: 'Team bookings',
    primary: false,
    accessRole: 'writer',
    timeZone: 'America/New_York',
  },
  {
    id: 'en.usa#holiday@group.v.calendar.sandbox',
    summary: 'Holidays in United States',
    primary: false,
    accessRole: 'reader',
    timeZone: 'America/New_York',
  },
];

/**
 * The offline stand-in for Google Calendar (development and e2e; closed in production): a consent page of the app
 * (/app/dev/google/consent) grants a code, codes are exchanged for tokens that expire after an hour and are
 * refreshed, and events inserted land in the grant's calendars, where free/busy reads them. Kept in memory, like
 * the other sandboxes.
 */
export class SandboxGoogleCalendar implements GoogleCalendarApi {
  readonly sandbox = true;
  private readonly codes = new Map<string, { state: string; grantId: string }>();
  private readonly grants = new Map<string, Grant>();

  constructor(
    private readonly publicUrl: string,
    private readonly redirectUri: string,
    private readonly now: () => number = Date.now,
  ) {}

  consentUrl(state: string): string {
    const query = new URLSearchParams({ state, redirect_uri: this.redirectUri });
    return `${this.publicUrl}/app/dev/google/consent?${query.toString()}`;
  }

  /** The consent page's "Allow": a single-use code for a new grant, as Google sends to the redirect page. */
  authorize(state: string): { redirectUrl: string } {
    const code = `sbx_code_${randomBytes(12).toString('hex')}`;
    const grantId = randomBytes(8).toString('hex');
    this.grants.set(grantId, {
      id: grantId,
      accessToken: '',
      refreshToken: `sbx_rt_${grantId}_${randomBytes(12).toString('hex')}`,
      expiresAt: 0,
      revoked: false,
      events: [],
    });
    this.codes.set(code, { state, grantId });
    return { redirectUrl: `${this.redirectUri}?${new URLSearchParams({ code, state }).toString()}` };
  }

  /** The consent page's "Cancel": back to the redirect page with Google's access_denied. */
  deny(state: string): { redirectUrl: string } {
    return {
      redirectUrl: `${this.redirectUri}?${new URLSearchParams({ error: 'access_denied', state }).toString()}`,
    };
  }

  /** Events of the grant behind the tokens (what the stand-in's calendars hold). */
  eventsOf(tokens: GoogleTokens): SandboxGoogleEvent[] {
    return [...(this.grantOf(tokens)?.events ?? [])];
  }

  /** Revokes a grant as a person does in their Google account settings. */
  revokeGrant(tokens: GoogleTokens): void {
    const grant = this.grantOf(tokens);
    if (grant) grant.revoked = true;
  }

  exchangeCode(code: string): Promise<GoogleTokens> {
    const issued = this.codes.get(code);
    this.codes.delete(code);
    const grant = issued ? this.grants.get(issued.grantId) : undefined;
    if (!grant) return Promise.reject(new GoogleCalendarError(400, 'Malformed auth code. (400)', true));
    return Promise.resolve(this.issue(grant));
  }

  session(tokens: GoogleTokens, onTokens: (tokens: GoogleTokens) => void) {
    let current = { ...tokens };
    const authorized = (): Grant => {
      const grant = this.grantOf(current);
      if (!grant || grant.revoked) {
        throw new GoogleCalendarError(400, 'Token has been expired or revoked. (400)', true);
      }
      if ((current.expiry_date ?? 0) <= this.now()) {
        current = this.issue(grant);
        onTokens(current);
      }
      return grant;
    };
    const calendarOf = (id: string) => {
      const entry = sandboxGoogleCalendars.find((candidate) => candidate.id === id);
      if (!entry) throw new GoogleCalendarError(404, 'Not Found (404)', false);
      return entry;
    };
    const run = <T>(work: () => T): Promise<T> => {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    return {
      calendars: () => run(() => (authorized(), sandboxGoogleCalendars.map((entry) => ({ ...entry })))),
      freeBusy: (calendarIds: readonly string[], from: Date, to: Date) =>
        run(() => {
          const grant = authorized();
          calendarIds.forEach(calendarOf);
          return grant.events
            .filter((event) => calendarIds.includes(event.calendarId) && event.start < to && event.end > from)
            .map((event) => ({ start: event.start, end: event.end }));
        }),
      insertEvent: (calendarId: string, event: GoogleEventInput) =>
        run(() => {
          const grant = authorized();
          const entry = calendarOf(calendarId);
          if (entry.accessRole !== 'owner' && entry.accessRole !== 'writer') {
            throw new GoogleCalendarError(
              403,
              'You need to have writer access to this calendar. (403)',
              false,
            );
          }
          const id = `sbx${randomBytes(10).toString('hex')}`;
          grant.events.push({ ...event, id, calendarId });
          return { id, htmlLink: null };
        }),
      deleteEvent: (calendarId: string, eventId: string) =>
        run(() => {
          const grant = authorized();
          const index = grant.events.findIndex(
            (event) => event.id === eventId && event.calendarId === calendarId,
          );
          if (index < 0) throw new GoogleCalendarError(410, 'Resource has been deleted (410)', false);
          grant.events.splice(index, 1);
        }),
      revoke: () =>
        run(() => {
          const grant = this.grantOf(current);
          if (grant) grant.revoked = true;
        }),
    };
  }

  private issue(grant: Grant): GoogleTokens {
    grant.accessToken = `sbx_at_${grant.id}_${randomBytes(12).toString('hex')}`;
    grant.expiresAt = this.now() + hourMs;
    return {
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      expiry_date: grant.expiresAt,
      token_type: 'Bearer',
    };
  }

  private grantOf(tokens: GoogleTokens): Grant | undefined {
    for (const grant of this.grants.values()) {
      if (tokens.refresh_token === grant.refreshToken) return grant;
    }
    return undefined;
  }
}
