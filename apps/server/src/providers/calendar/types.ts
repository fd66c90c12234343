/**
 * Where agents book appointments: the sandbox calendar by default, a connected calendar (Calendly) per account.
 * Every calendar books within a schedule (providers/calendar/availability.ts).
 */
export interface CalendarProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** Busy intervals of the account's calendar overlapping [from, to). */
  busy(accountId: number, from: Date, to: Date): Promise<{ start: Date; end: Date }[]>;
  /**
   * Books the interval; `null` when it is no longer free (someone took it meanwhile). A calendar that cannot be
   * reached or refuses throws CalendarUnavailableError with what to tell the caller.
   */
  book(request: BookingRequest): Promise<BookingResult | null>;
  /** The schedule bookings of this account keep; null leaves it to the agent's own booking rules. */
  schedule?(accountId: number, organizationId: number | null): Promise<BookingSchedule | null>;
}

export interface BookingResult {
  id: string;
  /**
   * Set when the calendar could not book by API and made a single-use link instead: the slot is not booked until
   * the caller books it there.
   */
  schedulingUrl?: string;
}

export interface BookingRequest {
  accountId: number;
  organizationId: number | null;
  start: Date;
  end: Date;
  timezone: string;
  name: string;
  purpose: string;
  contactAddress: string | null;
  conversationUuid: string | null;
}

export interface ScheduleInterval {
  /** HH:MM, 00:00 to 24:00, in the schedule's time zone. */
  start: string;
  end: string;
}

/** Opening hours and the rules every booking keeps, in one IANA time zone. */
export interface BookingSchedule {
  timezone: string;
  /** Opening intervals per weekday name (monday ... sunday); a day missing or empty is closed. */
  weeklyHours: Readonly<Record<string, readonly ScheduleInterval[]>>;
  /** Daily breaks; `days` empty means every day. */
  breaks: readonly (ScheduleInterval & { days: readonly string[] })[];
  /** YYYY-MM-DD days with no bookings. */
  blockedDates: readonly string[];
  appointmentMinutes: number;
  /** Kept free before and after each appointment. */
  bufferMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
}

/** The calendar could not take the booking (unreachable, consent revoked, refused); `message` is for the caller. */
export class CalendarUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'CalendarUnavailableError';
  }
}
