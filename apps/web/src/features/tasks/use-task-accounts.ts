import { endpoints } from '@switchboard/contract';
import { useAccount } from '../../app/shell/use-current-account';
import { useApiQuery } from '../../lib/use-api';

/**
 * The account the tasks overlays act for (the screen's account) and the agent accounts a task can be given to:
 * itself when it is an agent account, else the agent accounts of the organization.
 */
export function useTaskAccounts(accountId: number | null) {
  const account = useAccount(accountId);
  const view = account.data?.account;
  const isOrganization = view?.accountType === 'organization';
  const agents = useApiQuery(
    endpoints.listAccounts,
    { targetAccountId: accountId ?? 0, query: { pageSize: 100 } },
    { enabled: isOrganization },
  );
  const choices =
    view?.accountType === 'agent'
      ? [{ value: String(view.id), label: view.displayName }]
      : (agents.data?.accounts ?? []).map((agent) => ({ value: String(agent.id), label: agent.displayName }));
  return {
    account: view ?? null,
    choices,
    loading: account.isPending || (isOrganization && agents.isPending),
  };
}
