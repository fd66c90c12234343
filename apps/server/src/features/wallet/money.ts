import { usdToUnits } from '../ledger';

/** Whole cents of a USD amount the contract already checked. */
export const centsOf = (usd: number): number => Math.round(usd * 100);

export const unitsOfCents = (cents: number): bigint => usdToUnits((cents / 100).toFixed(2));

/** Ledger units of a number of sats at a rate (USD per sat), to the nano-dollar. */
export const unitsOfSats = (sats: number, satToUsd: number): bigint =>
  BigInt(sats) * usdToUnits(satToUsd.toFixed(9));
