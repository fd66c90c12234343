export interface DateRange {
  /** Seconds since the epoch. */
  start: number;
  end: number;
}

const phrase = /^\s*last\s+(\d+)\s+(day|week|month|year)s?\s*$/i;

/**
 * Reads 'last N day/week/month/year' (plural or not, any case) into a range ending at `now`; months and years are
 * calendar steps in UTC. Null when the text is not such a phrase or N is 0.
 */
export function parseDatePhrase(text: string, now: Date = new Date()): DateRange | null {
  const match = phrase.exec(text);
  if (!match) return null;
  const count = Number(match[1]);
  if (!Number.isSafeInteger(count) || count <= 0) return null;
  const unit = (match[2] ?? '').toLowerCase();
  const start = new Date(now.getTime());
  if (unit === 'day') start.setUTCDate(start.getUTCDate() - count);
  else if (unit === 'week') start.setUTCDate(start.getUTCDate() - 7 * count);
  else if (unit === 'month') start.setUTCMonth(start.getUTCMonth() - count);
  else start.setUTCFullYear(start.getUTCFullYear() - count);
  return { start: Math.floor(start.getTime() / 1000), end: Math.floor(now.getTime() / 1000) };
}
