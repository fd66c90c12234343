import { describe, expect, it } from 'vitest';
import {
  addDays,
  parseIsoDate,
  speakDate,
  speakTime,
  weekdayOf,
  zonedParts,
  zonedToInstant,
} from './zoned-time';

describe('zoned time', () => {
  it('reads the local parts of an instant', () => {
    const instant = new Date('2026-03-03T20:30:00Z');
    expect(zonedParts(instant, 'America/New_York')).toEqual({
      year: 2026,
      month: 3,
      day: 3,
      hour: 15,
      minute: 30,
      weekday: 2,
    });
    expect(zonedParts(instant, 'Asia/Tokyo')).toMatchObject({ day: 4, hour: 5, weekday: 3 });
  });

  it('finds the instant of a local time on either side of a DST change', () => {
    // New York: EST (-5) before 8 March 2026, EDT (-4) after.
    expect(
      zonedToInstant({ year: 2026, month: 3, day: 6, hour: 15, minute: 0 }, 'America/New_York').toISOString(),
    ).toBe('2026-03-06T20:00:00.000Z');
    expect(
      zonedToInstant({ year: 2026, month: 3, day: 9, hour: 15, minute: 0 }, 'America/New_York').toISOString(),
    ).toBe('2026-03-09T19:00:00.000Z');
    // 02:30 does not exist on 8 March: read with the offset before the change.
    expect(
      zonedToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York').toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November: the first one.
    expect(
      zonedToInstant(
        { year: 2026, month: 11, day: 1, hour: 1, minute: 30 },
        'America/New_York',
      ).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
  });

  it('does calendar arithmetic and speaks dates and times', () => {
    expect(addDays({ year: 2026, month: 2, day: 27 }, 2)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(weekdayOf({ year: 2026, month: 11, day: 22 })).toBe(7);
    expect(speakDate({ year: 2026, month: 3, day: 3 })).toBe('Tuesday, March 3');
    expect(speakTime({ hour: 15, minute: 0 })).toBe('3:00 PM');
    expect(speakTime({ hour: 0, minute: 5 })).toBe('12:05 AM');
    expect(parseIsoDate('2026-02-30')).toBeNull();
  });
});
