import type { BookingRules } from '@switchboard/contract';
import {
  addDays,
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
import type { CalendarProvider } from '../../providers/calendar/types';

/** Slots are offered on this grid (minutes past the opening time). */
const slotStepMinutes = 30;
/** Nobody is booked for a time closer than this to now. */
const leadMinutes = 30;

export type BookingOutcome =
  | { ok: true; start: Date; end: Date; local: LocalDateTime; message: string }
  | { ok: false; retry: 'date' | 'time' | 'datetime'; message: string; suggestions: string[] };

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

function minutesOf(text: string): number {
  const time = parseIsoTime(text) ?? { hour: 0, minute: 0 };
  return time.hour * 60 + time.minute;
}

function speakSlot(slot: LocalDateTime, sameDayAs?: LocalDate): string {
  const time = speakTime(slot);
  return sameDayAs && compareLocalDates(slot, sameDayAs) === 0 ? time : `${speakDate(slot)} at ${time}`;
}

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/**
 * Books an appointment in the agent's time zone under its booking rules (days, opening window, horizon) and the
 * calendar's busy times. A refusal says why and offers the nearest free slots, so the caller can pick again.
 */
export async function bookAppointment(
  calendar: CalendarProvider,
  rules: BookingRules,
  timezone: string,
  now: Date,
  input: BookingInput,
): Promise<BookingOutcome> {
  const date = typeof input.date === 'string' ? parseIsoDate(input.date) : null;
  const time = typeof input.time === 'string' ? parseIsoTime(input.time) : null;
  const requestedDuration = Number(input.durationMinutes);
  const duration =
    Number.isInteger(requestedDuration) && requestedDuration >= 5 && requestedDuration <= 480
      ? requestedDuration
      : rules.durationMinutes;
  const today = zonedParts(now, timezone);
  const finder = { calendar, rules, timezone, now, accountId: input.accountId, duration };

  if (!date || !time) {
    return {
      ok: false,
      retry: !date && !time ? 'datetime' : !date ? 'date' : 'time',
      message: 'I need both a day and a time for the appointment.',
      suggestions: [],
    };
  }
  const local: LocalDateTime = { ...date, ...time };
  const start = zonedToInstant(local, timezone);
  const end = new Date(start.getTime() + duration * 60_000);

  if (start.getTime() < now.getTime() + leadMinutes * 60_000) {
    const slots = await freeSlots(finder, today, 2);
    return refusal('datetime', 'That time has already passed.', slots, today);
  }
  if (compareLocalDates(date, addDays(today, rules.horizonDays)) > 0) {
    const slots = await freeSlots(finder, today, 2);
    return refusal('date', `We can book up to ${rules.horizonDays} days ahead.`, slots, today);
  }
  if (!rules.days.includes(weekdayOf(date))) {
    const slots = await freeSlots(finder, date, 2);
    return refusal('date', `We don't take appointments on ${weekdayName(weekdayOf(date))}s.`, slots, date);
  }
  const opens = minutesOf(rules.startTime);
  const closes = minutesOf(rules.endTime);
  const startMinute = time.hour * 60 + time.minute;
  if (startMinute < opens || startMinute + duration > closes) {
    const slots = await freeSlots(finder, date, 2);
    return refusal(
      'time',
      `We take appointments between ${speakTime(parseIsoTime(rules.startTime) ?? time)} and ${speakTime(parseIsoTime(rules.endTime) ?? time)}.`,
      slots,
      date,
    );
  }
  const busy = await calendar.busy(input.accountId, start, end);
  const booked =
    busy.length === 0
      ? await calendar.book({
          accountId: input.accountId,
          organizationId: input.organizationId,
          start,
          end,
          timezone,
          name: input.name,
          purpose: input.purpose,
          contactAddress: input.contactAddress,
          conversationUuid: input.conversationUuid,
        })
      : null;
  if (!booked) {
    const slots = await freeSlots(finder, date, 2);
    return refusal('time', 'That time is already taken.', slots, date);
  }
  const who = input.name ? ` for ${input.name}` : '';
  return {
    ok: true,
    start,
    end,
    local,
    message: `You're booked${who} on ${speakDate(date)} at ${speakTime(time)}.`,
  };
}

function refusal(
  retry: 'date' | 'time' | 'datetime',
  reason: string,
  slots: LocalDateTime[],
  day: LocalDate,
): BookingOutcome {
  const spoken = slots.map((slot) =>
    speakSlot(slot, slots.every((s) => compareLocalDates(s, day) === 0) ? day : undefined),
  );
  const offer =
    spoken.length > 0
      ? slots.every((slot) => compareLocalDates(slot, day) === 0)
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

interface SlotFinder {
  calendar: CalendarProvider;
  rules: BookingRules;
  timezone: string;
  now: Date;
  accountId: number;
  duration: number;
}

/** The first free slots on or after a day, within the rules and the horizon. */
export async function freeSlots(
  finder: SlotFinder,
  fromDay: LocalDate,
  count: number,
): Promise<LocalDateTime[]> {
  const { rules, timezone, now, duration } = finder;
  const today = zonedParts(now, timezone);
  const first = compareLocalDates(fromDay, today) < 0 ? today : fromDay;
  const last = addDays(today, rules.horizonDays);
  const opens = minutesOf(rules.startTime);
  const closes = minutesOf(rules.endTime);
  const found: LocalDateTime[] = [];
  for (let day = first; compareLocalDates(day, last) <= 0 && found.length < count; day = addDays(day, 1)) {
    if (!rules.days.includes(weekdayOf(day))) continue;
    const dayStart = zonedToInstant({ ...day, hour: 0, minute: 0 }, timezone);
    const dayEnd = zonedToInstant({ ...addDays(day, 1), hour: 0, minute: 0 }, timezone);
    const busy = await finder.calendar.busy(finder.accountId, dayStart, dayEnd);
    for (let minute = opens; minute + duration <= closes && found.length < count; minute += slotStepMinutes) {
      const local = { ...day, hour: Math.floor(minute / 60), minute: minute % 60 };
      const start = zonedToInstant(local, timezone);
      const end = new Date(start.getTime() + duration * 60_000);
      if (start.getTime() < now.getTime() + leadMinutes * 60_000) continue;
      if (busy.some((interval) => interval.start < end && interval.end > start)) continue;
      found.push(local);
    }
  }
  return found;
}
