/**
 * Wall-clock time in an IANA time zone, without a date library: the parts of an instant in a zone, the instant
 * of a local date and time (DST-safe), day arithmetic on local dates, and spoken formats.
 */

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface LocalDateTime extends LocalDate {
  hour: number;
  minute: number;
}

export interface ZonedParts extends LocalDateTime {
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const weekdayIndex: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The local date, time and weekday of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: weekdayIndex[parts.weekday ?? ''] ?? 1,
  };
}

/**
 * The instant when a zone's clocks show this local time. In a spring-forward gap the time is read with the
 * offset before the change (02:30 becomes 03:30); in a fall-back overlap the first occurrence is used.
 */
export function zonedToInstant(local: LocalDateTime, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const offsetAt = (instant: number): number => {
    const p = zonedParts(new Date(instant), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(instant / 60_000) * 60_000;
  };
  const firstGuess = asUtc - offsetAt(asUtc);
  const secondGuess = asUtc - offsetAt(firstGuess);
  // Prefer the earlier occurrence when both guesses show the wanted wall time (fall-back overlap).
  const candidates = [Math.min(firstGuess, secondGuess), Math.max(firstGuess, secondGuess)];
  for (const candidate of candidates) {
    const p = zonedParts(new Date(candidate), timeZone);
    if (p.hour === local.hour && p.minute === local.minute && p.day === local.day) return new Date(candidate);
  }
  // A spring-forward gap: the later guess is the time read with the offset before the change.
  return new Date(Math.max(firstGuess, secondGuess));
}

/** A local date moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** ISO weekday (1 = Monday) of a local date. */
export function weekdayOf(date: LocalDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function isValidLocalDate(date: LocalDate): boolean {
  const probe = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return (
    probe.getUTCFullYear() === date.year &&
    probe.getUTCMonth() === date.month - 1 &&
    probe.getUTCDate() === date.day
  );
}

export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

const two = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD */
export function formatIsoDate(date: LocalDate): string {
  return `${date.year}-${two(date.month)}-${two(date.day)}`;
}

/** HH:MM (24-hour) */
export function formatIsoTime(time: { hour: number; minute: number }): string {
  return `${two(time.hour)}:${two(time.minute)}`;
}

export function parseIsoDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidLocalDate(date) ? date : null;
}

export function parseIsoTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const time = { hour: Number(match[1]), minute: Number(match[2]) };
  return time.hour < 24 && time.minute < 60 ? time : null;
}

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function weekdayName(isoWeekday: number): string {
  return weekdayNames[(isoWeekday - 1 + 7) % 7] ?? '';
}

export function monthName(month: number): string {
  return monthNames[month - 1] ?? '';
}

/** "Tuesday, March 3" */
export function speakDate(date: LocalDate): string {
  return `${weekdayName(weekdayOf(date))}, ${monthName(date.month)} ${date.day}`;
}

/** "3:00 PM", "noon" stays "12:00 PM" so it is unambiguous. */
export function speakTime(time: { hour: number; minute: number }): string {
  const suffix = time.hour < 12 ? 'AM' : 'PM';
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${hour12}:${two(time.minute)} ${suffix}`;
}
