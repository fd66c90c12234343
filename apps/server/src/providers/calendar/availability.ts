import {
  addDays,
  compareLocalDates,
  formatIsoDate,
  weekdayOf,
  zonedParts,
  zonedToInstant,
  type LocalDate,
  type LocalDateTime,
} from '@switchboard/core';
import type { BookingSchedule, ScheduleInterval } from './types';

/**
 * Availability under a schedule: a day's opening windows as instants (breaks cut out, blocked dates closed,
 * daylight-saving changes taken from the zone's rules), whether a slot may be booked, and the free slots.
 */

export const weekdayNames = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export interface Interval {
  start: Date;
  end: Date;
}

export type SlotRefusal = 'past' | 'notice' | 'horizon' | 'blocked' | 'closed' | 'busy';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The instant a zone's clocks show `minutes` past midnight of a local day (24:00 is the next midnight). */
export function instantAt(day: LocalDate, minutes: number, timezone: string): Date {
  const date = addDays(day, Math.floor(minutes / 1440));
  const rest = minutes % 1440;
  return zonedToInstant({ ...date, hour: Math.floor(rest / 60), minute: rest % 60 }, timezone);
}

function weekdayNameOf(day: LocalDate): string {
  return weekdayNames[weekdayOf(day) - 1] ?? 'monday';
}

/** Minute ranges of a day's hours with the breaks that apply that day cut out. */
function openMinutes(schedule: BookingSchedule, day: LocalDate): [number, number][] {
  const name = weekdayNameOf(day);
  if (schedule.blockedDates.includes(formatIsoDate(day))) return [];
  let ranges: [number, number][] = (schedule.weeklyHours[name] ?? []).map((interval: ScheduleInterval) => [
    minutesOf(interval.start),
    minutesOf(interval.end),
  ]);
  for (const pause of schedule.breaks) {
    if (pause.days.length > 0 && !pause.days.includes(name)) continue;
    const [from, to] = [minutesOf(pause.start), minutesOf(pause.end)];
    ranges = ranges.flatMap(([start, end]): [number, number][] => {
      if (to <= start || from >= end) return [[start, end]];
      const kept: [number, number][] = [];
      if (from > start) kept.push([start, from]);
      if (to < end) kept.push([to, end]);
      return kept;
    });
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** A local day's opening windows as instants. */
export function dayWindows(schedule: BookingSchedule, day: LocalDate): Interval[] {
  return openMinutes(schedule, day).map(([start, end]) => ({
    start: instantAt(day, start, schedule.timezone),
    end: instantAt(day, end, schedule.timezone),
  }));
}

export function overlapsBusy(
  schedule: Pick<BookingSchedule, 'bufferMinutes'>,
  slot: Interval,
  busy: readonly Interval[],
): boolean {
  const pad = schedule.bufferMinutes * 60_000;
  return busy.some(
    (interval) =>
      interval.start.getTime() < slot.end.getTime() + pad &&
      interval.end.getTime() > slot.start.getTime() - pad,
  );
}

/** Why a slot cannot be booked under the schedule (busy times aside), or null when it can. */
export function refuseSlot(
  schedule: BookingSchedule,
  now: Date,
  local: LocalDateTime,
  durationMinutes: number,
): SlotRefusal | null {
  const start = zonedToInstant(local, schedule.timezone);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  if (start.getTime() <= now.getTime()) return 'past';
  if (start.getTime() < now.getTime() + schedule.minimumNoticeMinutes * 60_000) return 'notice';
  const today = zonedParts(now, schedule.timezone);
  if (compareLocalDates(local, addDays(today, schedule.horizonDays)) > 0) return 'horizon';
  if (schedule.blockedDates.includes(formatIsoDate(local))) return 'blocked';
  // The wall time must exist that day (a time inside a spring-forward gap does not).
  const shown = zonedParts(start, schedule.timezone);
  if (shown.hour !== local.hour || shown.minute !== local.minute) return 'closed';
  const inside = dayWindows(schedule, local).some(
    (window) => window.start.getTime() <= start.getTime() && end.getTime() <= window.end.getTime(),
  );
  return inside ? null : 'closed';
}

/** Slots start on this grid within each window (the appointment length when shorter). */
export function slotStepMinutes(schedule: BookingSchedule): number {
  return Math.min(30, schedule.appointmentMinutes);
}

/** The free slots of one local day of the schedule (its notice and horizon kept), earliest first. */
export function daySlots(
  schedule: BookingSchedule,
  now: Date,
  day: LocalDate,
  busy: readonly Interval[],
  durationMinutes = schedule.appointmentMinutes,
  count = Number.POSITIVE_INFINITY,
): LocalDateTime[] {
  const earliest = now.getTime() + Math.max(schedule.minimumNoticeMinutes, 1) * 60_000;
  const step = slotStepMinutes(schedule);
  const found: LocalDateTime[] = [];
  for (const [open, close] of openMinutes(schedule, day)) {
    for (let minute = open; minute + durationMinutes <= close && found.length < count; minute += step) {
      const local = { ...day, hour: Math.floor(minute / 60), minute: minute % 60 };
      const start = instantAt(day, minute, schedule.timezone);
      const slot = { start, end: new Date(start.getTime() + durationMinutes * 60_000) };
      if (start.getTime() < earliest) continue;
      if (refuseSlot(schedule, now, local, durationMinutes) !== null) continue;
      if (overlapsBusy(schedule, slot, busy)) continue;
      found.push(local);
    }
  }
  return found;
}

/**
 * The first free slots on or after a day, within the schedule, its notice and its horizon. `busyOf` is asked
 * once per day that has opening hours.
 */
export async function findFreeSlots(
  schedule: BookingSchedule,
  now: Date,
  fromDay: LocalDate,
  count: number,
  busyOf: (from: Date, to: Date) => Promise<readonly Interval[]>,
  durationMinutes = schedule.appointmentMinutes,
): Promise<LocalDateTime[]> {
  const today = zonedParts(now, schedule.timezone);
  const first = compareLocalDates(fromDay, today) < 0 ? today : fromDay;
  const last = addDays(today, schedule.horizonDays);
  const found: LocalDateTime[] = [];
  for (let day = first; compareLocalDates(day, last) <= 0 && found.length < count; day = addDays(day, 1)) {
    if (openMinutes(schedule, day).length === 0) continue;
    const busy = await busyOf(instantAt(day, 0, schedule.timezone), instantAt(day, 1440, schedule.timezone));
    found.push(...daySlots(schedule, now, day, busy, durationMinutes, count - found.length));
  }
  return found;
}
