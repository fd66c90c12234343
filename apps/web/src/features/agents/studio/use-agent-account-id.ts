import { useParams } from 'react-router';
import { parseAppPath } from '../../../lib/parse-app-path';

/** The agent account an agent overlay edits: its value (`editAgent=42`) when numeric, else the path's account. */
export function useAgentAccountId(value: string | null): number | null {
  const tokens = parseAppPath(useParams()['*'] ?? '');
  const tiers = tokens.flatMap((token) => (token.kind === 'tier' ? [token] : []));
  if (value !== null && /^\d+$/.test(value)) return Number(value);
  return tiers.at(-1)?.id ?? null;
}
