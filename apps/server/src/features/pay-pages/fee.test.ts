import { describe, expect, it } from 'vitest';
import { hundredthsOfPercent, splitPayment } from './fee';

describe('payment fee', () => {
  it('reads percentages exactly', () => {
    expect(hundredthsOfPercent('15')).toBe(1500n);
    expect(hundredthsOfPercent('2.5')).toBe(250n);
    expect(hundredthsOfPercent('0')).toBe(0n);
    expect(() => hundredthsOfPercent('101')).toThrow(/above 100/);
    expect(() => hundredthsOfPercent('-1')).toThrow(/Not a percentage/);
  });

  it('splits an amount so the parts add up, the fee rounded down to the unit', () => {
    expect(splitPayment(10_000_000_000n, '15')).toEqual({ net: 8_500_000_000n, fee: 1_500_000_000n });
    expect(splitPayment(7n, '15')).toEqual({ net: 6n, fee: 1n });
    expect(splitPayment(3n, '15')).toEqual({ net: 3n, fee: 0n });
    expect(splitPayment(500n, '0')).toEqual({ net: 500n, fee: 0n });
  });
});
