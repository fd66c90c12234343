import { describe, expect, it } from 'vitest';
import { dayWindows, findFreeSlots, refuseSlot } from './availability';
import type { BookingSchedule } from './types';

const nine = [{ start: '09:00', end: '17:00' }];

const schedule = (changes: Partial<BookingSchedule> = {}): BookingSchedule => ({
  timezone: 'America/New_York',
  weeklyHours: { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine, sunday: nine },
  breaks: [{ start: '12:00', end: '13:00', days: [] }],
  blockedDates: ['2026-12-25'],
  appointmentMinutes: 30,
  bufferMinutes: 0,
  minimumNoticeMinutes: 60,
  horizonDays: 60,
  ...changes,
});

const noBusy = () => Promise.resolve([]);

describe('availability across a daylight-saving change (New York, spring forward on Sunday 2027-03-14)', () => {
  const now = new Date('2027-03-12T14:00:00Z'); // Friday 09:00 EST

  it('opens 09:00 local on both sides of the change: 14:00 UTC before it, 13:00 UTC after', () => {
    const friday = dayWindows(schedule(), { year: 2027, month: 3, day: 12 });
    const sunday = dayWindows(schedule(), { year: 2027, month: 3, day: 14 });
    const monday = dayWindows(schedule(), { year: 2027, month: 3, day: 15 });
    expect(friday.map((w) => w.start.toISOString())).toEqual([
      '2027-03-12T14:00:00.000Z',
      '2027-03-12T18:00:00.000Z',
    ]);
    expect(sunday[0]?.start.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    expect(monday.map((w) => [w.start.toISOString(), w.end.toISOString()])).toEqual([
      ['2027-03-15T13:00:00.000Z', '2027-03-15T16:00:00.000Z'],
      ['2027-03-15T17:00:00.000Z', '2027-03-15T21:00:00.000Z'],
    ]);
  });

  it('offers the same wall times every day of the week, the break cut out', async () => {
    const slots = await findFreeSlots(schedule(), now, { year: 2027, month: 3, day: 13 }, 20, noBusy);
    const sunday = slots.filter((slot) => slot.day === 14).map((slot) => `${slot.hour}:${slot.minute}`);
    expect(sunday.slice(0, 6)).toEqual(['9:0', '9:30', '10:0', '10:30', '11:0', '11:30']);
    expect(sunday[6]).toBe('13:0');
    expect(slots.some((slot) => slot.day === 13)).toBe(false); // Saturday has no hours
  });

  it('refuses a wall time the change skips, and the past, the notice, a blocked date and the horizon', () => {
    const open = schedule({ weeklyHours: { sunday: [{ start: '00:00', end: '24:00' }] }, breaks: [] });
    expect(refuseSlot(open, now, { year: 2027, month: 3, day: 14, hour: 2, minute: 30 }, 30)).toBe('closed');
    expect(refuseSlot(open, now, { year: 2027, month: 3, day: 14, hour: 3, minute: 30 }, 30)).toBeNull();
    expect(refuseSlot(schedule(), now, { year: 2027, month: 3, day: 11, hour: 10, minute: 0 }, 30)).toBe(
      'past',
    );
    expect(refuseSlot(schedule(), now, { year: 2027, month: 3, day: 12, hour: 9, minute: 30 }, 30)).toBe(
      'notice',
    );
    expect(refuseSlot(schedule(), now, { year: 2027, month: 3, day: 12, hour: 12, minute: 30 }, 30)).toBe(
      'closed',
    );
    expect(refuseSlot(schedule(), now, { year: 2027, month: 3, day: 12, hour: 16, minute: 45 }, 30)).toBe(
      'closed',
    );
    expect(refuseSlot(schedule(), now, { year: 2027, month: 5, day: 17, hour: 10, minute: 0 }, 30)).toBe(
      'horizon',
    );
    const christmas = new Date('2026-12-20T12:00:00Z');
    expect(
      refuseSlot(schedule(), christmas, { year: 2026, month: 12, day: 25, hour: 10, minute: 0 }, 30),
    ).toBe('blocked');
  });

  it('keeps the buffer free around busy times', async () => {
    const busy = [{ start: new Date('2027-03-15T14:00:00Z'), end: new Date('2027-03-15T14:30:00Z') }]; // 10:00 EDT
    const slots = await findFreeSlots(
      schedule({ bufferMinutes: 15 }),
      now,
      { year: 2027, month: 3, day: 15 },
      4,
      () => Promise.resolve(busy),
    );
    expect(slots.map((slot) => `${slot.hour}:${slot.minute}`)).toEqual(['9:0', '11:0', '11:30', '13:0']);
  });
});
