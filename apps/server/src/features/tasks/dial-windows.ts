import type { TaskLimitsView } from '@switchboard/contract';
import { zonedParts, zonedToInstant } from '@switchboard/core';
import { describeBusinessHours, isWithinBusinessHours } from './task-limits.service';

type BusinessHours = NonNullable<TaskLimitsView['businessHours']>;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The business hours a task is placed in: every window in force, read in the contact's own zone when it is known
 * (9 to 5 means 9 to 5 where the phone rings); a window keeps its own zone when the contact's is not.
 */
export function windowsForContact(
  windows: readonly BusinessHours[],
  contactZone: string | null,
): BusinessHours[] {
  return windows.map((hours) => (contactZone ? { ...hours, timezone: contactZone } : hours));
}

const inside = (windows: readonly BusinessHours[], instant: Date) =>
  windows.every((hours) => isWithinBusinessHours(hours, instant));

/**
 * The first instant at or after `now` inside every window, within the next eight days; null when the windows
 * never meet. Their intersection opens either now or when one of them opens, so those instants are the candidates.
 */
export function nextTimeInside(windows: readonly BusinessHours[], now: Date): Date | null {
  if (inside(windows, now)) return now;
  const candidates: number[] = [];
  for (const hours of windows) {
    const [hour, minute] = hours.start.split(':').map(Number) as [number, number];
    for (let offset = 0; offset <= 8; offset += 1) {
      const day = zonedParts(new Date(now.getTime() + offset * dayMs), hours.timezone);
      const opens = zonedToInstant(
        { year: day.year, month: day.month, day: day.day, hour, minute },
        hours.timezone,
      );
      if (opens.getTime() > now.getTime()) candidates.push(opens.getTime());
    }
  }
  candidates.sort((a, b) => a - b);
  const found = candidates.find((candidate) => inside(windows, new Date(candidate)));
  return found === undefined ? null : new Date(found);
}

/** Business hours in words, for the reason a task waits. */
export const describeWindows = (windows: readonly BusinessHours[]) =>
  windows.map(describeBusinessHours).join(' and ');

/** Midnight at the start of `now`'s day and of the next one, in a zone (daily caps reset at local midnight). */
export function dayBounds(now: Date, timeZone: string): { start: Date; next: Date } {
  const today = zonedParts(now, timeZone);
  const start = zonedToInstant(
    { year: today.year, month: today.month, day: today.day, hour: 0, minute: 0 },
    timeZone,
  );
  const later = zonedParts(new Date(start.getTime() + dayMs + 2 * 60 * 60 * 1000), timeZone);
  const next = zonedToInstant(
    { year: later.year, month: later.month, day: later.day, hour: 0, minute: 0 },
    timeZone,
  );
  return { start, next };
}
