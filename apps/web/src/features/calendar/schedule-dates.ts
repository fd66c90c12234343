/** Dates and times of the booking page, in the viewer's zone or on the calendar. */

export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** YYYY-MM-DD of an instant in a zone. */
export function isoDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Days counted on the calendar (no zone: YYYY-MM-DD at noon UTC never crosses a day). */
export const dayDate = (date: string) => new Date(`${date}T12:00:00Z`);
export const shiftDay = (date: string, days: number) =>
  new Date(dayDate(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);

export const dayLabel = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(dayDate(date));

export const timeLabel = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );

export function zoneOffset(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(
    new Date(),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}
