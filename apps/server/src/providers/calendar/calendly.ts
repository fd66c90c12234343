/**
 * Calendly's API v2 with a personal access token (Calendly publishes no SDK; this is its REST API over fetch).
 * Resources are named by URI; times are RFC 3339 in UTC.
 */

export interface CalendlyUser {
  uri: string;
  name: string;
  email: string;
  schedulingUrl: string;
  timezone: string;
  organizationUri: string;
}

export interface CalendlyEventType {
  uri: string;
  name: string;
  durationMinutes: number;
  schedulingUrl: string;
  active: boolean;
}

/** Calendly answered with an error status (`status` 0 when it could not be reached). */
export class CalendlyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CalendlyError';
  }
}

export interface CalendlyClient {
  currentUser(): Promise<CalendlyUser>;
  eventTypes(userUri: string): Promise<CalendlyEventType[]>;
  /** Start times the event type can be booked at within [from, to) (future only, at most 31 days). */
  availableTimes(eventTypeUri: string, from: Date, to: Date): Promise<Date[]>;
  busyTimes(userUri: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]>;
  /** Books through the Scheduling API (paid plans); CalendlyError 403 where the plan does not allow it. */
  createInvitee(input: {
    eventTypeUri: string;
    start: Date;
    name: string;
    email: string;
    timezone: string;
    phone: string | null;
  }): Promise<{ uri: string; eventUri: string }>;
  /** Cancels a scheduled event (its invitees are told by Calendly). */
  cancelEvent(eventUri: string, reason: string): Promise<void>;
  /** A link that books one event of the event type, then expires. */
  createSchedulingLink(eventTypeUri: string): Promise<string>;
  createWebhookSubscription(input: {
    url: string;
    organizationUri: string;
    userUri: string;
    signingKey: string;
  }): Promise<string>;
  deleteWebhookSubscription(uri: string): Promise<void>;
}

const timeoutMs = 10_000;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function createCalendlyClient(options: { baseUrl: string; token: string }): CalendlyClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CalendlyError(0, `Calendly could not be reached (${(error as Error).message})`);
    }
    const raw = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      parsed = {};
    }
    if (!response.ok) {
      const detail = [text(parsed.title), text(parsed.message)].filter(Boolean).join(': ');
      throw new CalendlyError(response.status, detail || `Calendly answered ${response.status}`);
    }
    return parsed;
  }

  const resource = (answer: Record<string, unknown>) => (answer.resource ?? {}) as Record<string, unknown>;
  const collection = (answer: Record<string, unknown>) =>
    (Array.isArray(answer.collection) ? answer.collection : []) as Record<string, unknown>[];
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

  return {
    async currentUser() {
      const user = resource(await request('GET', '/users/me'));
      return {
        uri: text(user.uri),
        name: text(user.name),
        email: text(user.email),
        schedulingUrl: text(user.scheduling_url),
        timezone: text(user.timezone),
        organizationUri: text(user.current_organization),
      };
    },
    async eventTypes(userUri) {
      const answer = await request('GET', `/event_types?${query({ user: userUri, count: '100' })}`);
      return collection(answer).map((item) => ({
        uri: text(item.uri),
        name: text(item.name),
        durationMinutes: typeof item.duration === 'number' ? item.duration : 30,
        schedulingUrl: text(item.scheduling_url),
        active: item.active !== false,
      }));
    },
    async availableTimes(eventTypeUri, from, to) {
      const answer = await request(
        'GET',
        `/event_type_available_times?${query({
          event_type: eventTypeUri,
          start_time: from.toISOString(),
          end_time: to.toISOString(),
        })}`,
      );
      return collection(answer)
        .filter((item) => item.status === 'available')
        .map((item) => new Date(text(item.start_time)))
        .filter((date) => !Number.isNaN(date.getTime()));
    },
    async busyTimes(userUri, from, to) {
      const answer = await request(
        'GET',
        `/user_busy_times?${query({ user: userUri, start_time: from.toISOString(), end_time: to.toISOString() })}`,
      );
      return collection(answer).map((item) => ({
        start: new Date(text(item.start_time)),
        end: new Date(text(item.end_time)),
      }));
    },
    async createInvitee(input) {
      const invitee = resource(
        await request('POST', '/invitees', {
          event_type: input.eventTypeUri,
          start_time: input.start.toISOString(),
          invitee: {
            name: input.name,
            email: input.email,
            timezone: input.timezone,
            ...(input.phone ? { text_reminder_number: input.phone } : {}),
          },
        }),
      );
      return { uri: text(invitee.uri), eventUri: text(invitee.event) };
    },
    async cancelEvent(eventUri, reason) {
      await request('POST', `${eventUri}/cancellation`, { reason });
    },
    async createSchedulingLink(eventTypeUri) {
      const link = resource(
        await request('POST', '/scheduling_links', {
          max_event_count: 1,
          owner: eventTypeUri,
          owner_type: 'EventType',
        }),
      );
      return text(link.booking_url);
    },
    async createWebhookSubscription(input) {
      const subscription = resource(
        await request('POST', '/webhook_subscriptions', {
          url: input.url,
          events: ['invitee.created', 'invitee.canceled'],
          organization: input.organizationUri,
          user: input.userUri,
          scope: 'user',
          signing_key: input.signingKey,
        }),
      );
      return text(subscription.uri);
    },
    async deleteWebhookSubscription(uri) {
      await request('DELETE', uri);
    },
  };
}
