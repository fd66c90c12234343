import { describe, expect, it } from 'vitest';
import {
  dateLabel,
  datePresets,
  filtersToQuery,
  filtersToRows,
  parseFieldsParam,
  parseFiltersParam,
  rowsToFilters,
  windowOf,
} from './log-url-state';

describe('log URL state', () => {
  it('reads filters as JSON, URL-encoded or not, and ignores garbage', () => {
    expect(parseFiltersParam('{"direction":"inbound"}')).toEqual({ direction: 'inbound' });
    expect(parseFiltersParam(encodeURIComponent('{"duration[gt]":"60"}'))).toEqual({ 'duration[gt]': '60' });
    expect(parseFiltersParam('not json')).toEqual({});
    expect(parseFiltersParam('[1]')).toEqual({});
    expect(parseFiltersParam(null)).toEqual({});
  });

  it("sends only the part before the bar, an object's value, and skips empty values", () => {
    expect(
      filtersToQuery({
        direction: 'inbound|eq',
        duration: { value: 60, operator: 'gt' },
        cnam: '',
        transfer: { value: '' },
        appointmentBooked: true,
      }),
    ).toEqual({ direction: 'inbound', duration: '60', appointmentBooked: 'true' });
  });

  it('round-trips builder rows, keeping operators in the key', () => {
    const rows = [
      { field: 'duration', operator: 'gt', value: '60' },
      { field: 'direction', operator: 'eq', value: 'inbound' },
      { field: 'cnam', operator: 'contains', value: '' },
    ];
    const filters = rowsToFilters(rows);
    expect(filters).toEqual({ 'duration[gt]': '60', direction: 'inbound' });
    expect(filtersToRows(filters)).toEqual(rows.slice(0, 2));
    expect(filtersToRows({ duration: '30|lte' })).toEqual([
      { field: 'duration', operator: 'lte', value: '30' },
    ]);
  });

  it('reads fields and date phrases, defaulting to the last 30 days', () => {
    expect(parseFieldsParam('duration, cnam,,uuid')).toEqual(['duration', 'cnam', 'uuid']);
    const now = new Date('2026-03-31T00:00:00Z');
    expect(windowOf('last 7 days', now)).toEqual({
      start: Date.parse('2026-03-24T00:00:00Z') / 1000,
      end: now.getTime() / 1000,
    });
    expect(windowOf(null, now).end - windowOf(null, now).start).toBe(2_592_000);
    expect(windowOf('whenever', now).end - windowOf('whenever', now).start).toBe(2_592_000);
  });

  it('labels the date presets for menus', () => {
    expect(datePresets.map(dateLabel)).toEqual([
      'Last day',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last year',
    ]);
  });
});
