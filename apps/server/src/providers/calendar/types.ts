/** Where agents book appointments: the sandbox calendar by default; Google or Microsoft calendars plug in here. */
export interface CalendarProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** Busy intervals of the account's calendar overlapping [from, to). */
  busy(accountId: number, from: Date, to: Date): Promise<{ start: Date; end: Date }[]>;
  /** Books the interval; `null` when it is no longer free (someone took it meanwhile). */
  book(request: BookingRequest): Promise<{ id: string } | null>;
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
