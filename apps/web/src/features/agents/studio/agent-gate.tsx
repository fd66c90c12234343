import { Alert, Center, Loader, Text } from '@mantine/core';
import { endpoints, type AccountView } from '@switchboard/contract';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../../lib/use-api';
import { useAgentAccountId } from './use-agent-account-id';

/**
 * Resolves the agent account an overlay is about (its flag value, else the path) and renders `children` only for
 * an agent account the caller may open; otherwise says plainly why there is nothing to show.
 */
export function AgentGate({
  value,
  children,
}: {
  value: string | null;
  children: (agentAccountId: number, account: AccountView) => ReactNode;
}) {
  const agentAccountId = useAgentAccountId(value);
  const account = useApiQuery(
    endpoints.getAccount,
    agentAccountId === null ? {} : { targetAccountId: agentAccountId },
    { enabled: agentAccountId !== null, staleTime: 60_000, retry: false },
  );
  if (agentAccountId === null) return <Text size="sm">Open an agent first.</Text>;
  if (account.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (account.isError) {
    return (
      <Alert color="red" title="This agent cannot be opened">
        {account.error.message}
      </Alert>
    );
  }
  if (account.data.account.accountType !== 'agent') {
    return (
      <Text size="sm" c="dimmed">
        This is about one agent: open one of this organization’s agent accounts first.
      </Text>
    );
  }
  return children(agentAccountId, account.data.account);
}

/** What a draft-backed screen shows before the draft is there: a loader, or the reason it could not load. */
export function DraftPending({ error }: { error: string | undefined }) {
  return error ? (
    <Alert color="red" title="Could not load the agent">
      {error}
    </Alert>
  ) : (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
