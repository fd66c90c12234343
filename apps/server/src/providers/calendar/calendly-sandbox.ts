import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { addDays, compareLocalDates, zonedParts, type LocalDate } from '@switchboard/core';
import { daySlots, instantAt, type Interval } from './availability';
import { CalendlyError, type CalendlyClient, type CalendlyEventType } from './calendly';
import type { BookingSchedule } from './types';

/** Personal access tokens the stand-in takes start with this (`cal_sandbox_free_…` is an account on the free plan). */
export const sandboxCalendlyTokenPrefix = 'cal_sandbox_';
const freePlanPrefix = 'cal_sandbox_free_';

/** Where the stand-in's resources live: a reserved name no request ever reaches. */
export const sandboxCalendlyBase = 'https://api.calendly.sandbox.invalid';
const pagesBase = 'https://calendly.sandbox.invalid';

export function isSandboxCalendlyToken(token: string): boolean {
  return token.startsWith(sandboxCalendlyTokenPrefix);
}

interface SandboxInvitee {
  uri: string;
  eventUri: string;
  eventTypeUri: string;
  name: string;
  email: string;
  start: Date;
  end: Date;
  status: 'active' | 'canceled';
}

/** One Calendly account of the stand-in: its user, event types, bookings, links and webhook subscriptions. */
interface SandboxCalendlyAccount {
  key: string;
  plan: 'free' | 'standard';
  eventTypes: CalendlyEventType[];
  invitees: SandboxInvitee[];
  links: Map<string, { eventTypeUri: string; used: boolean }>;
  webhooks: Map<string, { url: string; signingKey: string }>;
  revoked: boolean;
}

const dayMs = 86_400_000;

/** Runs the work as an API call: what it throws comes back as a rejection. */
function settle<T>(work: () => T | Promise<T>): Promise<T> {
  return Promise.resolve().then(work);
}

function fail(status: number, title: string, message: string): never {
  throw new CalendlyError(status, message ? `${title}: ${message}` : title);
}

/**
 * The offline stand-in for Calendly's API v2 (development and e2e; closed in production and wherever
 * CALENDLY_API_URL is set, decisions/056). A token beginning `cal_sandbox_` is a Calendly account kept in memory:
 * a user, a 30- and a 60-minute event type, available times on the schedule the connecting account keeps (its
 * opening hours, breaks, closed days, notice and horizon) minus what is booked, booking by API on the paid plan
 * only (403 on `cal_sandbox_free_…`, as Calendly answers a free plan), single-use scheduling links, cancellations
 * and webhook subscriptions (paid plan). Errors carry Calendly's statuses and titles.
 */
export class SandboxCalendly {
  readonly sandbox = true;
  private readonly accounts = new Map<string, SandboxCalendlyAccount>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  private accountOf(token: string): SandboxCalendlyAccount | null {
    if (!isSandboxCalendlyToken(token) || token.length < sandboxCalendlyTokenPrefix.length + 4) return null;
    let account = this.accounts.get(token);
    if (!account) {
      // The token never shows in a URI: the account is named by a digest of it.
      const key = createHash('sha256').update(token).digest('hex').slice(0, 16);
      const eventType = (minutes: number, name: string): CalendlyEventType => ({
        uri: `${sandboxCalendlyBase}/event_types/${key}-${minutes}min`,
        name,
        durationMinutes: minutes,
        schedulingUrl: `${pagesBase}/sandbox-${key.slice(0, 8)}/${minutes}min`,
        active: true,
      });
      account = {
        key,
        plan: token.startsWith(freePlanPrefix) ? 'free' : 'standard',
        eventTypes: [eventType(30, '30 Minute Meeting'), eventType(60, '60 Minute Consultation')],
        invitees: [],
        links: new Map(),
        webhooks: new Map(),
        revoked: false,
      };
      this.accounts.set(token, account);
    }
    return account;
  }

  /** Revokes a token, as deleting it in Calendly's settings does: 401 from then on. */
  revoke(token: string): void {
    const account = this.accountOf(token);
    if (account) account.revoked = true;
  }

  /** The booked invitees of a token's account (what Calendly's Scheduled Events page lists). */
  invitees(token: string): readonly Readonly<SandboxInvitee>[] {
    return this.accountOf(token)?.invitees ?? [];
  }

  /**
   * Books through a single-use link as the caller does on Calendly's page; the link is spent by it. A spent or
   * unknown link, or a time that is not available, is refused as Calendly's page refuses it.
   */
  bookThroughLink(
    token: string,
    bookingUrl: string,
    invitee: { start: Date; name: string; email: string },
    schedule: BookingSchedule,
  ): Promise<{ uri: string; eventUri: string }> {
    return settle(() => {
      const account = this.authorized(token);
      const link = account.links.get(bookingUrl);
      if (!link) fail(404, 'Resource Not Found', 'This link does not exist');
      if (link.used) fail(410, 'Link Expired', 'This single-use link has already been used');
      const created = this.book(account, link.eventTypeUri, invitee, schedule);
      link.used = true;
      return created;
    });
  }

  /** The Calendly account's API seen through its token; its availability follows `schedule()`. */
  client(token: string, schedule: () => Promise<BookingSchedule>): CalendlyClient {
    const authorized = () => this.authorized(token);
    const run = settle;
    const eventTypeOf = (account: SandboxCalendlyAccount, uri: string) =>
      account.eventTypes.find((type) => type.uri === uri) ?? fail(404, 'Resource Not Found', '');
    return {
      currentUser: () =>
        run(() => {
          const { key } = authorized();
          return {
            uri: `${sandboxCalendlyBase}/users/${key}`,
            name: 'Sandbox Calendly',
            email: `sandbox-${key.slice(0, 8)}@calendly.sandbox.invalid`,
            schedulingUrl: `${pagesBase}/sandbox-${key.slice(0, 8)}`,
            timezone: 'UTC',
            organizationUri: `${sandboxCalendlyBase}/organizations/${key}`,
          };
        }),
      eventTypes: (userUri) =>
        run(() => {
          const account = authorized();
          if (userUri !== `${sandboxCalendlyBase}/users/${account.key}`) {
            fail(400, 'Invalid Argument', 'user is not valid');
          }
          return account.eventTypes.map((type) => ({ ...type }));
        }),
      availableTimes: (eventTypeUri, from, to) =>
        run(async () => {
          const account = authorized();
          const eventType = eventTypeOf(account, eventTypeUri);
          this.checkRange(from, to, true);
          return this.openTimes(account, await schedule(), eventType.durationMinutes, from, to);
        }),
      busyTimes: (userUri, from, to) =>
        run(() => {
          const account = authorized();
          if (userUri !== `${sandboxCalendlyBase}/users/${account.key}`) {
            fail(400, 'Invalid Argument', 'user is not valid');
          }
          this.checkRange(from, to, false);
          return this.busyOf(account).filter((slot) => slot.start < to && slot.end > from);
        }),
      createInvitee: (input) =>
        run(async () => {
          const account = authorized();
          if (account.plan === 'free') {
            fail(403, 'Permission Denied', 'Scheduling API requires a paid Calendly plan');
          }
          if (!input.email.includes('@')) fail(400, 'Invalid Argument', 'invitee.email is not valid');
          return this.book(account, input.eventTypeUri, input, await schedule());
        }),
      cancelEvent: (eventUri, _reason) =>
        run(() => {
          const booked = authorized().invitees.filter((invitee) => invitee.eventUri === eventUri);
          if (booked.length === 0) fail(404, 'Resource Not Found', 'The event was not found');
          if (booked.every((invitee) => invitee.status === 'canceled')) {
            fail(403, 'Permission Denied', 'Event in the past or already canceled');
          }
          for (const invitee of booked) invitee.status = 'canceled';
        }),
      createSchedulingLink: (eventTypeUri) =>
        run(() => {
          const account = authorized();
          eventTypeOf(account, eventTypeUri);
          const url = `${pagesBase}/d/${randomBytes(5).toString('hex')}`;
          account.links.set(url, { eventTypeUri, used: false });
          return url;
        }),
      createWebhookSubscription: (input) =>
        run(() => {
          const account = authorized();
          if (account.plan === 'free') {
            fail(403, 'Permission Denied', 'Please upgrade your Calendly account to Standard');
          }
          if (!/^https?:\/\//.test(input.url)) fail(400, 'Invalid Argument', 'url is not valid');
          const uri = `${sandboxCalendlyBase}/webhook_subscriptions/${randomUUID()}`;
          account.webhooks.set(uri, { url: input.url, signingKey: input.signingKey });
          return uri;
        }),
      deleteWebhookSubscription: (uri) =>
        run(() => {
          if (!authorized().webhooks.delete(uri)) fail(404, 'Resource Not Found', '');
        }),
    };
  }

  private authorized(token: string): SandboxCalendlyAccount {
    const account = this.accountOf(token);
    if (!account || account.revoked) fail(401, 'Unauthenticated', 'The access token is invalid');
    return account;
  }

  private checkRange(from: Date, to: Date, futureOnly: boolean): void {
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) {
      fail(400, 'Invalid Argument', 'start_time and end_time must be a valid range');
    }
    if (to.getTime() - from.getTime() > 31 * dayMs) {
      fail(400, 'Invalid Argument', 'date range can be no greater than 31 days');
    }
    if (futureOnly && from < this.now()) fail(400, 'Invalid Argument', 'start_time must be in the future');
  }

  private busyOf(account: SandboxCalendlyAccount): Interval[] {
    return account.invitees
      .filter((invitee) => invitee.status === 'active')
      .map((invitee) => ({ start: invitee.start, end: invitee.end }));
  }

  /** Start times in [from, to) on the schedule's grid that the schedule and the bookings leave open. */
  private openTimes(
    account: SandboxCalendlyAccount,
    schedule: BookingSchedule,
    minutes: number,
    from: Date,
    to: Date,
  ): Date[] {
    // Start times on the agent's grid or finer, so every slot the agent offers can be asked for.
    const rules = { ...schedule, appointmentMinutes: Math.min(schedule.appointmentMinutes, minutes) };
    const busy = this.busyOf(account);
    const times: Date[] = [];
    const last = zonedParts(to, schedule.timezone);
    for (
      let day: LocalDate = zonedParts(from, schedule.timezone);
      compareLocalDates(day, last) <= 0;
      day = addDays(day, 1)
    ) {
      for (const slot of daySlots(rules, this.now(), day, busy, minutes)) {
        const start = instantAt(slot, slot.hour * 60 + slot.minute, schedule.timezone);
        if (start >= from && start < to) times.push(start);
      }
    }
    return times;
  }

  private book(
    account: SandboxCalendlyAccount,
    eventTypeUri: string,
    input: { start: Date; name: string; email: string },
    schedule: BookingSchedule,
  ): { uri: string; eventUri: string } {
    const eventType = account.eventTypes.find((type) => type.uri === eventTypeUri);
    if (!eventType || Number.isNaN(input.start.getTime())) {
      fail(400, 'Invalid Argument', 'event_type, start_time and invitee.email are required');
    }
    const open = this.openTimes(
      account,
      schedule,
      eventType.durationMinutes,
      input.start,
      new Date(input.start.getTime() + 60_000),
    );
    if (!open.some((time) => time.getTime() === input.start.getTime())) {
      fail(400, 'Invalid Argument', 'The selected time is no longer available');
    }
    const eventUri = `${sandboxCalendlyBase}/scheduled_events/${randomUUID()}`;
    const invitee: SandboxInvitee = {
      uri: `${eventUri}/invitees/${randomUUID()}`,
      eventUri,
      eventTypeUri,
      name: input.name,
      email: input.email,
      start: input.start,
      end: new Date(input.start.getTime() + eventType.durationMinutes * 60_000),
      status: 'active',
    };
    account.invitees.push(invitee);
    return { uri: invitee.uri, eventUri };
  }
}

/** A Calendly client for a sandbox token where the stand-in is closed: every call is refused, nothing is sent. */
export function closedSandboxCalendlyClient(): CalendlyClient {
  const refuse = () =>
    Promise.reject(new CalendlyError(401, 'Unauthenticated: sandbox tokens are not accepted by this server'));
  return {
    currentUser: refuse,
    eventTypes: refuse,
    availableTimes: refuse,
    busyTimes: refuse,
    createInvitee: refuse,
    cancelEvent: refuse,
    createSchedulingLink: refuse,
    createWebhookSubscription: refuse,
    deleteWebhookSubscription: refuse,
  };
}
