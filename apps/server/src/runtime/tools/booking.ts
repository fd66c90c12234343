import type { BookingRules } from '@switchboard/contract';
import {
  compareLocalDates,
  formatIsoDate,
  formatIsoTime,
  parseIsoDate,
  parseIsoTime,
  speakDate,
  speakTime,
  weekdayName,
  weekdayOf,
  zonedParts,
  zonedToInstant,
  type LocalDate,
  type LocalDateTime,
} from '@switchboard/core';
import {
  dayWindows,
  findFreeSlots,
  refuseSlot,
  weekdayNames,
  type SlotRefusal,
} from '../../providers/calendar/availability';
import {
  CalendarUnavailableError,
  type BookingSchedule,
  type CalendarProvider,
} from '../../providers/calendar/types';

/** Without an account schedule, nobody is booked for a time closer than this to now. */
const leadMinutes = 30;

export type BookingOutcome =
  | { ok: true; start: Date; end: Date; local: LocalDateTime; timezone: string; message: string }
  | {
      ok: false;
      retry?: 'date' | 'time' | 'datetime';
      message: string;
      suggestions: string[];
      /** A single-use link that books the slot, where the calendar could not book it directly. */
      schedulingUrl?: string;
      /** The slot the link books, as said to the caller ("Tuesday, December 1 at 1:00 PM"). */
      slot?: string;
    };

interface BookingInput {
  accountId: number;
  organizationId: number | null;
  date: unknown;
  time: unknown;
  durationMinutes?: unknown;
  name: string;
  purpose: string;
  contactAddress: string | null;
  conversationUuid: string | null;
}

/** The agent's own booking rules as a schedule: one window on the chosen weekdays, in the agent's zone. */
export function scheduleFromRules(rules: BookingRules, timezone: string): BookingSchedule {
  const window = [{ start: rules.startTime, end: rules.endTime }];
  return {
    timezone,
    weeklyHours: Object.fromEntries(
      weekdayNames.map((name, index) => [name, rules.days.includes(index + 1) ? window : []]),
    ),
    breaks: [],
    blockedDates: [],
    appointmentMinutes: rules.durationMinutes,
    bufferMinutes: 0,
    minimumNoticeMinutes: leadMinutes,
    horizonDays: rules.horizonDays,
  };
}

function speakSlot(slot: LocalDateTime, sameDayAs?: LocalDate): string {
  const time = speakTime(slot);
  return sameDayAs && compareLocalDates(slot, sameDayAs) === 0 ? time : `${speakDate(slot)} at ${time}`;
}

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

function spokenHours(schedule: BookingSchedule, day: LocalDate): string {
  const windows = dayWindows(schedule, day).map((window) => {
    const from = zonedParts(window.start, schedule.timezone);
    const to = zonedParts(window.end, schedule.timezone);
    return `${speakTime(from)} and ${speakTime(to)}`;
  });
  return windows.length > 0
    ? `We take appointments between ${windows.join(', or ')}.`
    : 'We are closed then.';
}

function reasonFor(refusal: SlotRefusal, schedule: BookingSchedule, date: LocalDate): string {
  switch (refusal) {
    case 'past':
      return 'That time has already passed.';
    case 'notice': {
      const minutes = schedule.minimumNoticeMinutes;
      const notice = minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
      return `That is too soon: we need ${notice} notice.`;
    }
    case 'horizon':
      return `We can book up to ${schedule.horizonDays} days ahead.`;
    case 'blocked':
      return `We're closed on ${speakDate(date)}.`;
    case 'busy':
      return 'That time is already taken.';
    case 'closed':
      return (schedule.weeklyHours[weekdayNames[weekdayOf(date) - 1] ?? ''] ?? []).length === 0
        ? `We don't take appointments on ${weekdayName(weekdayOf(date))}s.`
        : spokenHours(schedule, date);
  }
}

/**
 * Books an appointment within the account's schedule (or, without one, the agent's booking rules) and the
 * calendar's busy times. A refusal says why and offers the nearest free slots, so the caller can pick again; a
 * calendar that failed is said plainly, with a message taken instead.
 */
export async function bookAppointment(
  calendar: CalendarProvider,
  rules: BookingRules,
  timezone: string,
  now: Date,
  input: BookingInput,
): Promise<BookingOutcome> {
  try {
    return await bookWithin(calendar, rules, timezone, now, input);
  } catch (error) {
    // The calendar is unreachable, refused, or its consent was revoked: said plainly, nothing half-booked.
    if (!(error instanceof CalendarUnavailableError)) throw error;
    return { ok: false, message: error.message, suggestions: [] };
  }
}

async function bookWithin(
  calendar: CalendarProvider,
  rules: BookingRules,
  timezone: string,
  now: Date,
  input: BookingInput,
): Promise<BookingOutcome> {
  const accountSchedule = (await calendar.schedule?.(input.accountId, input.organizationId)) ?? null;
  const schedule = accountSchedule ?? scheduleFromRules(rules, timezone);
  const date = typeof input.date === 'string' ? parseIsoDate(input.date) : null;
  const time = typeof input.time === 'string' ? parseIsoTime(input.time) : null;
  const requestedDuration = Number(input.durationMinutes);
  const duration =
    accountSchedule === null &&
    Number.isInteger(requestedDuration) &&
    requestedDuration >= 5 &&
    requestedDuration <= 480
      ? requestedDuration
      : schedule.appointmentMinutes;
  const today = zonedParts(now, schedule.timezone);
  const slotsFrom = (day: LocalDate) =>
    findFreeSlots(schedule, now, day, 2, (from, to) => calendar.busy(input.accountId, from, to), duration);

  if (!date || !time) {
    return {
      ok: false,
      retry: !date && !time ? 'datetime' : !date ? 'date' : 'time',
      message: 'I need both a day and a time for the appointment.',
      suggestions: [],
    };
  }
  const local: LocalDateTime = { ...date, ...time };
  const refusal = refuseSlot(schedule, now, local, duration);
  if (refusal !== null) {
    const from = refusal === 'past' || refusal === 'notice' || refusal === 'horizon' ? today : date;
    const retry =
      refusal === 'past' || refusal === 'notice'
        ? 'datetime'
        : refusal === 'closed' && !isClosedDay(schedule, date)
          ? 'time'
          : 'date';
    return refusalOf(retry, reasonFor(refusal, schedule, date), await slotsFrom(from), from);
  }
  const start = zonedToInstant(local, schedule.timezone);
  const end = new Date(start.getTime() + duration * 60_000);
  // The calendar re-checks its busy times under its lock; this early look spares it a booking bound to fail.
  const busy = await calendar.busy(input.accountId, start, end);
  const booked =
    busy.length === 0
      ? await calendar.book({
          accountId: input.accountId,
          organizationId: input.organizationId,
          start,
          end,
          timezone: schedule.timezone,
          name: input.name,
          purpose: input.purpose,
          contactAddress: input.contactAddress,
          conversationUuid: input.conversationUuid,
        })
      : null;
  if (!booked) {
    return refusalOf('time', reasonFor('busy', schedule, date), await slotsFrom(date), date);
  }
  if (booked.schedulingUrl) {
    return {
      ok: false,
      message:
        `I can't book ${speakDate(date)} at ${speakTime(time)} directly, but this single-use link books it: ` +
        `${booked.schedulingUrl} . Offer to text it to the caller.`,
      suggestions: [],
      schedulingUrl: booked.schedulingUrl,
      slot: `${speakDate(date)} at ${speakTime(time)}`,
    };
  }
  const who = input.name ? ` for ${input.name}` : '';
  return {
    ok: true,
    start,
    end,
    local,
    timezone: schedule.timezone,
    message: `You're booked${who} on ${speakDate(date)} at ${speakTime(time)}.`,
  };
}

function isClosedDay(schedule: BookingSchedule, date: LocalDate): boolean {
  return dayWindows(schedule, date).length === 0;
}

function refusalOf(
  retry: 'date' | 'time' | 'datetime',
  reason: string,
  slots: LocalDateTime[],
  day: LocalDate,
): BookingOutcome {
  const sameDay = slots.length > 0 && slots.every((slot) => compareLocalDates(slot, day) === 0);
  const spoken = slots.map((slot) => speakSlot(slot, sameDay ? day : undefined));
  const offer =
    spoken.length > 0
      ? sameDay
        ? ` On ${speakDate(day)} I have ${joinOr(spoken)}. Would one of those work?`
        : ` The next available times are ${joinOr(spoken)}. Would one of those work?`
      : ' I have no free times in the booking window right now.';
  return {
    ok: false,
    retry,
    message: `${reason}${offer}`,
    suggestions: slots.map((slot) => `${formatIsoDate(slot)} ${formatIsoTime(slot)}`),
  };
}
