import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCalendlyEventType {
  uri: string;
  name: string;
  duration: number;
  scheduling_url: string;
  active: boolean;
}

export interface FakeCalendlyInvitee {
  uri: string;
  event: string;
  event_type: string;
  name: string;
  email: string;
  start_time: string;
  end_time: string;
  status: 'active' | 'canceled';
}

export interface FakeCalendlyServer {
  url: string;
  token: string;
  userUri: string;
  organizationUri: string;
  eventType: FakeCalendlyEventType;
  requests: { method: string; path: string; body: unknown }[];
  invitees: FakeCalendlyInvitee[];
  schedulingLinks: string[];
  webhooks: Map<string, { url: string; signing_key: string; events: string[] }>;
  /** Whether the account's plan allows booking by API (Create Event Invitee); trial plans answer 403. */
  setBookingByApi(allowed: boolean): void;
  /** Calendly's busy times of the user (events booked elsewhere). */
  addBusy(start: Date, end: Date): void;
  /** Cancels an invitee as a person does in Calendly and delivers `invitee.canceled` to every subscription. */
  cancelInvitee(uri: string, options?: { rescheduled?: boolean }): Promise<{ status: number }[]>;
  /**
   * The invitee picks another time in Calendly: the old invitee is canceled and a new one made, and Calendly
   * delivers `invitee.canceled` (`rescheduled: true`, `new_invitee`) then `invitee.created` (`old_invitee`).
   */
  rescheduleInvitee(uri: string, start: Date): Promise<{ status: number }[]>;
  /** Every webhook delivery made, exactly as sent (to replay one). */
  deliveries: { url: string; headers: Record<string, string>; body: string }[];
  /**
   * Calendly answers `status` (a 5xx: an outage) to every call, or to those whose `METHOD /path` starts with
   * `request` (e.g. 'POST /invitees'), until cleared with null.
   */
  failWith(status: number | null, request?: string): void;
  close(): Promise<void>;
}

/** Calendly's webhook signature: `t=<seconds>,v1=<hex HMAC-SHA256(signing key, "<t>.<body>")>`. */
export function calendlySignature(payload: string, signingKey: string, timestamp: number): string {
  const v1 = createHmac('sha256', signingKey).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const calendlyError = (title: string, message: string) => JSON.stringify({ title, message });

/**
 * Calendly's API v2 on loopback, as a personal access token reaches it: `GET /users/me`, `GET /event_types`,
 * `GET /event_type_available_times` (future times only, 31 days at most), `GET /user_busy_times`,
 * `POST /invitees` (the Scheduling API; 403 unless the plan allows it), `POST /scheduling_links` (single use),
 * `POST /scheduled_events/:uuid/cancellation`, `POST /webhook_subscriptions` and
 * `DELETE /webhook_subscriptions/:uuid`. Available times are every half hour
 * from 09:00 to 17:00 UTC on weekdays, minus booked invitees and busy times.
 */
export async function startFakeCalendlyServer(
  options: { token?: string; now?: () => Date } = {},
): Promise<FakeCalendlyServer> {
  const token = options.token ?? `cal_pat_${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const requests: FakeCalendlyServer['requests'] = [];
  const invitees: FakeCalendlyInvitee[] = [];
  const schedulingLinks: string[] = [];
  const webhooks: FakeCalendlyServer['webhooks'] = new Map();
  const busy: { start: Date; end: Date }[] = [];
  const deliveries: FakeCalendlyServer['deliveries'] = [];
  let bookingByApi = true;
  let outage: { status: number; request: string } | null = null;
  let base = '';

  const user = () => ({
    uri: `${base}/users/USER1`,
    name: 'Dana Clinic',
    slug: 'dana-clinic',
    email: 'dana@clinic.example',
    scheduling_url: 'https://calendly.com/dana-clinic',
    timezone: 'America/New_York',
    current_organization: `${base}/organizations/ORG1`,
  });
  const eventType = (): FakeCalendlyEventType => ({
    uri: `${base}/event_types/ET1`,
    name: '30 Minute Consultation',
    duration: 30,
    scheduling_url: 'https://calendly.com/dana-clinic/30min',
    active: true,
  });

  const taken = (start: Date, end: Date) =>
    invitees.some(
      (invitee) =>
        invitee.status === 'active' &&
        new Date(invitee.start_time) < end &&
        new Date(invitee.end_time) > start,
    ) || busy.some((interval) => interval.start < end && interval.end > start);

  const availableTimes = (from: Date, to: Date) => {
    const times: {
      status: 'available';
      start_time: string;
      invitees_remaining: number;
      scheduling_url: string;
    }[] = [];
    const first = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
    for (let day = first; day < to; day = new Date(day.getTime() + 86_400_000)) {
      const weekday = day.getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (let minute = 9 * 60; minute + 30 <= 17 * 60; minute += 30) {
        const start = new Date(day.getTime() + minute * 60_000);
        const end = new Date(start.getTime() + 30 * 60_000);
        if (start < from || start >= to || start <= now() || taken(start, end)) continue;
        times.push({
          status: 'available',
          start_time: start.toISOString().replace('.000Z', 'Z'),
          invitees_remaining: 1,
          scheduling_url: `${eventType().scheduling_url}/${start.toISOString()}`,
        });
      }
    }
    return times;
  };

  const deliver = async (event: string, payload: Record<string, unknown>) => {
    const results: { status: number }[] = [];
    for (const hook of webhooks.values()) {
      if (!hook.events.includes(event)) continue;
      const body = JSON.stringify({ event, created_at: now().toISOString(), payload });
      const headers = {
        'content-type': 'application/json',
        'calendly-webhook-signature': calendlySignature(
          body,
          hook.signing_key,
          Math.floor(Date.now() / 1000),
        ),
      };
      deliveries.push({ url: hook.url, headers, body });
      const response = await fetch(hook.url, { method: 'POST', headers, body });
      results.push({ status: response.status });
    }
    return results;
  };

  // An invitee as webhooks carry it: its scheduled event's times under `scheduled_event`.
  const inviteePayload = (invitee: FakeCalendlyInvitee) => ({
    uri: invitee.uri,
    name: invitee.name,
    email: invitee.email,
    event: invitee.event,
    status: invitee.status,
    scheduled_event: {
      uri: invitee.event,
      event_type: invitee.event_type,
      start_time: invitee.start_time,
      end_time: invitee.end_time,
    },
  });

  const handle = (method: string, url: URL, body: Record<string, unknown>): [number, unknown] => {
    const path = url.pathname;
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (method === 'GET' && path === '/users/me') return [200, { resource: user() }];
    if (method === 'GET' && path === '/event_types') {
      if (param('user') !== user().uri)
        return [400, { title: 'Invalid Argument', message: 'user is not valid' }];
      return [200, { collection: [eventType()], pagination: { count: 1, next_page_token: null } }];
    }
    if (method === 'GET' && (path === '/event_type_available_times' || path === '/user_busy_times')) {
      const from = new Date(param('start_time'));
      const to = new Date(param('end_time'));
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) {
        return [400, { title: 'Invalid Argument', message: 'start_time and end_time must be a valid range' }];
      }
      if (to.getTime() - from.getTime() > 31 * 86_400_000) {
        return [400, { title: 'Invalid Argument', message: 'date range can be no greater than 31 days' }];
      }
      if (path === '/user_busy_times') {
        const intervals = [
          ...busy,
          ...invitees
            .filter((invitee) => invitee.status === 'active')
            .map((invitee) => ({ start: new Date(invitee.start_time), end: new Date(invitee.end_time) })),
        ].filter((interval) => interval.start < to && interval.end > from);
        return [
          200,
          {
            collection: intervals.map((interval) => ({
              type: 'calendly',
              start_time: interval.start.toISOString(),
              end_time: interval.end.toISOString(),
            })),
          },
        ];
      }
      if (from < now())
        return [400, { title: 'Invalid Argument', message: 'start_time must be in the future' }];
      if (param('event_type') !== eventType().uri) return [404, { title: 'Resource Not Found', message: '' }];
      return [200, { collection: availableTimes(from, to) }];
    }
    if (method === 'POST' && path === '/invitees') {
      if (!bookingByApi) {
        return [403, { title: 'Permission Denied', message: 'Scheduling API requires a paid Calendly plan' }];
      }
      const invitee = (body.invitee ?? {}) as Record<string, string>;
      const start = new Date(String(body.start_time));
      if (body.event_type !== eventType().uri || !invitee.email || Number.isNaN(start.getTime())) {
        return [
          400,
          { title: 'Invalid Argument', message: 'event_type, start_time and invitee.email are required' },
        ];
      }
      const end = new Date(start.getTime() + 30 * 60_000);
      if (!availableTimes(start, new Date(start.getTime() + 1)).length) {
        return [400, { title: 'Invalid Argument', message: 'The selected time is no longer available' }];
      }
      const eventUri = `${base}/scheduled_events/${randomUUID()}`;
      const created: FakeCalendlyInvitee = {
        uri: `${eventUri}/invitees/${randomUUID()}`,
        event: eventUri,
        event_type: eventType().uri,
        name: invitee.name ?? '',
        email: invitee.email,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        status: 'active',
      };
      invitees.push(created);
      return [201, { resource: created }];
    }
    if (method === 'POST' && path === '/scheduling_links') {
      if (body.owner !== eventType().uri || body.owner_type !== 'EventType' || body.max_event_count !== 1) {
        return [
          400,
          { title: 'Invalid Argument', message: 'owner, owner_type and max_event_count are required' },
        ];
      }
      const link = `https://calendly.com/d/${randomUUID().slice(0, 8)}`;
      schedulingLinks.push(link);
      return [201, { resource: { booking_url: link, owner: body.owner, owner_type: 'EventType' } }];
    }
    if (method === 'POST' && path === '/webhook_subscriptions') {
      if (
        typeof body.url !== 'string' ||
        !Array.isArray(body.events) ||
        typeof body.signing_key !== 'string'
      ) {
        return [400, { title: 'Invalid Argument', message: 'url, events and signing_key are required' }];
      }
      const id = randomUUID();
      webhooks.set(id, { url: body.url, signing_key: body.signing_key, events: body.events as string[] });
      return [
        201,
        { resource: { uri: `${base}/webhook_subscriptions/${id}`, callback_url: body.url, state: 'active' } },
      ];
    }
    const cancel = /^\/scheduled_events\/([\w-]+)\/cancellation$/.exec(path);
    if (method === 'POST' && cancel) {
      const event = invitees.find(
        (invitee) => invitee.event === `${base}/scheduled_events/${cancel[1] ?? ''}`,
      );
      if (!event) return [404, { title: 'Resource Not Found', message: 'The event was not found' }];
      if (event.status === 'canceled') {
        return [403, { title: 'Permission Denied', message: 'Event in the past or already canceled' }];
      }
      event.status = 'canceled';
      return [201, { resource: { canceled_by: 'API', reason: body.reason ?? null } }];
    }
    const hook = /^\/webhook_subscriptions\/([\w-]+)$/.exec(path);
    if (method === 'DELETE' && hook) {
      return webhooks.delete(hook[1] ?? '')
        ? [204, null]
        : [404, { title: 'Resource Not Found', message: '' }];
    }
    return [404, { title: 'Resource Not Found', message: `${method} ${path}` }];
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      requests.push({ method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
      const [status, answer] =
        request.headers.authorization !== `Bearer ${token}`
          ? [401, JSON.parse(calendlyError('Unauthenticated', 'The access token is invalid')) as unknown]
          : outage && `${request.method ?? 'GET'} ${url.pathname}`.startsWith(outage.request)
            ? [outage.status, { title: 'Internal Server Error', message: 'Something went wrong on our side' }]
            : handle(request.method ?? 'GET', url, body);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(answer === null ? '' : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    token,
    userUri: user().uri,
    organizationUri: user().current_organization,
    eventType: eventType(),
    requests,
    invitees,
    schedulingLinks,
    webhooks,
    setBookingByApi: (allowed) => {
      bookingByApi = allowed;
    },
    addBusy: (start, end) => busy.push({ start, end }),
    cancelInvitee: async (uri, cancelOptions = {}) => {
      const invitee = invitees.find((candidate) => candidate.uri === uri);
      if (!invitee) throw new Error(`no invitee ${uri}`);
      invitee.status = 'canceled';
      return deliver('invitee.canceled', {
        ...inviteePayload(invitee),
        rescheduled: cancelOptions.rescheduled ?? false,
        cancellation: { canceled_by: invitee.name, reason: 'Changed plans' },
      });
    },
    rescheduleInvitee: async (uri, start) => {
      const invitee = invitees.find((candidate) => candidate.uri === uri);
      if (!invitee) throw new Error(`no invitee ${uri}`);
      invitee.status = 'canceled';
      const eventUri = `${base}/scheduled_events/${randomUUID()}`;
      const moved: FakeCalendlyInvitee = {
        ...invitee,
        uri: `${eventUri}/invitees/${randomUUID()}`,
        event: eventUri,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
        status: 'active',
      };
      invitees.push(moved);
      const canceled = await deliver('invitee.canceled', {
        ...inviteePayload(invitee),
        rescheduled: true,
        new_invitee: moved.uri,
        cancellation: { canceled_by: invitee.name, reason: 'Rescheduled' },
      });
      const created = await deliver('invitee.created', {
        ...inviteePayload(moved),
        rescheduled: false,
        old_invitee: invitee.uri,
      });
      return [...canceled, ...created];
    },
    deliveries,
    failWith: (status, failing = '') => {
      outage = status === null ? null : { status, request: failing };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
