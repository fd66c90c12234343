import { usePathTiers } from '../../../lib/path-tiers';

/** The agent account an agent overlay edits: its value (`editAgent=42`) when numeric, else the path's account. */
export function useAgentAccountId(value: string | null): number | null {
  const tiers = usePathTiers();
  if (value !== null && /^\d+$/.test(value)) return Number(value);
  return tiers.at(-1)?.id ?? null;
}
