/** A percentage as configured ("15", "2.5") in hundredths of a percent, without floats. */
export function hundredthsOfPercent(percent: string): bigint {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) throw new Error(`Not a percentage: "${percent}"`);
  const hundredths = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (hundredths > 10_000n) throw new Error(`A percentage above 100: "${percent}"`);
  return hundredths;
}

/**
 * How a payment of `amount` units splits between the account paid and the platform: the fee is the percentage of
 * the amount rounded down to the unit (a nano-dollar), and the account gets the rest, so the two always add up.
 */
export function splitPayment(amount: bigint, feePercent: string): { net: bigint; fee: bigint } {
  const fee = (amount * hundredthsOfPercent(feePercent)) / 10_000n;
  return { net: amount - fee, fee };
}
