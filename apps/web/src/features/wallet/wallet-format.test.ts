import { describe, expect, it } from 'vitest';
import { checkAmount, formatUsd } from './wallet-format';

describe('wallet amounts', () => {
  it('formats exact decimals as dollars', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('-0.000123')).toBe('−$0.000123');
    expect(formatUsd('25.00')).toBe('$25.00');
  });

  it('checks an amount as the server does', () => {
    expect(checkAmount('', 'usd')).toBe('Enter an amount');
    expect(checkAmount('0', 'usd')).toMatch(/more than zero/);
    expect(checkAmount('10.001', 'usd')).toMatch(/whole cents/);
    expect(checkAmount('0.3', 'usd', 0.5)).toBe('At least $0.50');
    expect(checkAmount('20000', 'usd')).toMatch(/At most/);
    expect(checkAmount('1.5', 'sats')).toMatch(/whole numbers/);
    expect(checkAmount('25', 'usd')).toBeNull();
    expect(checkAmount('2100', 'sats')).toBeNull();
  });
});
