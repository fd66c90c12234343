import { useAccount } from '../../app/shell/use-current-account';
import { usePathTiers } from '../../lib/path-tiers';

export type AgentTarget =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'not-agent'; name: string | null }
  | { status: 'agent'; id: number; name: string; username: string };

/**
 * The agent account a conversation overlay talks to: the one the flag names (`testAgent=42`), else the
 * workspace account on screen when it is an agent account.
 */
export function useAgentTarget(value: string | null): AgentTarget {
  const tiers = usePathTiers();
  const named = value !== null && /^\d+$/.test(value) ? Number(value) : null;
  const id = named ?? tiers.at(-1)?.id ?? null;
  const account = useAccount(id);
  if (account.isPending) return { status: 'loading' };
  if (account.isError) return { status: 'error', message: account.error.message };
  const { account: found } = account.data;
  if (found.accountType !== 'agent') return { status: 'not-agent', name: found.displayName };
  return { status: 'agent', id: found.id, name: found.displayName, username: found.username };
}
