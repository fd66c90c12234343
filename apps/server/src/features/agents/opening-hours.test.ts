import { describe, expect, it } from 'vitest';
import { readOpeningHours } from './opening-hours';

describe('opening hours as people write them', () => {
  it.each([
    ['Monday to Friday from 8 am to 5 pm', [1, 2, 3, 4, 5], '08:00', '17:00'],
    ['Tuesday to Saturday from 10 am to 7 pm', [2, 3, 4, 5, 6], '10:00', '19:00'],
    ['Mon-Fri 9-5', [1, 2, 3, 4, 5], '09:00', '17:00'],
    ['weekdays 8:30am–6pm', [1, 2, 3, 4, 5], '08:30', '18:00'],
    ['every day from 11 to 10 pm', [1, 2, 3, 4, 5, 6, 7], '11:00', '22:00'],
    ['Monday, Wednesday and Friday, 9 a.m. until noon', [1, 3, 5], '09:00', '12:00'],
    ['Thursday through Monday 12-8', [1, 4, 5, 6, 7], '12:00', '20:00'],
    ['Saturdays 7am - 1pm', [6], '07:00', '13:00'],
  ])('%s', (text, days, startTime, endTime) => {
    expect(readOpeningHours(text)).toEqual({ days, startTime, endTime });
  });

  it('keeps what the text does not say as unknown', () => {
    expect(readOpeningHours('Open weekends')).toEqual({ days: [6, 7], startTime: null, endTime: null });
    expect(readOpeningHours('from 9 to 5')).toEqual({ days: null, startTime: '09:00', endTime: '17:00' });
    expect(readOpeningHours('by appointment')).toEqual({ days: null, startTime: null, endTime: null });
  });
});
