import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleCalendar {
  id: string;
  summary: string;
  primary?: boolean;
  accessRole: 'owner' | 'writer' | 'reader' | 'freeBusyReader';
  timeZone: string;
}

export interface FakeGoogleEvent {
  id: string;
  calendarId: string;
  summary: string;
  description: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  status: 'confirmed' | 'cancelled';
}

export interface FakeGoogleCalendarServer {
  /** The API root (GOOGLE_API_URL) and the OAuth endpoints' base (GOOGLE_OAUTH_URL): one server serves both. */
  url: string;
  clientId: string;
  clientSecret: string;
  calendars: FakeGoogleCalendar[];
  events: FakeGoogleEvent[];
  requests: { method: string; path: string; body: unknown }[];
  /** A code Google would send to the redirect page after consent. */
  issueCode(): string;
  /** Every access token issued so far expires now (the next call needs a refresh). */
  expireAccessTokens(): void;
  /** The person revoked the grant in their Google account: refresh and every token are refused. */
  revokeAll(): void;
  /** Busy time in a calendar from outside our bookings. */
  addBusy(calendarId: string, start: Date, end: Date): void;
  /**
   * The Calendar API answers `status` (a 5xx: an outage) to every call, or to those whose `METHOD /path` starts
   * with `request` (e.g. 'POST /calendar/v3/calendars/'), until cleared with null.
   */
  failWith(status: number | null, request?: string): void;
  close(): Promise<void>;
}

interface Grant {
  refreshToken: string;
  revoked: boolean;
}

const apiError = (code: number, message: string, reason: string) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }] },
});

/**
 * Google's OAuth token endpoint (code exchange and refresh, `invalid_grant` once revoked), its revoke endpoint, and
 * Calendar API v3's calendarList, freeBusy, events.insert and events.delete, on loopback. Access tokens last an
 * hour unless expired on purpose; calls without a live one are 401 as Google answers them.
 */
export async function startFakeGoogleCalendarServer(): Promise<FakeGoogleCalendarServer> {
  const clientId = 'fake-client.apps.googleusercontent.com';
  const clientSecret = `fake-secret-${randomBytes(6).toString('hex')}`;
  const codes = new Set<string>();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const busy: { calendarId: string; start: Date; end: Date }[] = [];
  const calendars: FakeGoogleCalendar[] = [
    {
      id: 'dana@clinic.example',
      summary: 'Dana Clinic',
      primary: true,
      accessRole: 'owner',
      timeZone: 'America/New_York',
    },
    {
      id: 'team@group.calendar.google.com',
      summary: 'Team',
      accessRole: 'writer',
      timeZone: 'America/New_York',
    },
    {
      id: 'en.usa#holiday@group.v.calendar.google.com',
      summary: 'Holidays in United States',
      accessRole: 'reader',
      timeZone: 'America/New_York',
    },
  ];
  const events: FakeGoogleEvent[] = [];
  const requests: FakeGoogleCalendarServer['requests'] = [];
  let outage: { status: number; request: string } | null = null;

  const issue = (grant: Grant) => {
    const token = `ya29.fake-${randomBytes(10).toString('hex')}`;
    accessTokens.set(token, { grant, expiresAt: Date.now() + 3_600_000 });
    return {
      access_token: token,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'https://www.googleapis.com/auth/calendar.events',
    };
  };

  const tokenEndpoint = (form: URLSearchParams): [number, unknown] => {
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return [401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' }];
    }
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.delete(code))
        return [400, { error: 'invalid_grant', error_description: 'Malformed auth code.' }];
      const grant: Grant = { refreshToken: `1//fake-${randomBytes(10).toString('hex')}`, revoked: false };
      grants.push(grant);
      return [200, { ...issue(grant), refresh_token: grant.refreshToken }];
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = grants.find((candidate) => candidate.refreshToken === form.get('refresh_token'));
      if (!grant || grant.revoked) {
        return [400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }];
      }
      return [200, issue(grant)];
    }
    return [400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }];
  };

  const calendarApi = (method: string, path: string, body: Record<string, unknown>): [number, unknown] => {
    if (method === 'GET' && path === '/calendar/v3/users/me/calendarList') {
      return [
        200,
        {
          kind: 'calendar#calendarList',
          etag: '"1"',
          items: calendars.map((entry) => ({ kind: 'calendar#calendarListEntry', ...entry })),
        },
      ];
    }
    if (method === 'POST' && path === '/calendar/v3/freeBusy') {
      const from = new Date(String(body.timeMin));
      const to = new Date(String(body.timeMax));
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
        return [400, apiError(400, 'Bad Request', 'badRequest')];
      }
      const items = Array.isArray(body.items) ? (body.items as { id?: string }[]) : [];
      const answer: Record<string, unknown> = {};
      for (const { id = '' } of items) {
        if (!calendars.some((entry) => entry.id === id)) {
          answer[id] = { busy: [], errors: [{ domain: 'global', reason: 'notFound' }] };
          continue;
        }
        const taken = [
          ...busy.filter((slot) => slot.calendarId === id),
          ...events
            .filter((event) => event.calendarId === id && event.status === 'confirmed')
            .map((event) => ({ start: new Date(event.start.dateTime), end: new Date(event.end.dateTime) })),
        ].filter((slot) => slot.start < to && slot.end > from);
        answer[id] = {
          busy: taken.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
        };
      }
      return [
        200,
        {
          kind: 'calendar#freeBusy',
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          calendars: answer,
        },
      ];
    }
    const insert = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(path);
    if (method === 'POST' && insert) {
      const calendarId = decodeURIComponent(insert[1] ?? '');
      const calendar = calendars.find((entry) => entry.id === calendarId);
      if (!calendar) return [404, apiError(404, 'Not Found', 'notFound')];
      if (calendar.accessRole !== 'owner' && calendar.accessRole !== 'writer') {
        return [
          403,
          apiError(403, 'You need to have writer access to this calendar.', 'requiredAccessLevel'),
        ];
      }
      const start = body.start as { dateTime?: string; timeZone?: string } | undefined;
      const end = body.end as { dateTime?: string; timeZone?: string } | undefined;
      if (!start?.dateTime || !end?.dateTime) return [400, apiError(400, 'Missing end time.', 'required')];
      const event: FakeGoogleEvent = {
        id: randomBytes(13).toString('hex'),
        calendarId,
        summary: typeof body.summary === 'string' ? body.summary : '',
        description: typeof body.description === 'string' ? body.description : '',
        start: { dateTime: start.dateTime, ...(start.timeZone ? { timeZone: start.timeZone } : {}) },
        end: { dateTime: end.dateTime, ...(end.timeZone ? { timeZone: end.timeZone } : {}) },
        status: 'confirmed',
      };
      events.push(event);
      return [
        200,
        { kind: 'calendar#event', ...event, htmlLink: `https://calendar.google.com/event?eid=${event.id}` },
      ];
    }
    const remove = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && remove) {
      const event = events.find(
        (candidate) =>
          candidate.calendarId === decodeURIComponent(remove[1] ?? '') && candidate.id === remove[2],
      );
      if (!event) return [404, apiError(404, 'Not Found', 'notFound')];
      if (event.status === 'cancelled') return [410, apiError(410, 'Resource has been deleted', 'deleted')];
      event.status = 'cancelled';
      return [204, null];
    }
    return [404, apiError(404, `Not Found: ${method} ${path}`, 'notFound')];
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const method = request.method ?? 'GET';
      let status: number;
      let answer: unknown;
      if (url.pathname === '/token' && method === 'POST') {
        const form = new URLSearchParams(text);
        // google-auth-library sends the client's credentials in the body (client_secret_post).
        requests.push({ method, path: url.pathname, body: Object.fromEntries(form) });
        [status, answer] = tokenEndpoint(form);
      } else if (url.pathname === '/revoke' && method === 'POST') {
        const token = url.searchParams.get('token') ?? new URLSearchParams(text).get('token') ?? '';
        requests.push({ method, path: url.pathname, body: { token } });
        const grant =
          grants.find((candidate) => candidate.refreshToken === token) ?? accessTokens.get(token)?.grant;
        if (grant) grant.revoked = true;
        [status, answer] = grant
          ? [200, {}]
          : [400, { error: 'invalid_token', error_description: 'Bad Request' }];
      } else {
        let body: Record<string, unknown>;
        try {
          body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          body = {};
        }
        requests.push({ method, path: url.pathname, body });
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        const access = accessTokens.get(bearer);
        if (!access || access.grant.revoked || access.expiresAt <= Date.now()) {
          [status, answer] = [
            401,
            apiError(401, 'Request had invalid authentication credentials.', 'authError'),
          ];
        } else if (outage && `${method} ${url.pathname}`.startsWith(outage.request)) {
          [status, answer] = [outage.status, apiError(outage.status, 'Backend Error', 'backendError')];
        } else {
          [status, answer] = calendarApi(method, url.pathname, body);
        }
      }
      response.writeHead(
        status,
        answer === null ? {} : { 'content-type': 'application/json; charset=utf-8' },
      );
      response.end(answer === null ? undefined : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    calendars,
    events,
    requests,
    issueCode() {
      const code = `4/0fake-${randomBytes(10).toString('hex')}`;
      codes.add(code);
      return code;
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = 0;
    },
    revokeAll() {
      for (const grant of grants) grant.revoked = true;
    },
    addBusy(calendarId, start, end) {
      busy.push({ calendarId, start, end });
    },
    failWith(status, failing = '') {
      outage = status === null ? null : { status, request: failing };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
