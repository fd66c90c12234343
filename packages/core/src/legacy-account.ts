/** Accounts created before this instant (epoch ms, 2023-08-15 UTC) are legacy accounts. */
export const legacyAccountCutoff = 1_692_075_600_000;

export function isLegacyAccount(timestampMs: number | null | undefined): boolean {
  return typeof timestampMs === 'number' && Number.isFinite(timestampMs) && timestampMs < legacyAccountCutoff;
}
