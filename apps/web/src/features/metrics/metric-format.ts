import type { MetricValue } from '@switchboard/contract';

/** A metric value as the dashboard shows it: its format and precision, large numbers compacted with k or M. */
export function formatMetric(value: number | null, format: MetricValue['format'], precision: number): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (format === 'percentage') return `${value.toFixed(precision)}%`;
  if (format === 'currency')
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (format === 'duration') {
    const seconds = Math.round(value);
    const minutes = Math.floor(Math.abs(seconds) / 60);
    return minutes === 0 ? `${seconds}s` : `${seconds < 0 ? '-' : ''}${minutes}m ${Math.abs(seconds) % 60}s`;
  }
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (size >= 10_000) return `${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  });
}

/** A metric name from its title: camelCase letters and digits, starting with a letter. */
export function nameFromTitle(title: string): string {
  const words = title.match(/[A-Za-z0-9]+/g) ?? [];
  const name = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return /^[A-Za-z]/.test(name) ? name.slice(0, 64) : `metric${name}`.slice(0, 64);
}

/** The word being typed at the cursor, and where it starts. */
export function wordAt(text: string, cursor: number): { word: string; start: number } {
  let start = cursor;
  while (start > 0 && /[A-Za-z0-9_]/.test(text.charAt(start - 1))) start--;
  return { word: text.slice(start, cursor), start };
}
