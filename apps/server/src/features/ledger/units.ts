import { AppError } from '../../platform/app-error';

/** One ledger unit is a nano-dollar (1e-9 USD); amounts are JS bigint, Postgres bigint. */
export const UNITS_PER_USD = 1_000_000_000n;

const usdPattern = /^(\d{1,12})(?:\.(\d{1,9}))?$/;

/** '12.34' -> 12_340_000_000n. Rejects more than 9 decimals, signs, exponents, NaN and empty strings. */
export function usdToUnits(usd: string): bigint {
  const match = usdPattern.exec(usd.trim());
  if (!match) {
    throw new AppError(
      'VALIDATION_FAILED',
      `"${usd}" is not a USD amount: use a non-negative decimal with at most 9 decimals, like 12.34`,
    );
  }
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(9, '0'));
  return whole * UNITS_PER_USD + fraction;
}

/** The exact decimal string of an amount of units, at least two decimals and no trailing zeros beyond them. */
export function unitsToUsd(units: bigint): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = magnitude / UNITS_PER_USD;
  let fraction = (magnitude % UNITS_PER_USD).toString().padStart(9, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}
