import { describe, expect, it } from 'vitest';
import { isLegacyAccount, legacyAccountCutoff, pageCount } from './index';

describe('isLegacyAccount', () => {
  it('is true only strictly before the cutoff', () => {
    expect(isLegacyAccount(legacyAccountCutoff - 1)).toBe(true);
    expect(isLegacyAccount(legacyAccountCutoff)).toBe(false);
    expect(isLegacyAccount(null)).toBe(false);
    expect(isLegacyAccount(Number.NaN)).toBe(false);
  });
});

describe('pageCount', () => {
  it('rounds the room count over the page size up', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(-3)).toBe(0);
  });
});
