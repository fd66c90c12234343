import { describe, expect, it } from 'vitest';
import { formatMetric, nameFromTitle, wordAt } from './metric-format';

describe('metric formatting', () => {
  it('shows each format with its precision', () => {
    expect(formatMetric(12.345, 'percentage', 1)).toBe('12.3%');
    expect(formatMetric(160, 'duration', 0)).toBe('2m 40s');
    expect(formatMetric(42, 'duration', 0)).toBe('42s');
    expect(formatMetric(1234.5, 'currency', 0)).toBe('$1,234.50');
    expect(formatMetric(8.04, 'number', 0)).toBe('8');
    expect(formatMetric(1234, 'number', 1)).toBe('1,234.0');
    expect(formatMetric(25_300, 'number', 0)).toBe('25.3k');
    expect(formatMetric(2_000_000, 'number', 0)).toBe('2M');
    expect(formatMetric(null, 'number', 0)).toBe('—');
  });

  it('names a metric after its title and finds the word at the cursor', () => {
    expect(nameFromTitle('Long inbound calls!')).toBe('longInboundCalls');
    expect(nameFromTitle('90th percentile')).toBe('metric90thPercentile');
    expect(wordAt('sum(dura', 8)).toEqual({ word: 'dura', start: 4 });
    expect(wordAt('avg(x) + ', 9)).toEqual({ word: '', start: 9 });
  });
});
