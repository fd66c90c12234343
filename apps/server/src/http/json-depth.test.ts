import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, maxJsonDepth } from './json-depth';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON depth', () => {
  it('allows the limit and refuses one level more, objects and arrays alike', () => {
    expect(exceedsJsonDepth(nested(maxJsonDepth))).toBe(false);
    expect(exceedsJsonDepth(nested(maxJsonDepth + 1))).toBe(true);
    expect(exceedsJsonDepth(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: '['.repeat(500) }))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: `\\"${'{'.repeat(500)}` }))).toBe(false);
  });

  it('scans 50,000 levels without a stack', () => {
    expect(exceedsJsonDepth(nested(50_000))).toBe(true);
  });
});
